using BenchmarkDotNet.Attributes;
using DocStore.BTree;
using DocStore.Engine;
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
    private SqliteParameter _key = null!;
    private byte[][] _probe = [];

    /// <summary>Keys in the store.</summary>
    [Params(10_000, 1_000_000)]
    public int Keys { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var value = new byte[100];
        new Random(1).NextBytes(value);
        var random = new Random(2);
        _probe = Enumerable.Range(0, GetsPerOperation).Select(_ => BenchmarkFiles.Key(random.Next(Keys))).ToArray();

        _docStorePath = BenchmarkFiles.NewPath("get.db");
        _engine = StorageEngine.Open(_docStorePath, new Storage.StorageOptions { CacheSizePages = 40_000, Durability = Storage.Durability.Normal });
        using (var tx = _engine.BeginWrite())
        {
            var tree = tx.CreateTree("t");
            for (var i = 0; i < Keys; i++)
            {
                tree.Put(BenchmarkFiles.Key(i), value);
            }

            tx.Commit();
        }

        _engine.Checkpoint();
        _read = _engine.BeginRead();
        _tree = _read.OpenTree("t")!;

        _sqlitePath = BenchmarkFiles.NewPath("get.sqlite");
        _sqlite = new SqliteConnection($"Data Source={_sqlitePath};Pooling=False");
        _sqlite.Open();
        Execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA cache_size=-400000;");
        Execute("CREATE TABLE kv (k BLOB PRIMARY KEY, v BLOB) WITHOUT ROWID;");
        using (var tx = _sqlite.BeginTransaction())
        using (var insert = _sqlite.CreateCommand())
        {
            insert.Transaction = tx;
            insert.CommandText = "INSERT INTO kv (k, v) VALUES ($k, $v)";
            var k = insert.Parameters.Add("$k", SqliteType.Blob);
            insert.Parameters.AddWithValue("$v", value);
            insert.Prepare();
            for (var i = 0; i < Keys; i++)
            {
                k.Value = BenchmarkFiles.Key(i);
                insert.ExecuteNonQuery();
            }

            tx.Commit();
        }

        _select = _sqlite.CreateCommand();
        _select.CommandText = "SELECT v FROM kv WHERE k = $k";
        _key = _select.Parameters.Add("$k", SqliteType.Blob);
        _select.Prepare();

        // Warm both caches.
        DocStoreGet();
        SqliteGet();
    }

    private void Execute(string sql)
    {
        using var command = _sqlite.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = GetsPerOperation)]
    public long SqliteGet()
    {
        long total = 0;
        foreach (var key in _probe)
        {
            _key.Value = key;
            using var reader = _select.ExecuteReader();
            reader.Read();
            total += reader.GetStream(0).Length;
        }

        return total;
    }

    [Benchmark(OperationsPerInvoke = GetsPerOperation)]
    public long DocStoreGet()
    {
        long total = 0;
        foreach (var key in _probe)
        {
            _tree.TryGet(key, out var value);
            total += value.Length;
        }

        return total;
    }

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
