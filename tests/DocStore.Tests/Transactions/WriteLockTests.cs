using DocStore.BTree;
using DocStore.Storage;
using DocStore.Tests.Support;
using DocStore.Transactions;

namespace DocStore.Tests.Transactions;

public sealed class WriteLockTests
{
    private static StorageOptions WithTimeout(TimeSpan timeout) => new()
    {
        PageSize = 1024,
        Durability = Durability.Full,
        WriteLockTimeout = timeout,
    };

    [Fact]
    public async Task A_second_writer_times_out_with_a_clear_exception()
    {
        using var engine = TestDatabase.OpenMemory(WithTimeout(TimeSpan.FromMilliseconds(50)));
        using var first = engine.BeginWrite();
        var ex = Assert.Throws<WriteLockTimeoutException>(() => engine.BeginWrite());
        Assert.Equal(DocStoreErrorCode.WriteLockTimeout, ex.ErrorCode);
        Assert.Contains("write lock", ex.Message, StringComparison.Ordinal);
        await Assert.ThrowsAsync<WriteLockTimeoutException>(async () => await engine.BeginWriteAsync());
    }

    [Fact]
    public async Task A_second_writer_waits_and_proceeds_once_the_first_commits()
    {
        using var engine = TestDatabase.OpenMemory(WithTimeout(Timeout.InfiniteTimeSpan));
        var first = engine.BeginWrite();
        first.CreateTree("t").Put([1], [1]);

        // BeginWriteAsync gets in line before it returns; only the first writer's end can complete it, so
        // the continuation below records whether that end had come when the second writer got the lock.
        var firstEnded = false;
        var second = engine.BeginWriteAsync().AsTask();
        var sawFirstEnded = second.ContinueWith(_ => Volatile.Read(ref firstEnded), CancellationToken.None, TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);
        Assert.False(second.IsCompleted, "the second writer got the lock while the first held it");

        Volatile.Write(ref firstEnded, true);
        first.Commit();
        using var tx = await HangGuard.WaitAsync(second, "the second writer getting the lock");
        Assert.True(await sawFirstEnded, "the second writer got the lock before the first ended");
        Assert.True(tx.OpenTree("t")!.ContainsKey([1]));
    }

    [Fact]
    public async Task A_write_transaction_begun_on_one_thread_is_used_and_committed_on_others()
    {
        using var engine = TestDatabase.OpenMemory(WithTimeout(TimeSpan.FromSeconds(30)));

        // The thread that begins the transaction stays alive until the others are done, so none of them can
        // be given its id; a thread-affine lock would fail when this transaction releases it elsewhere.
        using var began = new ManualResetEventSlim();
        using var finish = new ManualResetEventSlim();
        WriteTransaction? tx = null;
        var beganOn = 0;
        var first = OnNewThread(() =>
        {
            tx = engine.BeginWriteAsync().AsTask().GetAwaiter().GetResult();
            beganOn = Environment.CurrentManagedThreadId;
            began.Set();
            finish.Wait();
        });
        try
        {
            HangGuard.Until(() => began.IsSet || first.IsCompleted, "the transaction beginning on its thread");
            Assert.True(began.IsSet, first.Exception?.ToString());
            var usedOn = await HangGuard.WaitAsync(
                OnNewThread(() =>
                {
                    var tree = tx!.CreateTree("t");
                    for (var i = 0; i < 20; i++)
                    {
                        tree.Put(TestDatabase.Key(i), TestDatabase.Value(i));
                    }
                }),
                "the writes on a second thread");
            var committedOn = await HangGuard.WaitAsync(OnNewThread(() => tx!.CommitAsync().AsTask().GetAwaiter().GetResult()), "the commit on a third thread");
            Assert.NotEqual(beganOn, usedOn);
            Assert.NotEqual(beganOn, committedOn);
        }
        finally
        {
            finish.Set();
        }

        Assert.Equal(beganOn, await HangGuard.WaitAsync(first, "the first thread's end"));
        using var next = await engine.BeginWriteAsync();
        Assert.Equal(20, Count(next.OpenTree("t")!));
    }

    // Completes with the id of the new thread that ran action, once it returned.
    private static Task<int> OnNewThread(Action action)
    {
        var done = new TaskCompletionSource<int>(TaskCreationOptions.RunContinuationsAsynchronously);
        var thread = new Thread(() =>
        {
            try
            {
                action();
                done.SetResult(Environment.CurrentManagedThreadId);
            }
            catch (Exception ex)
            {
                done.SetException(ex);
            }
        });
        thread.Start();
        return done.Task;
    }

    [Fact]
    public async Task Concurrent_committers_all_succeed_and_share_fsyncs()
    {
        var db = new FaultInjectingStorageDevice("g.db");
        var wal = new FaultInjectingStorageDevice("g.db-wal");
        using var engine = TestDatabase.Open(db, wal, TestDatabase.Small(Durability.Full, autoCheckpoint: 0));
        const int writers = 4, commitsEach = 25;
        await Task.WhenAll(Enumerable.Range(0, writers).Select(w => Task.Run(async () =>
        {
            for (var c = 0; c < commitsEach; c++)
            {
                using var tx = await engine.BeginWriteAsync();
                tx.OpenOrCreateTree("t").Put(TestDatabase.Key((w * 1000) + c), [1]);
                await tx.CommitAsync();
            }
        })));
        using var read = engine.BeginRead();
        Assert.Equal(writers * commitsEach, Count(read.OpenTree("t")!));
        Assert.True(wal.FlushCount <= (writers * commitsEach) + 1);
        Assert.Equal(0, wal.UnsyncedWriteCount);
    }

    private static int Count(global::DocStore.BTree.Tree tree)
    {
        var n = 0;
        var cursor = tree.CreateCursor();
        for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
        {
            n++;
        }

        return n;
    }
}
