using BenchmarkDotNet.Attributes;
using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Transactions;
using Microsoft.Data.Sqlite;

namespace DocStore.Benchmarks.Engine;

/// <summary>
/// Over 200,000 keys with 100-byte values: a range scan of 1,000 keys from a random start (warm caches),
/// and cold point gets with a 16-page cache on both sides (SQLite <c>cache_size=16</c>, 8 KiB pages), which
/// measures the engine's own miss path; the OS page cache still holds the files.
/// </summary>
[MemoryDiagnoser]
public class RangeAndColdBenchmarks : IDisposable
{
    private const int Keys = 200_000;
    private const int GetsPerOperation = 1000;
    private string _docStorePath = "";
    private string _sqlitePath = "";
    private StorageEngine _warm = null!;
    private StorageEngine _cold = null!;
    private ReadTransaction _warmRead = null!;
    private ReadTransaction _coldRead = null!;
    private Tree _warmTree = null!;
    private Tree _coldTree = null!;
    private SqliteConnection _sqliteWarm = null!;
    private SqliteConnection _sqliteCold = null!;
    private SqliteCommand _range = null!;
    private SqliteCommand _coldGet = null!;
    private byte[][] _starts = [];
    private int _nextStart;

    [GlobalSetup]
    public void Setup()
    {
        var value = KeyValueFixture.NewValue();
        var random = new Random(2);
        _starts = Enumerable.Range(0, GetsPerOperation).Select(_ => BenchmarkFiles.Key(random.Next(Keys - 1000))).ToArray();

        _docStorePath = BenchmarkFiles.NewPath("range.db");
        using (var build = KeyValueFixture.OpenDocStore(_docStorePath, new StorageOptions()))
        {
            KeyValueFixture.Fill(build, Keys, value);
        }

        // Two engines cannot share a file, so the warm one works on a copy.
        File.Copy(_docStorePath, _docStorePath + ".warm");
        _warm = StorageEngine.Open(_docStorePath + ".warm", new StorageOptions { CacheSizePages = 10_000 });
        _cold = StorageEngine.Open(_docStorePath, new StorageOptions { CacheSizePages = 16 });
        _warmRead = _warm.BeginRead();
        _coldRead = _cold.BeginRead();
        _warmTree = _warmRead.OpenTree(KeyValueFixture.Tree)!;
        _coldTree = _coldRead.OpenTree(KeyValueFixture.Tree)!;

        _sqlitePath = BenchmarkFiles.NewPath("range.sqlite");
        _sqliteWarm = KeyValueFixture.OpenSqlite(_sqlitePath, "PRAGMA page_size=8192; PRAGMA journal_mode=WAL; PRAGMA cache_size=10000;");
        KeyValueFixture.Fill(_sqliteWarm, Keys, value);
        _sqliteCold = KeyValueFixture.OpenSqlite(_sqlitePath, "PRAGMA cache_size=16;");
        _range = KeyValueFixture.Prepare(_sqliteWarm, "SELECT k, v FROM kv WHERE k >= $k ORDER BY k LIMIT 1000");
        _coldGet = KeyValueFixture.Prepare(_sqliteCold, "SELECT v FROM kv WHERE k = $k");
    }

    private byte[] NextStart() => _starts[_nextStart++ % _starts.Length];

    [Benchmark]
    public long SqliteRangeScan1000()
    {
        _range.Parameters[0].Value = NextStart();
        using var reader = _range.ExecuteReader();
        long total = 0;
        while (reader.Read())
        {
            total += reader.GetStream(1).Length;
        }

        return total;
    }

    [Benchmark]
    public long DocStoreRangeScan1000()
    {
        var cursor = _warmTree.CreateCursor();
        long total = 0;
        var n = 0;
        for (var ok = cursor.Seek(NextStart()); ok && n < 1000; ok = cursor.MoveNext(), n++)
        {
            total += cursor.Value.Length;
        }

        return total;
    }

    [Benchmark(OperationsPerInvoke = GetsPerOperation)]
    public long SqliteColdGet() => KeyValueFixture.GetEach(_coldGet, _starts);

    [Benchmark(OperationsPerInvoke = GetsPerOperation)]
    public long DocStoreColdGet() => KeyValueFixture.GetEach(_coldTree, _starts);

    [GlobalCleanup]
    public void Dispose()
    {
        _warmRead.Dispose();
        _coldRead.Dispose();
        _warm.Dispose();
        _cold.Dispose();
        _range.Dispose();
        _coldGet.Dispose();
        _sqliteWarm.Dispose();
        _sqliteCold.Dispose();
        BenchmarkFiles.DeleteDirectoryOf(_docStorePath);
        BenchmarkFiles.DeleteDirectoryOf(_sqlitePath);
        GC.SuppressFinalize(this);
    }
}
