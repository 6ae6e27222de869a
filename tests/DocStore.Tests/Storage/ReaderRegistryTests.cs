using DocStore.Storage.Paging;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage;

public sealed class ReaderRegistryTests
{
    [Fact]
    public void The_oldest_snapshot_is_tracked_as_readers_come_and_go_across_commits()
    {
        var registry = new ReaderRegistry(visibleLsn: 10);
        var a = registry.Register();
        var b = registry.Register();
        registry.Publish(20);
        var c = registry.Register();
        Assert.Equal(10, a.Lsn);
        Assert.Equal(20, c.Lsn);
        registry.Publish(30);
        Assert.Equal(10, registry.Oldest());

        a.Leave();
        Assert.Equal(10, registry.Oldest());
        b.Leave();
        Assert.Equal(20, registry.Oldest());
        c.Leave();
        Assert.Equal(30, registry.Oldest());
    }

    [Fact]
    public void Publishing_never_moves_the_visible_snapshot_back()
    {
        var registry = new ReaderRegistry(visibleLsn: 5);
        registry.Publish(9);
        registry.Publish(7);
        registry.Publish(9);
        Assert.Equal(9, registry.VisibleLsn);
        Assert.Equal(9, registry.Register().Lsn);
    }

    [Fact]
    public void A_checkpoint_action_runs_only_when_no_reader_is_registered()
    {
        var registry = new ReaderRegistry(visibleLsn: 5);
        var ran = 0;
        var reader = registry.Register();
        Assert.False(registry.RunIfNoReaders(() => ran++));
        registry.Publish(6);
        Assert.False(registry.RunIfNoReaders(() => ran++));
        reader.Leave();
        Assert.True(registry.RunIfNoReaders(() => ran++));
        Assert.Equal(1, ran);
    }

    [Fact]
    public void Oldest_agrees_with_a_model_of_live_snapshots_through_random_registrations()
    {
        var random = new Random(77);
        var registry = new ReaderRegistry(visibleLsn: 1);
        var live = new List<ReaderSnapshot>();
        long visible = 1;
        for (var step = 0; step < 20_000; step++)
        {
            switch (random.Next(5))
            {
                case 0:
                    visible += random.Next(1, 3);
                    registry.Publish(visible);
                    break;
                case 1:
                case 2:
                    var reader = registry.Register();
                    Assert.Equal(visible, reader.Lsn);
                    live.Add(reader);
                    break;
                default:
                    if (live.Count > 0)
                    {
                        var i = random.Next(live.Count);
                        live[i].Leave();
                        live.RemoveAt(i);
                    }

                    break;
            }

            Assert.Equal(live.Count == 0 ? visible : Math.Min(visible, live.Min(r => r.Lsn)), registry.Oldest());
        }
    }

    [Fact]
    public async Task Under_concurrent_readers_and_commits_no_later_oldest_passes_a_registered_reader()
    {
        // The checkpoint's safety rule: once Register returned a snapshot, every Oldest() that starts later
        // (until the reader leaves) is at or before it. Readers, a publisher and a checkpointer race here
        // with no lock of the test's own; each reader checks the first Oldest() that began after it registered,
        // for a fixed number of registrations (the checkpointer runs until they are done, so one always comes).
        const int ReaderCount = 3, ChecksEach = 1_000;
        var registry = new ReaderRegistry(visibleLsn: 1);
        var stop = false;
        var started = 0L;
        Observation? latest = null;
        var violations = 0;
        var checkedReads = 0;

        var publisher = Threads.Start(() =>
        {
            for (var lsn = 2L; !Volatile.Read(ref stop); lsn++)
            {
                registry.Publish(lsn);
                Thread.SpinWait(50);
            }
        });
        var checkpointer = Threads.Start(() =>
        {
            while (!Volatile.Read(ref stop))
            {
                var start = Interlocked.Increment(ref started);
                Volatile.Write(ref latest, new Observation(start, registry.Oldest()));
            }
        });
        var readers = Enumerable.Range(0, ReaderCount).Select(_ => Threads.Start(() =>
        {
            for (var i = 0; i < ChecksEach && !Volatile.Read(ref stop); i++)
            {
                var snapshot = registry.Register();
                var registeredBefore = Volatile.Read(ref started);
                Observation? seen;
                var spin = new SpinWait();
                while (((seen = Volatile.Read(ref latest)) is null || seen.Start <= registeredBefore) && !Volatile.Read(ref stop))
                {
                    // Yields rather than sleeps, so the race stays tight and the checkpointer gets a core.
                    spin.SpinOnce(sleep1Threshold: -1);
                }

                if (seen is not null && seen.Start > registeredBefore)
                {
                    Interlocked.Increment(ref checkedReads);
                    if (seen.Oldest > snapshot.Lsn)
                    {
                        Interlocked.Increment(ref violations);
                    }
                }

                snapshot.Leave();
            }
        })).ToArray();

        try
        {
            await HangGuard.WaitAsync(Task.WhenAll(readers), "the readers' checks against a later Oldest()");
        }
        finally
        {
            Volatile.Write(ref stop, true);
            await Task.WhenAll([.. readers, publisher, checkpointer]);
        }

        Assert.Equal(0, violations);
        Assert.Equal(ReaderCount * ChecksEach, checkedReads);
    }

    [Fact]
    public async Task Under_concurrent_readers_a_checkpoint_action_never_runs_while_a_reader_is_registered()
    {
        // Publishes and checkpoint actions race three readers until the action found a moment without readers
        // a fixed number of times and the readers registered many times meanwhile: counts, not a duration.
        const int ActionsWanted = 20, RegistrationsWanted = 30_000;
        var registry = new ReaderRegistry(visibleLsn: 1);
        var inside = 0;
        var stop = false;
        var ranWhileReading = 0;
        var actions = 0;
        var registrations = 0L;
        var readers = Enumerable.Range(0, 3).Select(_ => Threads.Start(() =>
        {
            while (!Volatile.Read(ref stop))
            {
                var snapshot = registry.Register();
                Interlocked.Increment(ref registrations);
                Interlocked.Increment(ref inside);
                Thread.SpinWait(20);
                Interlocked.Decrement(ref inside);
                snapshot.Leave();
            }
        })).ToArray();

        var checkpointer = Threads.Start(() =>
        {
            var lsn = 1L;
            while (!Volatile.Read(ref stop) && (actions < ActionsWanted || Interlocked.Read(ref registrations) < RegistrationsWanted))
            {
                registry.Publish(++lsn);
                registry.RunIfNoReaders(() =>
                {
                    actions++;
                    if (Volatile.Read(ref inside) != 0)
                    {
                        ranWhileReading++;
                    }

                    Thread.SpinWait(50);
                    if (Volatile.Read(ref inside) != 0)
                    {
                        ranWhileReading++;
                    }
                });
            }
        });

        try
        {
            await HangGuard.WaitAsync(checkpointer, $"{ActionsWanted} checkpoint actions between readers");
        }
        finally
        {
            Volatile.Write(ref stop, true);
            await Task.WhenAll([.. readers, checkpointer]);
        }

        Assert.Equal(0, ranWhileReading);
        Assert.True(actions >= ActionsWanted, $"the action found a moment without readers only {actions} times");
    }

    private sealed record Observation(long Start, long Oldest);

    /// <summary>Dedicated threads, so spinning loops never wait for the thread pool.</summary>
    private static class Threads
    {
        public static Task Start(Action body) => Task.Factory.StartNew(body, CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);
    }
}
