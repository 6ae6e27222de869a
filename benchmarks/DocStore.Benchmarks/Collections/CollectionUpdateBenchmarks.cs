using BenchmarkDotNet.Attributes;
using DocStore.Benchmarks.Compare.Data;
using DocStore.Storage;

namespace DocStore.Benchmarks.Collections;

/// <summary>
/// An update that changes two indexed fields (Age and Address.City) of one of 10,000 people, one
/// transaction each: DocStore's <c>Update</c> rewrites the document and moves exactly those two index
/// entries; SQLite's rewrites the JSON row, which moves its two expression-index entries (the compare
/// harness's update: read the old row for the tag diff, write the new one). Durability: DocStore
/// <see cref="Durability.Normal"/>, SQLite WAL + <c>synchronous=NORMAL</c> (fsync at checkpoints), so the
/// row measures the index maintenance rather than the disk's fsync. LiteDB's <c>Update</c> rewrites the
/// document and its changed index entries too, but cannot skip the fsync: it has no durability setting and
/// fsyncs its log after each page of every commit, so its row includes those fsyncs.
/// </summary>
[Config(typeof(CollectionsConfig))]
public class CollectionUpdateBenchmarks
{
    private const string Update = "Update 2 indexed fields";

    private readonly Person[] _people = [.. Enumerable.Range(1, CollectionFixture.Preloaded).Select(id => CollectionFixture.Create(id))];
    private CollectionFixture? _fixture;
    private int _next;

    [GlobalSetup(Target = nameof(Update_DocStore))]
    public void SetupDocStore() => _fixture = CollectionFixture.OpenDocStore(Durability.Normal);

    [GlobalSetup(Target = nameof(Update_Sqlite))]
    public void SetupSqlite() => _fixture = CollectionFixture.OpenSqlite(Durability.Normal);

    [GlobalSetup(Target = nameof(Update_LiteDb))]
    public void SetupLiteDb() => _fixture = CollectionFixture.OpenLiteDb(Durability.Normal);

    [GlobalCleanup]
    public void Cleanup() => _fixture?.Dispose();

    [Benchmark(Baseline = true), BenchmarkCategory(Update)]
    public void Update_Sqlite() => _fixture!.Sqlite!.Update(Change());

    [Benchmark, BenchmarkCategory(Update)]
    public bool Update_DocStore() => _fixture!.DocStore!.People.Update(Change()) ? true : throw new InvalidOperationException("DocStore: the updated person is missing.");

    [Benchmark, BenchmarkCategory(Update)]
    public void Update_LiteDb() => _fixture!.LiteDb!.Update(Change());

    /// <summary>The next person in turn, one year older and in the next city: two index keys change every time.</summary>
    private Person Change()
    {
        var person = _people[_next++ % _people.Length];
        person.Age = PersonFactory.MinAge + ((person.Age - PersonFactory.MinAge + 1) % PersonFactory.AgeSpan);
        var city = int.Parse(person.Address.City.AsSpan(4), System.Globalization.CultureInfo.InvariantCulture);
        person.Address.City = PersonFactory.City((city + 1) % PersonFactory.CityCount);
        return person;
    }
}
