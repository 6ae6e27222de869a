using System.Buffers.Binary;
using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Sharing;
using DocStore.Tests.Support;
using DocStore.Transactions;

namespace DocStore.Tests.Storage.MultiProcess;

/// <summary>
/// A writer process killed while it published a commit (docs/storage.md, "Why it holds"): the sequence is
/// left odd and the visible LSN still names the commit before, whose successor's frames are in the WAL. The
/// next writer goes on from the commit the header names and writes over those frames, so a reader that
/// opens meanwhile must recover no further. The crash host's <c>sharedtry</c> writer commits; this test
/// stands for its death mid-publish.
/// </summary>
[Collection(BusyChildProcesses.Name)]
public sealed class SharedOpenMidPublishTests
{
    [SharedOpenFact]
    public void A_reader_opening_after_a_writer_died_mid_publish_recovers_only_the_commit_the_header_names()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using (var seed = StorageEngine.Open(path, new StorageOptions { PageSize = 1024 }))
        using (var tx = seed.BeginWrite())
        {
            tx.OpenOrCreateTree("counter").Put("counter"u8.ToArray(), BitConverter.GetBytes(1L));
            tx.Commit();
        }

        long first;
        using (var writer = new CrashHostProcess("sharedtry", path, "-1"))
        {
            HostLines.WaitFor(writer, l => l == "ready", "the writer to open");
            using var look = SharedMemoryFile.Open(path, null);
            writer.Send("increment");
            Assert.Equal("committed", HostLines.WaitFor(writer, l => l != "ready", "the first commit"));
            first = SharedPublication.Read(look)!.Value.VisibleLsn;
            writer.Send("increment");
            Assert.Equal("committed", HostLines.WaitFor(writer, l => l != "ready", "the second commit"));
            Assert.True(SharedPublication.Read(look)!.Value.VisibleLsn > first);
            writer.Kill();
        }

        DieMidPublish(path, first);

        using var reader = StorageEngine.Open(path, new StorageOptions { Sharing = DocStoreSharing.Shared, ReadOnly = true });
        Assert.Equal(2, Counter(reader));
    }

    // The sequence odd with the visible LSN back at the first commit, as a writer killed between making the
    // sequence odd and writing the second commit's LSN leaves it.
    private static void DieMidPublish(string path, long visible)
    {
        using var shm = DeadWriterLock.Take(path);
        shm.Increment(SharedLayout.SequenceOffset);
        shm.WriteLong(SharedLayout.VisibleLsnOffset, visible);
    }

    private static long Counter(StorageEngine engine)
    {
        using var tx = engine.BeginRead();
        Assert.True(tx.OpenTree("counter")!.TryGet("counter"u8, out var value));
        return BinaryPrimitives.ReadInt64LittleEndian(value.Span);
    }
}
