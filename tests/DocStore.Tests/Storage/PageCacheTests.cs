using DocStore.Storage.Cache;

namespace DocStore.Tests.Storage;

public sealed class PageCacheTests
{
    [Fact]
    public void The_cache_never_holds_more_pages_than_its_capacity()
    {
        var cache = new PageCache(16);
        for (uint page = 0; page < 1000; page++)
        {
            cache.Add(page, 0, new byte[8]);
            Assert.True(cache.Count <= cache.Capacity);
        }

        Assert.Equal(16, cache.Count);
        Assert.True(cache.TryGet(999, 0, out _));
        Assert.False(cache.TryGet(0, 0, out _));
    }

    [Fact]
    public void A_page_used_between_insertions_survives_eviction()
    {
        var cache = new PageCache(8);
        var hot = new byte[8];
        cache.Add(1, 0, hot);
        for (uint page = 100; page < 200; page++)
        {
            Assert.True(cache.TryGet(1, 0, out var image));
            Assert.Same(hot, image);
            cache.Add(page, 0, new byte[8]);
        }

        Assert.True(cache.TryGet(1, 0, out _));
    }

    [Fact]
    public void Versions_of_a_page_are_distinct_entries_and_removal_drops_one()
    {
        var cache = new PageCache(8);
        cache.Add(5, 0, [0]);
        cache.Add(5, 42, [42]);
        Assert.True(cache.TryGet(5, 42, out var newer));
        Assert.Equal(42, newer[0]);
        cache.Remove(5, 0);
        Assert.False(cache.TryGet(5, 0, out _));
        Assert.True(cache.TryGet(5, 42, out _));
    }
}
