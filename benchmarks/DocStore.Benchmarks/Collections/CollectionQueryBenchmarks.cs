using BenchmarkDotNet.Attributes;
using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Workloads;
using DocStore.Storage;

namespace DocStore.Benchmarks.Collections;

/// <summary>
/// Issue 5's reads over 10,000 warm people: get by key, <c>FindByEmail</c> (unique index), an age range
/// of about 1,000 documents, <c>FindByAddressCity</c> (path index, ~100 documents) and <c>FindByTags</c>
/// (multikey, ~125 documents). DocStore runs its generated collection methods; SQLite runs the compare
/// harness's prepared statements over JSON documents with expression indexes; LiteDB runs the compare
/// harness's adapter (typed collection, parameterized expressions on its Email, Age, $.Address.City and
/// $.Tags[*] indexes; range, city and tag results sorted into the harness's order, which LiteDB's index does
/// not keep for equal keys). Every query returns fully materialized documents, and the set-up checks each
/// engine's answers against a LINQ model first.
/// </summary>
[Config(typeof(CollectionsConfig))]
public class CollectionQueryBenchmarks
{
    private const string Get = "Get by key";
    private const string Email = "FindByEmail";
    private const string Range = "Age range (~1,000 docs)";
    private const string City = "Path find Address.City";
    private const string Tags = "Multikey find Tags[]";

    /// <summary>The age range: the compare harness's window for 10,000 people, which holds about 1,000 of them.</summary>
    private static readonly int LowAge = 40;
    private static readonly int HighAge = LowAge + QueryWorkload.AgeWindow(CollectionFixture.Preloaded) - 1;

    private readonly List<Person> _results = new(2048);
    private readonly long[] _ids = KeyStream(4096, 1);
    private readonly string[] _emails;
    private CollectionFixture? _fixture;
    private int _next;

    public CollectionQueryBenchmarks() => _emails = [.. _ids.Select(id => CollectionFixture.Create(id).Email)];

    [GlobalSetup(Targets = [nameof(Get_DocStore), nameof(Exists_DocStore), nameof(GetDocumentBytes_DocStore), nameof(FindByEmail_DocStore), nameof(AgeRange_DocStore), nameof(FindByCity_DocStore), nameof(FindByTags_DocStore)])]
    public void SetupDocStore()
    {
        _fixture = CollectionFixture.OpenDocStore(Durability.Normal);
        Verify();
    }

    [GlobalSetup(Targets = [nameof(Get_Sqlite), nameof(FindByEmail_Sqlite), nameof(AgeRange_Sqlite), nameof(FindByCity_Sqlite), nameof(FindByTags_Sqlite)])]
    public void SetupSqlite()
    {
        _fixture = CollectionFixture.OpenSqlite(Durability.Normal);
        Verify();
    }

    [GlobalSetup(Targets = [nameof(Get_LiteDb), nameof(Exists_LiteDb), nameof(FindByEmail_LiteDb), nameof(AgeRange_LiteDb), nameof(FindByCity_LiteDb), nameof(FindByTags_LiteDb)])]
    public void SetupLiteDb()
    {
        _fixture = CollectionFixture.OpenLiteDb(Durability.Normal);
        Verify();
    }

    [GlobalCleanup]
    public void Cleanup() => _fixture?.Dispose();

    [Benchmark(Baseline = true), BenchmarkCategory(Get)]
    public Person? Get_Sqlite() => _fixture!.Sqlite!.GetById(NextId());

    [Benchmark, BenchmarkCategory(Get)]
    public Person? Get_DocStore() => _fixture!.DocStore!.People.Get(NextId());

    /// <summary>Where a get's time goes: the same lookup without reading the document.</summary>
    [Benchmark, BenchmarkCategory(Get)]
    public bool Exists_DocStore() => _fixture!.DocStore!.People.Exists(NextId());

    /// <summary>Where a get's time goes: the lookup and a copy of the stored bytes, without decoding them.</summary>
    [Benchmark, BenchmarkCategory(Get)]
    public byte[]? GetDocumentBytes_DocStore() => _fixture!.DocStore!.People.GetDocumentBytes(NextId());

    [Benchmark, BenchmarkCategory(Get)]
    public Person? Get_LiteDb() => _fixture!.LiteDb!.GetById(NextId());

    /// <summary>LiteDB's <c>Exists</c> on <c>_id = @0</c>: a query through the <c>_id</c> index that returns a boolean, so no <see cref="Person"/> is built.</summary>
    [Benchmark, BenchmarkCategory(Get)]
    public bool Exists_LiteDb() => _fixture!.LiteDb!.Exists(NextId());

    [Benchmark(Baseline = true), BenchmarkCategory(Email)]
    public Person? FindByEmail_Sqlite() => _fixture!.Sqlite!.FindByEmail(NextEmail());

    [Benchmark, BenchmarkCategory(Email)]
    public Person? FindByEmail_DocStore() => _fixture!.DocStore!.People.FindByEmail(NextEmail());

    [Benchmark, BenchmarkCategory(Email)]
    public Person? FindByEmail_LiteDb() => _fixture!.LiteDb!.FindByEmail(NextEmail());

    [Benchmark(Baseline = true), BenchmarkCategory(Range)]
    public int AgeRange_Sqlite() => Sqlite((s, into) => s.FindByAgeRange(LowAge, HighAge, into));

