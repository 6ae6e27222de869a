using System.Buffers.Binary;
using DocStore.BTree;
using DocStore.Storage.Sharing;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.MultiProcess;

/// <summary>
/// A synchronous shared open that waits for another process's writer turn (the crash host's
/// <c>sharedholdwrite</c> holds a write transaction open) holds up no other open in the process: a
/// synchronous and an asynchronous open of other files complete while it waits, and it opens on that
/// process's commit. Its wait is seen as the waiter it counts in the shared file, not as time passing.
/// </summary>
[Collection(BusyChildProcesses.Name)]
public sealed class SharedOpenRegistryTests
{
    [SharedOpenFact]
    public async Task A_sync_shared_open_waiting_for_a_turn_holds_up_no_open_of_another_file()
    {
        using var dir = new TempDirectory();
        var path = dir.File("held.db");
        using var holder = new CrashHostProcess("sharedholdwrite", path);
        HostLines.WaitFor(holder, l => l == "holding", "the write transaction to begin");

        // Longer than the waits below, so without its own way out the blocked open could free nothing before them.
        var options = new DocStoreOptions { Sharing = DocStoreSharing.Shared, BusyTimeout = HangGuard.Limit * 3 };
        var waiting = Task.Factory.StartNew(() => DocStoreDatabase.Open(path, options), CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);
        HangGuard.Until(() => Waiters(path) > 0 || waiting.IsCompleted, "the shared open to wait for the turn");
        Assert.False(waiting.IsCompleted, "the shared open completed while another process held the writer turn");

        var beside = Task.Factory.StartNew(
            () =>
            {
                using var db = DocStoreDatabase.Open(dir.File("other.db"));
                db.GetCollection("notes").Insert(new Bson.Model.BsonDocument { ["_id"] = 1L });
                return db.GetCollection("notes").Count();
            },
            CancellationToken.None,
            TaskCreationOptions.LongRunning,
            TaskScheduler.Default);
        Assert.Equal(1L, await beside.WaitAsync(HangGuard.Limit));

        var file = await OpenFiles.AcquireAsync(dir.File("third.db"), new DocStoreOptions(), CancellationToken.None).AsTask().WaitAsync(HangGuard.Limit);
        OpenFiles.Release(file);
        Assert.False(waiting.IsCompleted, "the shared open completed while another process held the writer turn");

        holder.Send("commit");
        HostLines.WaitFor(holder, l => l == "committed", "the held transaction to commit");
        using (var opened = await waiting.WaitAsync(HangGuard.Limit))
        {
            using var tx = opened.Engine.BeginRead();
            Assert.NotNull(tx.OpenTree("counter"));
        }

        holder.CloseInput();
        holder.WaitForExit();
    }

    // The processes counted as waiting for the writer lock, read from the shared file beside the database.
    private static int Waiters(string path)
    {
        using var shm = new FileStream(SharedMemoryFile.PathFor(path), FileMode.Open, FileAccess.Read, FileShare.ReadWrite);
        Span<byte> field = stackalloc byte[4];
        shm.Position = SharedLayout.WaitersOffset;
        shm.ReadExactly(field);
        return BinaryPrimitives.ReadInt32LittleEndian(field);
    }
}
