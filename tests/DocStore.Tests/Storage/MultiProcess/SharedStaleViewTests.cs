using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Sharing;
using DocStore.Tests.Support;
using DocStore.Transactions;

namespace DocStore.Tests.Storage.MultiProcess;

/// <summary>
/// A reader process idle while a writer checkpoints has its parked mark taken away, so the checkpoint copies
/// commits past the reader's view into the database file (docs/storage.md, "The protocol"). When its next
/// read finds the header left mid-change by a writer that died (killed in a restart before it wrote the new
/// WAL header), it must not read that old view: its delta frames would be replayed over a newer file image.
/// Open-file-description locks belong to a descriptor, so each open here stands for a process of its own.
/// </summary>
public sealed class SharedStaleViewTests
{
    [SharedOpenFact]
    public void A_reader_behind_a_checkpoint_reads_the_last_commit_after_a_writer_died_mid_change()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using (var seed = StorageEngine.Open(path, Options))
        {
            Put(seed, 0);
        }

        using var reader = StorageEngine.Open(path, Options with { ReadOnly = true });
        using var writer = StorageEngine.Open(path, Options);
        Put(writer, 1);
        Assert.Equal(2, Count(reader));

        // New cells in the same leaf: the reader's view rests on delta frames that do not cover them.
        for (var i = 2; i <= 20; i++)
        {
            Put(writer, i);
        }

        // A second reader holds the last commit, so the writer's checkpoint copies every commit into the
        // file (the first reader's parked mark is taken away) but cannot restart the log.
        using var holder = StorageEngine.Open(path, Options with { ReadOnly = true });
        using var held = holder.BeginRead();
        writer.Checkpoint();
        writer.Dispose();
        DieMidChange(path);

        Assert.Equal(21, Count(reader));
    }

    private static StorageOptions Options => new()
    {
        Sharing = DocStoreSharing.Shared,
        PageSize = 1024,
        AutoCheckpointFrames = 0,
    };

    private static void Put(StorageEngine engine, int key)
    {
        using var tx = engine.BeginWrite();
        tx.OpenOrCreateTree("docs").Put(System.Text.Encoding.ASCII.GetBytes($"key{key:D3}"), new byte[24]);
        tx.Commit();
    }

    private static int Count(StorageEngine engine)
    {
        using var tx = engine.BeginRead();
        var count = 0;
        var cursor = tx.OpenTree("docs")!.CreateCursor();
        for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
        {
            count++;
        }

        return count;
    }

    // What a writer killed after it made the sequence odd, before it wrote anything else, leaves behind.
    private static void DieMidChange(string path)
    {
        using var shm = DeadWriterLock.Take(path);
        Assert.NotNull(SharedPublication.Read(shm));
        shm.Increment(SharedLayout.SequenceOffset);
    }
}
