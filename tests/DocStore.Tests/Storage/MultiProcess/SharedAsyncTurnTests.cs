using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.MultiProcess;

/// <summary>
/// The asynchronous APIs of a shared open wait for another process's writer turn between tries, handing
/// their thread back: while the crash host's <c>sharedholdwrite</c> holds a write transaction open, the
/// call returns a task that is still pending, which completes (on that process's commit) once the turn is free.
/// </summary>
[Collection(BusyChildProcesses.Name)]
public sealed class SharedAsyncTurnTests
{
    [SharedOpenFact]
    public async Task CheckpointAsync_waits_for_another_process_turn_without_holding_the_caller()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var engine = StorageEngine.Open(path, Options());
        using var holder = new CrashHostProcess("sharedholdwrite", path);
        HostLines.WaitFor(holder, l => l == "holding", "the write transaction to begin");

        var checkpoint = engine.CheckpointAsync();
        Assert.False(checkpoint.IsCompleted, "CheckpointAsync completed while another process held the writer turn");

        holder.Send("commit");
        HostLines.WaitFor(holder, l => l == "committed", "the held transaction to commit");
        await checkpoint.AsTask().WaitAsync(HangGuard.Limit);
        Assert.Equal(1, Counter(engine));
        holder.CloseInput();
        holder.WaitForExit();
    }

    [SharedOpenFact]
    public async Task BeginWriteAsync_waits_for_another_process_turn_and_builds_on_its_commit()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var engine = StorageEngine.Open(path, Options());
        using var holder = new CrashHostProcess("sharedholdwrite", path);
        HostLines.WaitFor(holder, l => l == "holding", "the write transaction to begin");

        var begin = engine.BeginWriteAsync();
        Assert.False(begin.IsCompleted, "BeginWriteAsync completed while another process held the writer turn");

        holder.Send("commit");
        HostLines.WaitFor(holder, l => l == "committed", "the held transaction to commit");
        using (var tx = await begin.AsTask().WaitAsync(HangGuard.Limit))
        {
            Assert.NotNull(tx.OpenTree("counter"));
            tx.Rollback();
        }

        Assert.Equal(1, Counter(engine));
        holder.CloseInput();
        holder.WaitForExit();
    }

    // The busy timeout is only a hang guard: the tests decide on the holder's lines.
    private static StorageOptions Options() => new() { Sharing = DocStoreSharing.Shared, BusyTimeout = HangGuard.Limit };

    private static long Counter(StorageEngine engine)
    {
        using var tx = engine.BeginRead();
        var tree = tx.OpenTree("counter");
        Assert.NotNull(tree);
        Assert.True(tree.TryGet("counter"u8, out var value));
        return System.Buffers.Binary.BinaryPrimitives.ReadInt64LittleEndian(value.Span);
    }
}
