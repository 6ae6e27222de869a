using BenchmarkDotNet.Attributes;
using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using Microsoft.Data.Sqlite;
using Microsoft.Win32.SafeHandles;

namespace DocStore.Benchmarks.Engine;

/// <summary>
/// One durable row per transaction (fsync per commit on both sides), the fsync floor of this file system
/// (one 8 KiB write plus fsync), and four concurrent DocStore committers sharing fsyncs (group commit).
/// Every method reports the time per commit.
/// </summary>
[MemoryDiagnoser]
public class DurableCommitBenchmarks : IDisposable
{
    private const int ConcurrentCommitsEach = 16;
    private readonly byte[] _value = KeyValueFixture.NewValue();
    private readonly byte[] _page = new byte[8192];
    private string _floorPath = "";
    private string _docStorePath = "";
    private string _sqlitePath = "";
    private SafeFileHandle _floor = null!;
    private StorageEngine _engine = null!;
    private SqliteConnection _sqlite = null!;
    private SqliteCommand _insert = null!;
    private long _next;

    [GlobalSetup]
    public void Setup()
    {
        _floorPath = BenchmarkFiles.NewPath("floor.bin");
        _floor = File.OpenHandle(_floorPath, FileMode.Create, FileAccess.ReadWrite);
        _docStorePath = BenchmarkFiles.NewPath("durable.db");
        _engine = KeyValueFixture.OpenDocStore(_docStorePath, new StorageOptions { Durability = Durability.Full });
        _sqlitePath = BenchmarkFiles.NewPath("durable.sqlite");
        _sqlite = KeyValueFixture.OpenSqlite(_sqlitePath, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;");
        _insert = KeyValueFixture.Prepare(_sqlite, "INSERT OR REPLACE INTO kv (k, v) VALUES ($k, $v)", _value);
    }

    [Benchmark]
    public void FsyncFloor()
    {
        RandomAccess.Write(_floor, _page, (_next++ % 64) * _page.Length);
        RandomAccess.FlushToDisk(_floor);
    }

    [Benchmark(Baseline = true)]
    public void SqliteSingleRowCommit() => KeyValueFixture.Commit(_sqlite, _insert, ref _next, 1);

    [Benchmark]
    public void DocStoreSingleRowCommit() => KeyValueFixture.Commit(_engine, _value, ref _next, 1);

    [Benchmark(OperationsPerInvoke = 4 * ConcurrentCommitsEach)]
    public Task DocStoreFourConcurrentCommitters() =>
        Task.WhenAll(Enumerable.Range(0, 4).Select(w => Task.Run(async () =>
        {
            for (var i = 0; i < ConcurrentCommitsEach; i++)
            {
                using var tx = await _engine.BeginWriteAsync();
                tx.OpenTree(KeyValueFixture.Tree)!.Put(BenchmarkFiles.Key(Interlocked.Increment(ref _next)), _value);
                await tx.CommitAsync();
            }
        })));

    [GlobalCleanup]
    public void Dispose()
    {
        _floor.Dispose();
        _engine.Dispose();
        _insert.Dispose();
        _sqlite.Dispose();
        BenchmarkFiles.DeleteDirectoryOf(_floorPath);
        BenchmarkFiles.DeleteDirectoryOf(_docStorePath);
        BenchmarkFiles.DeleteDirectoryOf(_sqlitePath);
        GC.SuppressFinalize(this);
    }
}
