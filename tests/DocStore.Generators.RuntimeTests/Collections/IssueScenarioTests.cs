using DocStore.Generators.RuntimeTests.Models;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>The user's side of issue 4, as written there.</summary>
public class IssueScenarioTests
{
    [Fact]
    public void The_issue_example_compiles_and_works()
    {
        using var db = AppDb.OpenInMemory();
        db.People.Insert(new Person { Email = "ada@example.org", Age = 36, Address = new() { City = "London" }, Tags = { "math" } });
        db.People.Insert(new Person { Email = "alan@example.org", Age = 41, Address = new() { City = "Wilmslow" }, Tags = { "math", "logic" } });
        db.People.Insert(new Person { Email = "grace@example.org", Age = 30, Address = new() { City = "London" }, Tags = { "navy" } });

        Person? ada = db.People.FindByEmail("ada@example.org");
        Assert.NotNull(ada);
        Assert.Equal(36, ada.Age);
        Assert.NotEqual(default, ada.Id);

        Assert.Equal(["grace@example.org", "ada@example.org"], db.People.FindByAgeRange(30, 40).Select(p => p.Email));
        Assert.Equal(["ada@example.org", "grace@example.org"], db.People.FindByAddressCity("London").Select(p => p.Email).Order());
        Assert.Equal(["ada@example.org", "alan@example.org"], db.People.FindByTags("math").Select(p => p.Email).Order());

        Person? same = db.People.Get(ada.Id);
        Assert.NotNull(same);
        Assert.Equal("ada@example.org", same.Email);
        Assert.Null(db.People.FindByEmail("nobody@example.org"));
    }
}
