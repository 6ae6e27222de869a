using System.Buffers.Binary;
using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Sharing;
using DocStore.Storage.Wal;
using DocStore.Tests.Support;
using DocStore.Transactions;

namespace DocStore.Tests.Storage.MultiProcess;

/// <summary>
/// A writer process killed in the middle of a WAL restart (docs/storage.md, "Many processes"): it has
/// written the new generation's header to the WAL file but not yet published it in the shared file, whose
/// sequence it left odd. This test stands for that writer: it takes the writer lock through a descriptor of
/// its own, leaves the sequence odd and writes a new header, then lets go as a killed process would. The
/// crash host's <c>sharedtry</c> writer, open all along with the old generation in view, commits next.
/// </summary>
[Collection(BusyChildProcesses.Name)]
public sealed class SharedDeadRestartTests
{
    [SharedOpenFact]
    public void A_commit_after_a_writer_died_mid_restart_lands_in_the_generation_the_wal_file_starts()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        SeedCounter(path, 1);

        using var writer = new CrashHostProcess("sharedtry", path, "-1");
        HostLines.WaitFor(writer, l => l == "ready", "the writer to open");
        DieMidRestart(path);

        writer.Send("increment");
        Assert.Equal("committed", HostLines.WaitFor(writer, l => l != "ready", "the writer's commit"));

        // Killed, so that no close checkpoints the commit into the database file: recovery reads the WAL file,
        // which keeps only frames of the generation its header names.
        writer.Kill();
        using var check = StorageEngine.Open(path, new StorageOptions { ReadOnly = true });
        using var tx = check.BeginRead();
        Assert.True(tx.OpenTree("counter")!.TryGet("counter"u8, out var value));
        Assert.Equal(2, BinaryPrimitives.ReadInt64LittleEndian(value.Span));
    }

    // Everything in the database file: a clean close checkpoints it.
    private static void SeedCounter(string path, long value)
    {
        using var engine = StorageEngine.Open(path, new StorageOptions { PageSize = 1024 });
        using var tx = engine.BeginWrite();
        var bytes = new byte[8];
        BinaryPrimitives.WriteInt64LittleEndian(bytes, value);
        tx.OpenOrCreateTree("counter").Put("counter"u8.ToArray(), bytes);
        tx.Commit();
    }

    // What a writer killed between writing the restarted log's header and publishing it leaves behind.
    private static void DieMidRestart(string path)
    {
        using var shm = DeadWriterLock.Take(path);

        var published = SharedPublication.Read(shm);
        Assert.NotNull(published);
        shm.Increment(SharedLayout.SequenceOffset);

        var header = new byte[WalFormat.HeaderSize];
        WalFormat.WriteHeader(header, 1024, published.Value.Salt ^ 0x5A5A5A5A, published.Value.VisibleLsn + 1);
        using var wal = new FileStream(path + "-wal", FileMode.Open, FileAccess.Write, FileShare.ReadWrite);
        wal.Write(header);
        wal.Flush(flushToDisk: true);
    }
}
