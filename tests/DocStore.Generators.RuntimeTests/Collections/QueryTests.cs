using DocStore.Generators.RuntimeTests.Models;
using DocStore.Metadata;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>The generated query methods over the in-memory collection.</summary>
public class QueryTests
{
    private static AppDb Seeded()
    {
        var db = AppDb.OpenInMemory();
        string[] cities = ["London", "Paris", "Lyon", "London", "Leeds"];
        for (int i = 0; i < cities.Length; i++)
        {
            db.People.Insert(new Person
            {
                Email = $"p{i}@example.org",
                Age = 20 + (i * 5),
                Address = new() { City = cities[i] },
                Tags = i % 2 == 0 ? ["even", "all"] : ["odd", "all"],
            });
        }

        db.Kitchen.Insert(new Everything { Last = "Curie", First = "Marie", Required = "r" });
        db.Kitchen.Insert(new Everything { Last = "Curie", First = "Pierre", Required = "r" });
        db.Kitchen.Insert(new Everything { Last = "Bohr", First = "Niels", Required = "r" });
        return db;
    }

    [Fact]
    public void Range_is_inclusive_and_in_index_order()
    {
        using AppDb db = Seeded();
        Assert.Equal([25, 30, 35], db.People.FindByAgeRange(25, 35).Select(p => p.Age));
    }

    [Fact]
    public void Prefix_matches_strings_that_start_with_it()
    {
        using AppDb db = Seeded();
        Assert.Equal(["Leeds", "London", "London", "Lyon"], db.People.FindByAddressCityPrefix("L").Select(p => p.Address.City));
        Assert.Equal(["London", "London"], db.People.FindByAddressCityPrefix("Lo").Select(p => p.Address.City));
    }

    [Fact]
    public void Multikey_index_finds_each_element_and_counts_matches()
    {
        using AppDb db = Seeded();
        Assert.Equal(5, db.People.FindByTags("all").Count());
        Assert.Equal(3, db.People.CountByTags("even"));
        Assert.Empty(db.People.FindByTags("none"));
    }

    [Fact]
    public void Composite_index_finds_by_all_paths_and_by_the_leading_path()
    {
        using AppDb db = Seeded();
        Assert.Equal("Pierre", Assert.Single(db.Kitchen.FindByLastFirst("Curie", "Pierre")).First);
        Assert.Equal(["Marie", "Pierre"], db.Kitchen.FindByLast("Curie").Select(e => e.First));
        Assert.Equal(2, db.Kitchen.CountByLastFirst("Curie", "Marie") + db.Kitchen.CountByLastFirst("Curie", "Pierre"));
    }

    [Fact]
    public void Unique_index_rejects_a_second_document_with_the_same_value()
    {
        using AppDb db = Seeded();
        DuplicateKeyException e = Assert.Throws<DuplicateKeyException>(() => db.People.Insert(new Person { Email = "p0@example.org" }));
        Assert.Equal("Email", e.Index);
        Assert.Equal(5, db.People.Count());
    }

    [Fact]
    public void Update_and_delete_keep_indexes_in_step()
    {
        using AppDb db = Seeded();
        Person paris = Assert.Single(db.People.FindByAddressCity("Paris"));
        paris.Address.City = "Lille";
        paris.Tags.Add("moved");
        Assert.True(db.People.Update(paris));

        Assert.Empty(db.People.FindByAddressCity("Paris"));
        Assert.Equal(paris.Id, Assert.Single(db.People.FindByAddressCity("Lille")).Id);
        Assert.Equal(paris.Id, Assert.Single(db.People.FindByTags("moved")).Id);

        Assert.True(db.People.Delete(paris.Id));
        Assert.Empty(db.People.FindByAddressCity("Lille"));
        Assert.Empty(db.People.FindByTags("moved"));
        Assert.Null(db.People.Get(paris.Id));
        Assert.False(db.People.Delete(paris.Id));
    }

    [Fact]
    public void A_disposed_context_refuses_operations()
    {
        AppDb db = Seeded();
        db.Dispose();
        Assert.Throws<ObjectDisposedException>(() => db.People.Count());
    }
}
