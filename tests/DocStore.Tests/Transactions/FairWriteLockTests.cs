using DocStore.BTree;
using DocStore.Storage;
using DocStore.Tests.Support;
using DocStore.Transactions;

namespace DocStore.Tests.Transactions;

/// <summary>The write lock serves waiters in the order they came, so a busy writer cannot starve anyone.</summary>
public sealed class FairWriteLockTests
{
    // The waits that must succeed: a hang guard, never reached unless the lock is broken.
    private static readonly TimeSpan Long = HangGuard.Limit;

    [Fact]
    public async Task A_release_hands_the_lock_to_the_waiter_not_to_whoever_asks_next()
    {
        var gate = new WriteLock();
        Assert.True(gate.TryTake());
        var waiter = OnOwnThread(() => gate.Wait(Long));
        await InLine(gate, 1);

        gate.Release();

        // The releasing owner comes straight back, as a writer's next transaction does: it is behind the waiter.
        Assert.False(gate.TryTake());
        Assert.False(gate.Wait(TimeSpan.Zero));
        Assert.True(await waiter);
        var again = OnOwnThread(() => gate.Wait(Long));
        await InLine(gate, 1);
        gate.Release();
        Assert.True(await again);
        gate.Release();
        Assert.True(gate.TryTake());
    }

    [Fact]
    public async Task Sync_and_async_waiters_are_served_in_arrival_order()
    {
        var gate = new WriteLock();
        Assert.True(gate.TryTake());
        var order = new List<int>();
        var waiters = new List<Task>();
        for (var i = 0; i < 6; i++)
        {
            var n = i;
            waiters.Add(n % 2 == 0
                ? OnOwnThread(() => Take(gate.Wait(Long), n))
                : TakeAsync(n));
            await InLine(gate, i + 1);
        }

        gate.Release();
        await Task.WhenAll(waiters);
        Assert.Equal([0, 1, 2, 3, 4, 5], order);
        Assert.True(gate.TryTake());

        void Take(bool taken, int n)
        {
            Assert.True(taken);
            lock (order)
            {
                order.Add(n);
            }

            gate.Release();
        }

        async Task TakeAsync(int n) => Take(await gate.WaitAsync(Long, CancellationToken.None), n);
    }

    [Fact]
    public async Task A_waiter_that_times_out_leaves_the_line_and_the_lock_with_its_owner()
    {
        var gate = new WriteLock();
        Assert.True(gate.TryTake());
        Assert.False(gate.Wait(TimeSpan.FromMilliseconds(30)));
        Assert.False(await gate.WaitAsync(TimeSpan.FromMilliseconds(30), CancellationToken.None));
        Assert.Equal(0, gate.Waiting);
        Assert.False(gate.TryTake());

        gate.Release();
        Assert.True(gate.TryTake());
    }

    [Fact]
    public async Task A_cancelled_async_waiter_leaves_the_line()
    {
        var gate = new WriteLock();
        Assert.True(gate.TryTake());
        using var cancel = new CancellationTokenSource();
        var waiter = gate.WaitAsync(Long, cancel.Token).AsTask();
        await InLine(gate, 1);

        await cancel.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => waiter);
        Assert.Equal(0, gate.Waiting);
        gate.Release();
        Assert.True(gate.TryTake());
    }

    [Fact]
    public async Task Many_sync_and_async_takers_with_short_timeouts_never_hold_it_together()
    {
        var gate = new WriteLock();
        var inside = 0;
        var taken = 0;
        var timedOut = 0;
        static TimeSpan Timeout(int i) => TimeSpan.FromMilliseconds(i % 7 == 0 ? 0 : i % 5 == 0 ? 1 : 200);

        void Hold()
        {
            Assert.Equal(1, Interlocked.Increment(ref inside));
        }

        void Leave()
        {
            Interlocked.Decrement(ref inside);
            Interlocked.Increment(ref taken);
            gate.Release();
        }

        // Blocking takers stay on threads of their own: blocked on pool threads, they kept the async takers
        // the lock was handed to from running, and a loaded CI run passed the 30 s limit.
        void SyncTaker()
        {
            for (var i = 0; i < 400; i++)
            {
                if (!gate.Wait(Timeout(i)))
                {
                    Interlocked.Increment(ref timedOut);
                    continue;
                }

                Hold();
                if (i % 3 == 0)
                {
                    Thread.Yield();
                }

                Leave();
            }
        }

        async Task AsyncTaker()
        {
            for (var i = 0; i < 400; i++)
            {
                if (!await gate.WaitAsync(Timeout(i), CancellationToken.None))
                {
                    Interlocked.Increment(ref timedOut);
                    continue;
                }

                Hold();
                if (i % 3 == 0)
                {
                    await Task.Yield();
                }

                Leave();
            }
        }

        await HangGuard.WaitAsync(Task.WhenAll(Enumerable.Range(0, 8).Select(n => n % 2 == 0 ? OnOwnThread(SyncTaker) : Task.Run(AsyncTaker))), "the takers' rounds");
        Assert.Equal(8 * 400, taken + timedOut);
        Assert.True(taken > 0);
        Assert.Equal(0, gate.Waiting);
        Assert.True(gate.TryTake(), "the lock was left held or with a stale waiter");
    }

    [Fact]
    public void Releasing_a_free_lock_is_refused()
    {
        var gate = new WriteLock();
        Assert.Throws<SynchronizationLockException>(gate.Release);
        Assert.True(gate.TryTake());
        gate.Release();
        Assert.Throws<SynchronizationLockException>(gate.Release);
    }

    [Fact]
    public async Task Closing_the_engine_ends_the_wait_of_a_writer_in_line()
    {
        var engine = TestDatabase.OpenMemory(new StorageOptions { PageSize = 1024, WriteLockTimeout = Long });
        var first = engine.BeginWrite();
        first.CreateTree("t").Put([1], [1]);
        // BeginWriteAsync gets in line before it returns (the engine is open and the lock held): the close
        // below ends a wait that is under way, not one that never began.
        var second = engine.BeginWriteAsync().AsTask();
        Assert.False(second.IsCompleted, "the second writer was not waiting for the lock");

        engine.Dispose();
        await HangGuard.WaitAsync(Assert.ThrowsAsync<ObjectDisposedException>(() => second), "the end of the waiting writer");
    }

    // Blocking waiters get threads of their own: in a loaded CI run a waiter started with Task.Run did not
    // run within the test's 30 s (the thread pool never got to it).
    private static Task<T> OnOwnThread<T>(Func<T> wait) =>
        Task.Factory.StartNew(wait, CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);

    private static Task OnOwnThread(Action wait) =>
        Task.Factory.StartNew(wait, CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);

    // Polls without awaiting, so it needs no pool thread either.
    private static Task InLine(WriteLock gate, int count)
    {
        HangGuard.Until(() => gate.Waiting >= count, "the waiter getting in line");
        return Task.CompletedTask;
    }
}
