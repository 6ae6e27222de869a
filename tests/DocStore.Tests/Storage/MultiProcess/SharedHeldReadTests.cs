using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Tests.Support;
using DocStore.Transactions;

namespace DocStore.Tests.Storage.MultiProcess;

/// <summary>
/// While a writing process holds the writer lock (in a turn, or kept between turns), its read transactions
/// set no mark: no other process can copy or restart then. The release marks the snapshots of the readers
/// still live (docs/storage.md, "The protocol"). This test process writes, keeps the lock and begins a read;
/// the crash host's <c>sharedwrite</c> process then gets the lock and checkpoints every 25 commits, printing
/// "ckpt True" only when it emptied the log. While the read is live none may, and the read must keep its
/// snapshot; once it ends, one must.
/// </summary>
[Collection(BusyChildProcesses.Name)]
public sealed class SharedHeldReadTests
{
    [SharedOpenFact]
    public void A_read_begun_while_the_lock_was_kept_holds_the_other_process_checkpoints_back_until_it_ends()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var engine = StorageEngine.Open(path, new StorageOptions { Sharing = DocStoreSharing.Shared });
        for (var i = 0; i < 3; i++)
        {
            using var write = engine.BeginWrite();
            write.OpenOrCreateTree("mine").Put([(byte)i], new byte[400]);
            write.Commit();
        }

        var read = engine.BeginRead();
        var digest = Digest(read);

        // Its open waits for the kept lock, which this idle process releases, marking the live read.
        using var writer = new CrashHostProcess("sharedwrite", path);
        for (var i = 0; i < 2; i++)
        {
            Assert.Equal("ckpt False", HostLines.WaitFor(writer, l => l.StartsWith("ckpt ", StringComparison.Ordinal), "a checkpoint beside the read"));
        }

        Assert.Equal(digest, Digest(read));
        Assert.Null(read.OpenTree("shared"));
        read.Dispose();

        HostLines.WaitFor(writer, l => l == "ckpt True", "a checkpoint that empties the log once the read ended");
        writer.CloseInput();
        HostLines.WaitFor(writer, l => l == "closed", "the writer to close");

        using var after = engine.BeginRead();
        Assert.NotNull(after.OpenTree("shared"));
        Assert.Equal(digest, Digest(after));
    }

    private static int Digest(Transaction tx)
    {
        var hash = default(HashCode);
        var cursor = tx.OpenTree("mine")!.CreateCursor();
        for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
        {
            hash.AddBytes(cursor.Key);
            hash.AddBytes(cursor.Value.Span);
        }

        return hash.ToHashCode();
    }
}
