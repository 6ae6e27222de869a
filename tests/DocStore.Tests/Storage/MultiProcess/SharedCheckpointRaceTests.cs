using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Tests.Support;
using DocStore.Transactions;

namespace DocStore.Tests.Storage.MultiProcess;

/// <summary>
/// A shared reader whose page rests on a database-file page that other processes' checkpoints rewrite while
/// it reads it (docs/storage.md, "Reads beside a checkpoint"). Open-file-description locks belong to a
/// descriptor, so the writers and the reader opened here stand for processes of their own; each writer has
/// followed the commit and copies the page once, so every torn read is one whole checkpoint of it. The read
/// is torn as a read racing a write is: half the bytes from before the checkpoint, half from after.
/// </summary>
public sealed class SharedCheckpointRaceTests
{
    private static readonly byte[] Key = [.. Enumerable.Range(1, 32).Select(i => (byte)i)];

    [LinuxTheory]
    [InlineData(false, 1)]
    [InlineData(false, 3)]
    [InlineData(false, 5)]
    [InlineData(true, 1)]
    [InlineData(true, 3)]
    [InlineData(true, 5)]
    public void A_read_torn_by_checkpoints_of_other_processes_returns_the_document(bool encrypted, int checkpoints)
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var setup = Setup(path, encrypted, checkpoints);
        var device = setup.Device;
        var next = 0;
        device.Tears = checkpoints;
        device.Between = () => setup.Writers[next++].Checkpoint();
        device.Offset = setup.PageOffset;

        Assert.Equal(Value('B'), Get(setup.Reader));

        // A plain page torn between two versions rebuilds exactly under its delta (docs/storage.md, "Delta
        // frames"), so the first read succeeds; an encrypted one fails its tag until the checkpoints stop.
        Assert.Equal(encrypted ? checkpoints : 1, next);
    }

    [LinuxTheory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_damaged_page_is_still_reported_naming_file_and_page(bool encrypted)
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var setup = Setup(path, encrypted, writers: 0);
        setup.Device.Damaged = true;
        setup.Device.Offset = setup.PageOffset;

        var ex = Assert.Throws<DatabaseCorruptException>(() => Get(setup.Reader));
        Assert.Equal(setup.Page, ex.PageNumber);
        Assert.Contains(path, ex.Message + ex.FileName, StringComparison.Ordinal);
        Assert.True(setup.Device.Reads >= 2, "read again before it was reported");
    }

    // A file whose document page holds version A, and a WAL whose delta over it makes version B; writers
    // that have not yet followed that commit (so each copies the page when it checkpoints); a reader.
    private static Race Setup(string path, bool encrypted, int writers)
    {
        var engines = new List<StorageEngine>();
        try
        {
            var first = StorageEngine.Open(path, Options(encrypted, null));
            engines.Add(first);
            for (var i = 0; i < writers; i++)
            {
                engines.Add(StorageEngine.Open(path, Options(encrypted, null)));
            }

            Put(first, Value('A'));
            Assert.True(first.Checkpoint());
            var page = Put(first, Value('B'));

            TearingReadDevice? device = null;
            var reader = StorageEngine.Open(path, Options(encrypted, inner => device = new TearingReadDevice(inner)) with { ReadOnly = true });
            engines.Add(reader);
            var pageSize = new StorageOptions().PageSize;
            var offset = encrypted ? 512 + ((long)page * (pageSize + 32)) : (long)page * pageSize;
            return new Race(engines, reader, engines.GetRange(1, writers), device!, page, offset);
        }
        catch
        {
            engines.ForEach(e => e.Dispose());
            throw;
        }
    }

    private static StorageOptions Options(bool encrypted, Func<DocStore.Storage.Devices.IStorageDevice, DocStore.Storage.Devices.IStorageDevice>? db) => new()
    {
        Sharing = DocStoreSharing.Shared,
        Durability = Durability.Full,
        AutoCheckpointFrames = 0,
        EncryptionKey = encrypted ? Key : null,
        DatabaseDevices = db,
    };

    private static byte[] Value(char c) => [.. Enumerable.Repeat((byte)c, 200)];

    // Writes the document and returns the page it lies on (the tree's only page).
    private static uint Put(StorageEngine engine, byte[] value)
    {
        using var tx = engine.BeginWrite();
        var tree = tx.OpenOrCreateTree("docs");
        tree.Put("doc"u8.ToArray(), value);
        var page = tree.RootPage;
        tx.Commit();
        return page;
    }

    private static byte[] Get(StorageEngine engine)
    {
        using var tx = engine.BeginRead();
        Assert.True(tx.OpenTree("docs")!.TryGet("doc"u8, out var value));
        return value.ToArray();
    }

    private sealed record Race(List<StorageEngine> Engines, StorageEngine Reader, List<StorageEngine> Writers, TearingReadDevice Device, uint Page, long PageOffset) : IDisposable
    {
        public void Dispose()
        {
            Device.Offset = -1;
            Engines.ForEach(e => e.Dispose());
        }
    }
}
