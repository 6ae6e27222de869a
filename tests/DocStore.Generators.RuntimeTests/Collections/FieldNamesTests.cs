using DocStore.Generators.RuntimeTests.Models;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>A collection's field names are readable by users, but ids are assigned only by writes inside their transaction.</summary>
public class FieldNamesTests
{
    [Fact]
    public void The_public_field_names_read_the_stored_names_and_cannot_assign_an_id()
    {
        using var db = AppDb.OpenInMemory();
        db.People.Insert(new Person { Email = "ada@example.org", Age = 36 });

        var fields = db.People.Fields;
        Assert.True(fields.TryGetId("Email", out var emailId));
        Assert.Equal("Email", fields.GetName(emailId));
        Assert.Equal(emailId, fields.GetOrAdd("Email"));

        var count = fields.Count;
        Assert.Throws<InvalidOperationException>(() => fields.GetOrAdd("NotAField"));
        Assert.Equal(count, db.People.Fields.Count);
        Assert.False(db.People.Fields.TryGetId("NotAField", out _));
    }
}
