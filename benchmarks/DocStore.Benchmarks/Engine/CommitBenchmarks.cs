using BenchmarkDotNet.Attributes;
using DocStore.Engine;
using Microsoft.Data.Sqlite;

namespace DocStore.Benchmarks.Engine;

/// <summary>
/// Write paths, DocStore against SQLite (WAL mode) with matching durability: a batch of rows per transaction
/// (sequential keys), fsync per commit on both sides (DocStore <c>Full</c>, SQLite <c>synchronous=FULL</c>).
/// </summary>
[MemoryDiagnoser]
public class CommitBenchmarks : IDisposable
{
    private readonly byte[] _value = new byte[100];
    private string _docStorePath = "";
    private string _sqlitePath = "";
    private StorageEngine _engine = null!;
    private SqliteConnection _sqlite = null!;
    private SqliteCommand _insert = null!;
    private SqliteParameter _key = null!;
    private long _next;

    /// <summary>Rows per transaction.</summary>
    [Params(100, 1000)]
    public int Rows { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        new Random(1).NextBytes(_value);
        _docStorePath = BenchmarkFiles.NewPath("commit.db");
        _engine = StorageEngine.Open(_docStorePath, new Storage.StorageOptions { Durability = Storage.Durability.Full });
        using (var tx = _engine.BeginWrite())
        {
            tx.CreateTree("t");
            tx.Commit();
        }

        _sqlitePath = BenchmarkFiles.NewPath("commit.sqlite");
        _sqlite = new SqliteConnection($"Data Source={_sqlitePath};Pooling=False");
        _sqlite.Open();
        using (var pragma = _sqlite.CreateCommand())
        {
            pragma.CommandText = "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; CREATE TABLE kv (k BLOB PRIMARY KEY, v BLOB) WITHOUT ROWID;";
            pragma.ExecuteNonQuery();
        }

        _insert = _sqlite.CreateCommand();
        _insert.CommandText = "INSERT OR REPLACE INTO kv (k, v) VALUES ($k, $v)";
        _key = _insert.Parameters.Add("$k", SqliteType.Blob);
        _insert.Parameters.AddWithValue("$v", _value);
        _insert.Prepare();
    }

    [Benchmark(Baseline = true)]
    public void SqliteCommit()
    {
        using var tx = _sqlite.BeginTransaction();
        _insert.Transaction = tx;
        for (var i = 0; i < Rows; i++)
        {
            _key.Value = BenchmarkFiles.Key(_next++);
            _insert.ExecuteNonQuery();
        }

        tx.Commit();
    }

    [Benchmark]
    public void DocStoreCommit()
    {
        using var tx = _engine.BeginWrite();
        var tree = tx.OpenTree("t")!;
        for (var i = 0; i < Rows; i++)
        {
            tree.Put(BenchmarkFiles.Key(_next++), _value);
        }

        tx.Commit();
    }

    [GlobalCleanup]
    public void Dispose()
    {
        _engine.Dispose();
        _insert.Dispose();
        _sqlite.Dispose();
        BenchmarkFiles.DeleteDirectoryOf(_docStorePath);
        BenchmarkFiles.DeleteDirectoryOf(_sqlitePath);
        GC.SuppressFinalize(this);
    }
}
