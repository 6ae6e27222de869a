using BenchmarkDotNet.Attributes;
using DocStore.Benchmarks.Compare.Data;
using DocStore.Storage;

namespace DocStore.Benchmarks.Collections;

/// <summary>
/// Durable inserts into 10,000 preloaded people: one document per transaction, and <c>InsertMany</c> of
/// 1,000 in one transaction, each with its four index entries (Email, Age, Address.City, every tag).
/// DocStore runs with <see cref="Durability.Full"/> (fsync per commit); SQLite in WAL mode with
/// <c>synchronous=FULL</c> (the WAL is fsynced at every commit); LiteDB in its only mode (its log fsynced
/// after every page a commit writes). Documents are built once in the set-up;
/// each operation only gives them fresh ids and e-mail addresses (both engines pay that alike).
/// </summary>
[Config(typeof(CollectionsConfig))]
public class CollectionInsertBenchmarks
{
    private const string One = "Insert one (durable)";
    private const string Many = "InsertMany 1,000 (durable)";

    private readonly Person[] _one = [CollectionFixture.Create(1)];
    private readonly Person[] _batch = [.. Enumerable.Range(1, 1000).Select(id => CollectionFixture.Create(id))];
    private CollectionFixture? _fixture;
    private long _nextId = 1_000_000;

    [GlobalSetup(Targets = [nameof(InsertOne_DocStore), nameof(InsertMany_DocStore)])]
    public void SetupDocStore() => _fixture = CollectionFixture.OpenDocStore(Durability.Full);

    [GlobalSetup(Targets = [nameof(InsertOne_Sqlite), nameof(InsertMany_Sqlite)])]
    public void SetupSqlite() => _fixture = CollectionFixture.OpenSqlite(Durability.Full);

    [GlobalSetup(Targets = [nameof(InsertOne_LiteDb), nameof(InsertMany_LiteDb)])]
    public void SetupLiteDb() => _fixture = CollectionFixture.OpenLiteDb(Durability.Full);

    [GlobalCleanup]
    public void Cleanup() => _fixture?.Dispose();

    [Benchmark(Baseline = true), BenchmarkCategory(One)]
    public void InsertOne_Sqlite() => _fixture!.Sqlite!.Insert(Renumber(_one));

    [Benchmark, BenchmarkCategory(One)]
    public long InsertOne_DocStore() => _fixture!.DocStore!.People.Insert(Renumber(_one)[0]);

    [Benchmark(Baseline = true), BenchmarkCategory(Many)]
    public void InsertMany_Sqlite() => _fixture!.Sqlite!.Insert(Renumber(_batch));

    [Benchmark, BenchmarkCategory(Many)]
    public int InsertMany_DocStore() => _fixture!.DocStore!.People.InsertMany(Renumber(_batch)).Count;

    [Benchmark, BenchmarkCategory(One)]
    public void InsertOne_LiteDb() => _fixture!.LiteDb!.Insert(Renumber(_one));

    [Benchmark, BenchmarkCategory(Many)]
    public void InsertMany_LiteDb() => _fixture!.LiteDb!.Insert(Renumber(_batch));

    private Person[] Renumber(Person[] people) => CollectionFixture.Renumber(people, ref _nextId);
}
