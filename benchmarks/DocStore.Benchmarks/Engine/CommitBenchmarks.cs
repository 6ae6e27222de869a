using BenchmarkDotNet.Attributes;
using DocStore.Engine;
using DocStore.Storage;
using Microsoft.Data.Sqlite;

namespace DocStore.Benchmarks.Engine;

/// <summary>
/// Write paths, DocStore against SQLite (WAL mode) with matching durability: a batch of rows per transaction
/// (sequential keys), fsync per commit on both sides (DocStore <c>Full</c>, SQLite <c>synchronous=FULL</c>).
/// </summary>
[MemoryDiagnoser]
public class CommitBenchmarks : IDisposable
{
    private readonly byte[] _value = KeyValueFixture.NewValue();
    private string _docStorePath = "";
    private string _sqlitePath = "";
    private StorageEngine _engine = null!;
    private SqliteConnection _sqlite = null!;
    private SqliteCommand _insert = null!;
    private long _next;

    /// <summary>Rows per transaction.</summary>
    [Params(100, 1000)]
    public int Rows { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _docStorePath = BenchmarkFiles.NewPath("commit.db");
        _engine = KeyValueFixture.OpenDocStore(_docStorePath, new StorageOptions { Durability = Durability.Full });
        _sqlitePath = BenchmarkFiles.NewPath("commit.sqlite");
        _sqlite = KeyValueFixture.OpenSqlite(_sqlitePath, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;");
        _insert = KeyValueFixture.Prepare(_sqlite, "INSERT OR REPLACE INTO kv (k, v) VALUES ($k, $v)", _value);
    }

    [Benchmark(Baseline = true)]
    public void SqliteCommit() => KeyValueFixture.Commit(_sqlite, _insert, ref _next, Rows);

    [Benchmark]
    public void DocStoreCommit() => KeyValueFixture.Commit(_engine, _value, ref _next, Rows);

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
