using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Engines;
using DocStore.Tests.Support;

namespace DocStore.Tests.Benchmarks;

/// <summary>
/// What every compare adapter promises beyond the workloads' samples: documents come back field for field
/// (strings with edge spaces and empty strings included), and index queries keep the harness's order
/// (age then id; id for equal city or tag) even after updates moved index entries.
/// </summary>
public sealed class EngineContractTests
{
    public static TheoryData<string> Engines => [.. EngineCatalog.Names, .. EngineCatalog.OnRequest];

    [Theory]
    [InlineData(EngineCatalog.DocStoreName, true)]
    [InlineData(EngineCatalog.DocStoreWalFsyncName, false)]
    public void The_wal_fsync_variant_commits_durably_without_a_redo_log_and_the_default_with_one(string name, bool redoLog)
    {
        using var temp = new TempDirectory();
        using var engine = EngineCatalog.Open(name, new EngineConfig(temp.Path, CommitDurability.Full));
        engine.Insert([PersonFactory.Create(1, 20)]);
        Assert.Equal(redoLog, File.Exists(System.IO.Path.Combine(temp.Path, "docstore.db-redo")));
        Assert.True(PersonComparer.Same(PersonFactory.Create(1, 20), engine.GetById(1)));
    }

    [Theory]
    [MemberData(nameof(Engines))]
    public void Strings_with_edge_spaces_and_empty_strings_round_trip_unchanged(string name)
    {
        using var temp = new TempDirectory();
        using var engine = EngineCatalog.Open(name, new EngineConfig(temp.Path, CommitDurability.Normal));
        var person = PersonFactory.Create(7, 40);
        person.Name = "";
        person.Bio = "  padded bio  ";
        person.Address.Street = " 1 Main Street";
        person.Tags = ["tag001 ", "tag002"];

        engine.Insert([person]);

        Assert.True(PersonComparer.Same(person, engine.GetById(7)), $"{name}: Get changed the document");
        Assert.True(PersonComparer.Same(person, engine.FindByEmail(person.Email)), $"{name}: FindByEmail changed the document");
    }

    [Theory]
    [MemberData(nameof(Engines))]
    public void Equal_index_keys_come_back_in_id_order_after_updates(string name)
    {
        using var temp = new TempDirectory();
        using var engine = EngineCatalog.Open(name, new EngineConfig(temp.Path, CommitDurability.InMemory));
        var people = Enumerable.Range(1, 8).Select(id => Same(PersonFactory.Create(id, 20), age: 30, city: "CityA")).ToList();
        engine.Insert(people);

        // Move people 3 and 6 out of every shared key and back: their index entries are re-created last.
        foreach (var id in new long[] { 3, 6 })
        {
            engine.Update(Same(PersonFactory.Create(id, 20), age: 31, city: "CityB"));
            engine.Update(Same(PersonFactory.Create(id, 20), age: 30, city: "CityA"));
        }

        engine.Update(Same(PersonFactory.Create(5, 20), age: 29, city: "CityA"));
        long[] expectedByAge = [5, 1, 2, 3, 4, 6, 7, 8];
        long[] allIds = [1, 2, 3, 4, 5, 6, 7, 8];

        Assert.Equal(expectedByAge, Query(into => engine.FindByAgeRange(29, 31, into)));
        Assert.Equal(allIds, Query(into => engine.FindByCity("CityA", into)));
        Assert.Equal(allIds, Query(into => engine.FindByTag("shared", into)));
    }

    /// <summary>The person with one shared age, city and tag (plus its own tag), so every query's result is a tie.</summary>
    private static Person Same(Person person, int age, string city)
    {
        person.Age = age;
        person.Address.City = city;
        person.Tags = ["shared", "own" + person.Id];
        return person;
    }

    private static long[] Query(Action<List<Person>> query)
    {
        var into = new List<Person>();
        query(into);
        return [.. into.Select(p => p.Id)];
    }
}