    [Benchmark, BenchmarkCategory(Range)]
    public int AgeRange_DocStore() => DocStore(_fixture!.DocStore!.People.FindByAgeRange(LowAge, HighAge));

    [Benchmark, BenchmarkCategory(Range)]
    public int AgeRange_LiteDb() => LiteDb((l, into) => l.FindByAgeRange(LowAge, HighAge, into));

    [Benchmark(Baseline = true), BenchmarkCategory(City)]
    public int FindByCity_Sqlite() => Sqlite((s, into) => s.FindByCity(NextCity(), into));

    [Benchmark, BenchmarkCategory(City)]
    public int FindByCity_DocStore() => DocStore(_fixture!.DocStore!.People.FindByAddressCity(NextCity()));

    [Benchmark, BenchmarkCategory(City)]
    public int FindByCity_LiteDb() => LiteDb((l, into) => l.FindByCity(NextCity(), into));

    [Benchmark(Baseline = true), BenchmarkCategory(Tags)]
    public int FindByTags_Sqlite() => Sqlite((s, into) => s.FindByTag(NextTag(), into));

    [Benchmark, BenchmarkCategory(Tags)]
    public int FindByTags_DocStore() => DocStore(_fixture!.DocStore!.People.FindByTags(NextTag()));

    [Benchmark, BenchmarkCategory(Tags)]
    public int FindByTags_LiteDb() => LiteDb((l, into) => l.FindByTag(NextTag(), into));

    /// <summary>Seeded uniform ids over the preloaded people; a power-of-two count so the cursor wraps with a mask.</summary>
    internal static long[] KeyStream(int count, int seed)
    {
        var random = new Random(seed);
        return [.. Enumerable.Range(0, count).Select(_ => random.NextInt64(1, CollectionFixture.Preloaded + 1))];
    }

    private long NextId() => _ids[_next++ & (_ids.Length - 1)];

    private string NextEmail() => _emails[_next++ & (_emails.Length - 1)];

    private string NextCity() => PersonFactory.City(_next++ % PersonFactory.CityCount);

    private string NextTag() => PersonFactory.Tag(_next++ % PersonFactory.TagCount);

    private int Sqlite(Action<Compare.Engines.Sqlite.SqliteEngine, List<Person>> query)
    {
        _results.Clear();
        query(_fixture!.Sqlite!, _results);
        return _results.Count;
    }

    private int LiteDb(Action<Compare.Engines.LiteDb.LiteDbEngine, List<Person>> query)
    {
        _results.Clear();
        query(_fixture!.LiteDb!, _results);
        return _results.Count;
    }

    private int DocStore(IEnumerable<Person> query)
    {
        _results.Clear();
        _results.AddRange(query);
        return _results.Count;
    }

    /// <summary>Every engine must give the LINQ model's answers, in the same order, so none wins by doing less.</summary>
    private void Verify()
    {
        var model = Enumerable.Range(1, CollectionFixture.Preloaded).Select(id => CollectionFixture.Create(id)).ToArray();
        var probe = model[4321];
        var f = _fixture!;
        Expect([probe], [f.DocStore?.People.Get(probe.Id) ?? f.Sqlite?.GetById(probe.Id) ?? f.LiteDb!.GetById(probe.Id)!], Get);
        Expect([probe], [f.DocStore?.People.FindByEmail(probe.Email) ?? f.Sqlite?.FindByEmail(probe.Email) ?? f.LiteDb!.FindByEmail(probe.Email)!], Email);
        if (f.LiteDb is { } liteDb && (!liteDb.Exists(probe.Id) || liteDb.Exists(CollectionFixture.Preloaded + 1)))
        {
            throw new InvalidOperationException($"{Get}: LiteDB's Exists does not match the stored ids.");
        }

        Expect([.. model.Where(p => p.Age >= LowAge && p.Age <= HighAge).OrderBy(p => p.Age).ThenBy(p => p.Id)], Run(AgeRange_DocStore, AgeRange_Sqlite, AgeRange_LiteDb), Range);
        _next = 7;
        Expect([.. model.Where(p => p.Address.City == PersonFactory.City(7))], Run(FindByCity_DocStore, FindByCity_Sqlite, FindByCity_LiteDb), City);
        _next = 11;
        Expect([.. model.Where(p => p.Tags.Contains(PersonFactory.Tag(11)))], Run(FindByTags_DocStore, FindByTags_Sqlite, FindByTags_LiteDb), Tags);
        _next = 0;
        Console.WriteLine($"// {Range}: ages {LowAge}-{HighAge} hold {model.Count(p => p.Age >= LowAge && p.Age <= HighAge)} documents");
    }

    /// <summary>Runs the query of whichever engine this process opened and returns a copy of its results.</summary>
    private List<Person> Run(Func<int> docStore, Func<int> sqlite, Func<int> liteDb)
    {
        _ = _fixture!.DocStore is not null ? docStore() : _fixture.Sqlite is not null ? sqlite() : liteDb();
        return [.. _results];
    }

    private static void Expect(List<Person> expected, List<Person> actual, string what)
    {
        if (expected.Count != actual.Count || expected.Zip(actual).Any(pair => !PersonComparer.Same(pair.First, pair.Second)))
        {
            throw new InvalidOperationException($"{what}: the engine returned {actual.Count} documents that differ from the model's {expected.Count}.");
        }
    }
}
