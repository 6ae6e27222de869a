using System.Buffers.Binary;
using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Tests.Support;
using DocStore.Transactions;

namespace DocStore.Tests.Storage.MultiProcess;

/// <summary>
/// A reader that opens beside a writer whose commit is in the WAL but not yet published (under Full
/// durability, until its fsync ends) recovers only what was published: the writer may still die before
/// publishing, and the next writer then writes its own frames over that commit's. Open-file-description
/// locks belong to a descriptor, so the writer and the reader opened here stand for two processes.
/// </summary>
public sealed class SharedUnpublishedCommitTests
{
    [SharedOpenFact]
    public async Task A_reader_opening_beside_a_commit_waiting_for_its_fsync_recovers_only_published_commits()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var gate = new ManualResetEventSlim(true);
        var held = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        using var writer = StorageEngine.Open(path, new StorageOptions
        {
            Sharing = DocStoreSharing.Shared,
            Durability = Durability.Full,
            AutoCheckpointFrames = 0,
            LogDevices = device => FlushHookDevice.Gated(device, gate, held),
        });
        SetCounter(writer, 1);

        gate.Reset();
        var commit = Task.Run(() => SetCounter(writer, 2));
        await held.Task.WaitAsync(HangGuard.Limit);

        // The second commit's frames are in the WAL file and its writer waits in the fsync.
        using var reader = StorageEngine.Open(path, new StorageOptions { Sharing = DocStoreSharing.Shared, ReadOnly = true });
        Assert.Equal(1, Counter(reader));

        gate.Set();
        await commit.WaitAsync(HangGuard.Limit);
        Assert.Equal(2, Counter(reader));
    }

    private static void SetCounter(StorageEngine engine, long value)
    {
        using var tx = engine.BeginWrite();
        var bytes = new byte[8];
        BinaryPrimitives.WriteInt64LittleEndian(bytes, value);
        tx.OpenOrCreateTree("counter").Put("counter"u8.ToArray(), bytes);
        tx.Commit();
    }

    private static long Counter(StorageEngine engine)
    {
        using var tx = engine.BeginRead();
        Assert.True(tx.OpenTree("counter")!.TryGet("counter"u8, out var value));
        return BinaryPrimitives.ReadInt64LittleEndian(value.Span);
    }
}
