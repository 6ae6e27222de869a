using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Devices;

namespace DocStore.Tests.Support;

/// <summary>Helpers to open engines on memory or fault devices and on temporary files.</summary>
internal static class TestDatabase
{
    public static StorageOptions Small(Durability durability = Durability.Full, int cachePages = 64, int autoCheckpoint = 2000) => new()
    {
        PageSize = 1024,
        CacheSizePages = cachePages,
        Durability = durability,
        AutoCheckpointFrames = autoCheckpoint,
        WriteLockTimeout = HangGuard.Limit,
        TimeProvider = StoppedClock,
    };

    /// <summary>
    /// A clock that never moves unless a test moves it: the idle checkpoint (after a second without commits)
    /// then never changes the files under a test that reads them, however slowly a busy machine runs it.
    /// </summary>
    public static TimeProvider StoppedClock => new Microsoft.Extensions.Time.Testing.FakeTimeProvider();

    public static StorageEngine OpenMemory(StorageOptions? options = null) => StorageEngine.Open(StorageEngine.InMemory, options ?? Small());

    public static StorageEngine Open(IStorageDevice db, IStorageDevice wal, StorageOptions? options = null) =>
        StorageEngine.Open(db, wal, options ?? Small());

    public static byte[] Key(int i) => System.Text.Encoding.UTF8.GetBytes($"key{i:D8}");

    /// <summary>Commits, in its own transaction, <see cref="Key"/>(<paramref name="key"/>) = <see cref="Value"/>(<paramref name="seed"/>, <paramref name="length"/>) in the tree "t".</summary>
    public static void CommitPut(StorageEngine engine, int key, int seed, int length)
    {
        using var tx = engine.BeginWrite();
        tx.OpenOrCreateTree("t").Put(Key(key), Value(seed, length));
        tx.Commit();
    }

    public static byte[] Value(int i, int length = 20)
    {
        var value = new byte[length];
        new Random(i).NextBytes(value);
        return value;
    }
}

/// <summary>A directory under the system temp folder, deleted on dispose.</summary>
internal sealed class TempDirectory : IDisposable
{
    public TempDirectory()
    {
        Path = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "docstore-tests", Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(Path);
    }

    public string Path { get; }

    public string File(string name) => System.IO.Path.Combine(Path, name);

    public void Dispose()
    {
        try
        {
            Directory.Delete(Path, recursive: true);
        }
        catch (IOException)
        {
            // A child process may still be exiting; the OS temp cleaner removes leftovers.
        }
    }
}

/// <summary>Orders byte arrays the way the tree does (unsigned lexicographic).</summary>
internal sealed class ByteArrayComparer : IComparer<byte[]>
{
    public static readonly ByteArrayComparer Instance = new();

    public int Compare(byte[]? x, byte[]? y) => x.AsSpan().SequenceCompareTo(y);
}
