using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.MultiProcess;

/// <summary>
/// A writing process keeps the writer lock between its turns while no other process waits (docs/storage.md,
/// "Turns"). This test process writes and then idles with the lock kept; the crash host's <c>sharedtry</c>
/// process, with a busy timeout of zero, must still commit (a kept lock is released to a waiter), and this
/// process must then see that commit in its next write.
/// </summary>
[Collection(BusyChildProcesses.Name)]
public sealed class SharedKeptTurnTests
{
    [SharedOpenFact]
    public void A_lock_kept_between_turns_goes_to_another_process_even_with_no_busy_timeout()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var engine = StorageEngine.Open(path, new StorageOptions { Sharing = DocStoreSharing.Shared });
        using var other = new CrashHostProcess("sharedtry", path, "0");
        HostLines.WaitFor(other, l => l == "ready", "the other writer to open");

        for (var i = 0; i < 3; i++)
        {
            using var tx = engine.BeginWrite();
            tx.OpenOrCreateTree("counter").Put([(byte)i], [1]);
            tx.Commit();
        }

        other.Send("try");
        Assert.Equal("committed", HostLines.WaitFor(other, l => l.StartsWith("busy", StringComparison.Ordinal) || l == "committed", "the other process's write"));

        // The next turn here catches up with the other process's commit before its snapshot.
        using (var tx = engine.BeginWrite())
        {
            var counter = tx.OpenTree("counter")!;
            var cursor = counter.CreateCursor();
            var keys = 0;
            for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
            {
                keys++;
            }

            Assert.Equal(5, keys);
            tx.Rollback();
        }

        other.CloseInput();
        other.WaitForExit();
    }
}
