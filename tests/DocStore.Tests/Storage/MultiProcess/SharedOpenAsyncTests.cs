using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Tests.Support;
using Microsoft.Extensions.Time.Testing;

namespace DocStore.Tests.Storage.MultiProcess;

/// <summary>
/// A shared open that may write waits for the writer turn at open; its asynchronous twin waits between tries
/// without holding a thread. While the crash host's <c>sharedholdwrite</c> holds a write transaction open, the
/// open's task is pending: it opens on that process's commit, or gives up with
/// <see cref="DatabaseBusyException"/> once the busy timeout has passed on the options' clock.
/// </summary>
[Collection(BusyChildProcesses.Name)]
public sealed class SharedOpenAsyncTests
{
    [SharedOpenFact]
    public async Task OpenAsync_waits_for_another_process_turn_and_opens_on_its_commit()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var holder = new CrashHostProcess("sharedholdwrite", path);
        HostLines.WaitFor(holder, l => l == "holding", "the write transaction to begin");

        var open = StorageEngine.OpenAsync(path, new StorageOptions { Sharing = DocStoreSharing.Shared, BusyTimeout = HangGuard.Limit }, CancellationToken.None);
        Assert.False(open.IsCompleted, "OpenAsync completed while another process held the writer turn");

        holder.Send("commit");
        HostLines.WaitFor(holder, l => l == "committed", "the held transaction to commit");
        using (var engine = await open.AsTask().WaitAsync(HangGuard.Limit))
        {
            Assert.Equal(1, Counter(engine));
        }

        holder.CloseInput();
        holder.WaitForExit();
    }

    [SharedOpenFact]
    public async Task OpenAsync_beside_a_held_turn_is_busy_once_the_busy_timeout_has_passed_on_its_clock()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var holder = new CrashHostProcess("sharedholdwrite", path);
        HostLines.WaitFor(holder, l => l == "holding", "the write transaction to begin");
        var clock = new FakeTimeProvider();
        var busyTimeout = TimeSpan.FromSeconds(5);
        var started = clock.GetUtcNow();

        var open = StorageEngine.OpenAsync(path, new StorageOptions { Sharing = DocStoreSharing.Shared, BusyTimeout = busyTimeout, TimeProvider = clock }, CancellationToken.None).AsTask();

        // The fake clock moves in steps; the real pause only lets the wait's next try run (a hang guard bounds it).
        var guard = DateTime.UtcNow + HangGuard.Limit;
        while (!open.IsCompleted)
        {
            Assert.True(DateTime.UtcNow < guard, "OpenAsync never gave up");
            clock.Advance(TimeSpan.FromMilliseconds(250));
            await Task.Delay(1);
        }

        var error = await Assert.ThrowsAsync<DatabaseBusyException>(() => open);
        Assert.InRange(clock.GetUtcNow() - started, busyTimeout, TimeSpan.MaxValue);
        Assert.Equal(path, error.FileName);
        holder.Send("commit");
        HostLines.WaitFor(holder, l => l == "committed", "the held transaction to commit");
        using (var engine = StorageEngine.Open(path, new StorageOptions { Sharing = DocStoreSharing.Shared, BusyTimeout = HangGuard.Limit }))
        {
            Assert.Equal(1, Counter(engine));
        }

        holder.CloseInput();
        holder.WaitForExit();
    }

    private static long Counter(StorageEngine engine)
    {
        using var tx = engine.BeginRead();
        var tree = tx.OpenTree("counter");
        Assert.NotNull(tree);
        Assert.True(tree.TryGet("counter"u8, out var value));
        return System.Buffers.Binary.BinaryPrimitives.ReadInt64LittleEndian(value.Span);
    }
}
