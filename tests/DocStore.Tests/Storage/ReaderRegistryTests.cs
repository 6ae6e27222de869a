using DocStore.Storage.Paging;

namespace DocStore.Tests.Storage;

public sealed class ReaderRegistryTests
{
    [Fact]
    public void The_oldest_snapshot_is_tracked_as_readers_come_and_go_across_commits()
    {
        var registry = new ReaderRegistry();
        long visible = 10;
        var a = registry.Register(() => visible);
        var b = registry.Register(() => visible);
        visible = 20;
        var c = registry.Register(() => visible);
        Assert.Equal(10, registry.Oldest(none: 99));

        registry.Unregister(a);
        Assert.Equal(10, registry.Oldest(none: 99));
        registry.Unregister(b);
        Assert.Equal(20, registry.Oldest(none: 99));
        registry.Unregister(c);
        Assert.Equal(99, registry.Oldest(none: 99));
    }

    [Fact]
    public void A_checkpoint_action_runs_only_when_no_reader_is_registered()
    {
        var registry = new ReaderRegistry();
        var ran = 0;
        var lsn = registry.Register(() => 5);
        Assert.False(registry.RunIfNoReaders(() => ran++));
        registry.Unregister(lsn);
        Assert.True(registry.RunIfNoReaders(() => ran++));
        Assert.Equal(1, ran);
    }

    [Fact]
    public void Oldest_agrees_with_a_model_of_live_snapshots_through_random_registrations()
    {
        var random = new Random(77);
        var registry = new ReaderRegistry();
        var live = new List<long>();
        long visible = 1;
        for (var step = 0; step < 20_000; step++)
        {
            switch (random.Next(5))
            {
                case 0:
                    visible += random.Next(1, 3);
                    break;
                case 1:
                case 2:
                    live.Add(registry.Register(() => visible));
                    break;
                default:
                    if (live.Count > 0)
                    {
                        var i = random.Next(live.Count);
                        registry.Unregister(live[i]);
                        live.RemoveAt(i);
                    }

                    break;
            }

            Assert.Equal(live.Count == 0 ? long.MaxValue : live.Min(), registry.Oldest(none: long.MaxValue));
        }
    }
}
