using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.MultiProcess;

/// <summary>
/// Writers take turns (docs/storage.md, "Turns"): a process that writes without a pause must let a
/// waiting process in between its turns, rather than take the writer lock back before the waiter's next
/// try. This test process commits in a tight loop while the crash host's <c>sharedtry</c> writer, with a
/// busy timeout a few hundred of those commits long, asks for turns; each must commit.
/// </summary>
[Collection(BusyChildProcesses.Name)]
public sealed class SharedTurnFairnessTests
{
    [SharedOpenFact]
    public void A_waiting_process_gets_a_turn_beside_a_process_that_writes_without_pause()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var engine = StorageEngine.Open(path, new StorageOptions { Sharing = DocStoreSharing.Shared, BusyTimeout = Timeout.InfiniteTimeSpan });
        using var other = new CrashHostProcess("sharedtry", path, "1000");
        HostLines.WaitFor(other, l => l == "ready", "the other writer to open");

        using var stop = new CancellationTokenSource();
        var commits = 0L;
        var loop = Task.Run(() =>
        {
            while (!stop.IsCancellationRequested)
            {
                using var tx = engine.BeginWrite();
                tx.OpenOrCreateTree("loop").Put(BitConverter.GetBytes(commits), [1]);
                tx.Commit();
                Interlocked.Increment(ref commits);
            }
        });

        try
        {
            for (var i = 0; i < 10; i++)
            {
                other.Send("try");
                Assert.Equal("committed", HostLines.WaitFor(other, l => l.StartsWith("busy", StringComparison.Ordinal) || l == "committed", "the other process's write"));
            }
        }
        finally
        {
            stop.Cancel();
            loop.Wait(HangGuard.Limit);
        }

        Assert.True(Interlocked.Read(ref commits) > 0);
        other.CloseInput();
        other.WaitForExit();
    }
}
