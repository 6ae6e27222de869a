using DocStore.Storage.Cache;
using DocStore.Storage.Paging;

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

    [Fact]
    public void Removing_the_newest_version_of_a_page_leaves_only_the_other_versions_to_find()
    {
        var cache = new PageCache(8);
        cache.Add(5, 0, [0]);
        cache.Add(5, 42, [42]);
        cache.Remove(5, 42);
        Assert.False(cache.TryGet(5, 42, out _));
        Assert.True(cache.TryGet(5, 0, out var file));
        Assert.Equal(0, file[0]);
    }

    [Fact]
    public void An_older_version_cached_after_a_newer_one_leaves_both_findable()
    {
        var cache = new PageCache(8);
        cache.Add(7, 50, [50]);
        cache.Add(7, 10, [10]);
        Assert.True(cache.TryGet(7, 50, out var newer));
        Assert.Equal(50, newer[0]);
        Assert.True(cache.TryGet(7, 10, out var older));
        Assert.Equal(10, older[0]);
        cache.Remove(7, 10);
        Assert.True(cache.TryGet(7, 50, out _));
        Assert.False(cache.TryGet(7, 10, out _));
    }

    [Fact]
    public void Pages_past_the_indexed_range_and_after_a_clear_behave_like_any_other()
    {
        var cache = new PageCache(8);
        var far = PageCache.MaxIndexedPage + 3;
        cache.Add(far, 0, [1]);
        cache.Add(3, 0, [3]);
        Assert.True(cache.TryGet(far, 0, out var image));
        Assert.Equal(1, image[0]);
        cache.Clear();
        Assert.False(cache.TryGet(far, 0, out _));
        Assert.False(cache.TryGet(3, 0, out _));
        cache.Add(3, 0, [4]);
        Assert.True(cache.TryGet(3, 0, out var again));
        Assert.Equal(4, again[0]);
    }

    [Fact]
    public void Lookups_agree_with_a_model_of_the_cache_through_random_adds_removals_and_evictions()
    {
        var random = new Random(20261124);
        var cache = new PageCache(16);
        var images = new Dictionary<(uint, long), byte[]>();
        for (var step = 0; step < 20_000; step++)
        {
            var page = (uint)random.Next(0, 40);
            var version = random.Next(0, 3) * 100L;
            if (random.Next(4) == 0)
            {
                cache.Remove(page, version);
                images.Remove((page, version));
                continue;
            }

            if (cache.TryGet(page, version, out var found))
            {
                // A hit returns the very image cached for that page and version, never another version's.
                Assert.Same(images[(page, version)], found);
                continue;
            }

            var image = new byte[] { (byte)page, (byte)version };
            cache.Add(page, version, image);
            images[(page, version)] = image;
            Assert.True(cache.Count <= cache.Capacity);
        }
    }

    [Fact]
    public void Versions_replaced_before_the_oldest_snapshot_are_evicted_before_current_ones()
    {
        var cache = new PageCache(8);
        for (uint page = 1; page <= 7; page++)
        {
            cache.Add(page, 1, [(byte)page]);
        }

        // Page 1 is committed again and again; nothing reads pages 2-7, which CLOCK alone would evict.
        for (long version = 2; version < 200; version++)
        {
            cache.AddCommitted([new CommitPage(1, [1], null)], version, version - 1);
        }

        for (uint page = 2; page <= 7; page++)
        {
            Assert.True(cache.TryGet(page, 1, out _), $"page {page}");
        }

        Assert.True(cache.TryGet(1, 199, out _));
        Assert.False(cache.TryGet(1, 197, out _));
    }

    [Fact]
    public void A_commit_files_its_pages_at_consecutive_versions_and_what_it_replaced_goes_first()
    {
        var cache = new PageCache(8);
        for (uint page = 1; page <= 5; page++)
        {
            cache.Add(page, 0, [(byte)page]);
        }

        // Pages 1 and 2 are committed together again and again, two versions a commit, each commit made when
        // the previous one is the oldest snapshot; nothing reads pages 3-5, which CLOCK alone would evict.
        long first = 1;
        for (var commit = 0; commit < 100; commit++, first += 2)
        {
            cache.AddCommitted([new CommitPage(1, [1], null), new CommitPage(2, [2], null)], first, first - 1);
            Assert.True(cache.Count <= cache.Capacity);
        }

        var last = first - 2;
        Assert.True(cache.TryGet(1, last, out _));
        Assert.True(cache.TryGet(2, last + 1, out _));

        // The previous commit's versions are what the oldest snapshot reads: they stay too.
        Assert.True(cache.TryGet(1, last - 2, out _));
        Assert.True(cache.TryGet(2, last - 1, out _));
        for (uint page = 3; page <= 5; page++)
        {
            Assert.True(cache.TryGet(page, 0, out _), $"page {page}");
        }

        Assert.False(cache.TryGet(1, last - 6, out _));
        Assert.False(cache.TryGet(2, 0, out _));
    }

    [Fact]
    public void A_replaced_version_an_old_snapshot_may_read_is_evicted_only_as_clock_decides()
    {
        foreach (var (oldest, replacedStays) in new[] { (1L, true), (2L, false) })
        {
            var cache = new PageCache(4);
            cache.Add(1, 1, [1]);
            cache.Add(2, 1, [2]);
            cache.Add(3, 1, [3]);
            cache.Add(1, 2, [1]);

            // An old snapshot reads the replaced version, which gives it CLOCK's second chance.
            Assert.True(cache.TryGet(1, 1, out _));
            cache.AddCommitted([new CommitPage(4, [4], null)], 1, oldest);

            Assert.Equal(replacedStays, cache.TryGet(1, 1, out _));
            Assert.Equal(!replacedStays, cache.TryGet(2, 1, out _));
        }
    }

    [Fact]
    public void Rekeying_moves_the_image_to_the_new_version_without_retiring_it()
    {
        var retired = new List<byte[]>();
        var cache = new PageCache(8, retired.Add);
        byte[] image = [42];
        cache.Add(5, 42, image);
        cache.Rekey(5, 42, 0);

        Assert.False(cache.TryGet(5, 42, out _));
        Assert.True(cache.TryGet(5, 0, out var file));
        Assert.Same(image, file);
        Assert.Empty(retired);

        // When the new version is cached already, the old entry just leaves (and its image is retired once).
        byte[] other = [43];
        cache.Add(6, 43, other);
        cache.Add(6, 0, [0]);
        cache.Rekey(6, 43, 0);
        Assert.False(cache.TryGet(6, 43, out _));
        Assert.Equal(0, cache.TryGet(6, 0)!.Image[0]);
        Assert.Same(other, Assert.Single(retired));

        cache.Clear();
        Assert.Equal(3, retired.Count);
    }
}
