using System.Diagnostics.CodeAnalysis;
using DocStore.Generators.RuntimeTests.Models;
using DocStore.Generators.RuntimeTests.Support;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>A context limited by <c>[ContextCollections]</c> has the listed collections only, in its API and in its file.</summary>
public sealed class ContextCollectionsTests
{
    [Fact]
    public void A_limited_context_creates_only_the_listed_collections_trees()
    {
        using var temp = new TempDatabase();
        using (var db = PeopleOnlyDb.Open(temp.Path, TempDatabase.Options))
        {
            db.People.Insert(new Person { Email = "ada@example.org", Age = 36, Address = new Address { City = "London" }, Tags = ["math"] });
            var statistics = db.GetStatistics();
            Assert.Equal(["People"], statistics.Collections.Select(c => c.Name));
            Assert.Equal(1, statistics.Collections[0].DocumentCount);
        }

        // The whole-project context on the same file finds the person and adds its other collections.
        using (var db = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            Assert.Equal(36, db.People.FindByEmail("ada@example.org")!.Age);
            var names = db.GetStatistics().Collections.Select(c => c.Name).ToList();
            Assert.Contains("People", names);
            Assert.True(names.Count > 1, string.Join(", ", names));
        }
    }

    [Fact]
    public void A_limited_context_has_a_property_for_each_listed_type_and_no_other()
    {
        Assert.Equal(["People"], CollectionProperties(typeof(PeopleOnlyDb)));
        Assert.True(CollectionProperties(typeof(AppDb)).Count() > 1);
    }

    private static IEnumerable<string> CollectionProperties([DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicProperties)] Type context) =>
        context.GetProperties().Where(p => p.DeclaringType == context && p.PropertyType.Name.EndsWith("Collection", StringComparison.Ordinal)).Select(p => p.Name);
}

/// <summary>A context of the people only, beside <see cref="AppDb"/>, which has every collection of the project.</summary>
[ContextCollections(typeof(Person))]
public sealed partial class PeopleOnlyDb : DocStoreContext;
