using BenchmarkDotNet.Attributes;
using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Transactions;
using Microsoft.Data.Sqlite;

namespace DocStore.Benchmarks.Engine;

/// <summary>
/// Warm point gets of 100-byte values by 8-byte key, DocStore against SQLite (prepared SELECT on a
/// <c>(k BLOB PRIMARY KEY, v BLOB) WITHOUT ROWID</c> table), both with caches that hold the whole data set.
/// One operation is 1,000 gets of pseudo-random keys.
/// </summary>
[MemoryDiagnoser]
public class PointGetBenchmarks : IDisposable
{
    private const int GetsPerOperation = 1000;
    private string _docStorePath = "";
    private string _sqlitePath = "";
    private StorageEngine _engine = null!;
    private ReadTransaction _read = null!;
    private Tree _tree = null!;
    private SqliteConnection _sqlite = null!;
    private SqliteCommand _select = null!;
    private byte[][] _probe = [];

    /// <summary>Keys in the store.</summary>
    [Params(10_000, 1_000_000)]
    public int Keys { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var value = KeyValueFixture.NewValue();
        var random = new Random(2);
        _probe = Enumerable.Range(0, GetsPerOperation).Select(_ => BenchmarkFiles.Key(random.Next(Keys))).ToArray();

        _docStorePath = BenchmarkFiles.NewPath("get.db");
        _engine = KeyValueFixture.OpenDocStore(_docStorePath, new StorageOptions { CacheSizePages = 40_000, Durability = Durability.Normal });
        KeyValueFixture.Fill(_engine, Keys, value);
        _engine.Checkpoint();
        _read = _engine.BeginRead();
        _tree = _read.OpenTree(KeyValueFixture.Tree)!;

        _sqlitePath = BenchmarkFiles.NewPath("get.sqlite");
        _sqlite = KeyValueFixture.OpenSqlite(_sqlitePath, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA cache_size=-400000;");
        KeyValueFixture.Fill(_sqlite, Keys, value);
        _select = KeyValueFixture.Prepare(_sqlite, "SELECT v FROM kv WHERE k = $k");

        // Warm both caches.
        DocStoreGet();
        SqliteGet();
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = GetsPerOperation)]
    public long SqliteGet() => KeyValueFixture.GetEach(_select, _probe);

    [Benchmark(OperationsPerInvoke = GetsPerOperation)]
    public long DocStoreGet() => KeyValueFixture.GetEach(_tree, _probe);

    [GlobalCleanup]
    public void Dispose()
    {
        _read.Dispose();
        _engine.Dispose();
        _select.Dispose();
        _sqlite.Dispose();
        BenchmarkFiles.DeleteDirectoryOf(_docStorePath);
        BenchmarkFiles.DeleteDirectoryOf(_sqlitePath);
        GC.SuppressFinalize(this);
    }
}
