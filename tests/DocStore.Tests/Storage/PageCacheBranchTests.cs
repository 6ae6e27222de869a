using DocStore.Storage.Cache;
using DocStore.Storage.Pages;

namespace DocStore.Tests.Storage;

/// <summary>The cache keeps B+tree branch pages in preference to other pages, up to their share of its capacity.</summary>
public sealed class PageCacheBranchTests
{
    [Fact]
    public void Branches_nobody_reads_again_outlive_any_number_of_leaves()
    {
        var cache = new PageCache(16);
        for (uint page = 1; page <= 4; page++)
        {
            cache.Add(page, 0, Page(PageType.Branch));
        }

        // A cold lookup's pattern: each leaf read once. CLOCK alone gives the branches no second chance here.
        for (uint page = 100; page < 1100; page++)
        {
            cache.Add(page, 0, Page(PageType.Leaf));
            Assert.True(cache.Count <= cache.Capacity);
        }

        for (uint page = 1; page <= 4; page++)
        {
            Assert.True(cache.TryGet(page, 0, out _), $"branch {page}");
        }

        Assert.Equal(4, cache.BranchCount);
        Assert.True(cache.TryGet(1099, 0, out _));
    }

    [Fact]
    public void Branches_beyond_their_share_are_evicted_like_any_page()
    {
        var cache = new PageCache(8);
        var reserve = (int)(8 * PageCache.BranchShare);
        for (uint page = 1; page <= 8; page++)
        {
            cache.Add(page, 0, Page(PageType.Branch));
        }

        Assert.Equal(8, cache.BranchCount);
        for (uint page = 100; page < 200; page++)
        {
            cache.Add(page, 0, Page(PageType.Leaf));
        }

        // CLOCK took branches until they fit their share, then only leaves.
        Assert.Equal(reserve, cache.BranchCount);
        Assert.Equal(8, cache.Count);
        Assert.True(cache.TryGet(199, 0, out _));
    }

    [Fact]
    public void A_cache_of_nothing_but_branches_still_takes_a_new_page()
    {
        var cache = new PageCache(4);
        for (uint page = 1; page <= 40; page++)
        {
            cache.Add(page, 0, Page(PageType.Branch));
            Assert.True(cache.TryGet(page, 0, out _));
        }

        Assert.Equal(4, cache.Count);
        Assert.Equal(4, cache.BranchCount);
    }

    [Fact]
    public void The_branch_count_follows_removal_rekeying_commits_and_clearing()
    {
        var cache = new PageCache(8);
        cache.Add(1, 0, Page(PageType.Branch));
        cache.Add(2, 5, Page(PageType.Branch));
        cache.Add(3, 0, Page(PageType.Leaf));
        Assert.Equal(2, cache.BranchCount);

        cache.Rekey(2, 5, 0);
        Assert.Equal(2, cache.BranchCount);

        cache.Remove(1, 0);
        Assert.Equal(1, cache.BranchCount);

        cache.AddCommitted([new DocStore.Storage.Paging.CommitPage(2, Page(PageType.Branch), null)], 6, 6);
        Assert.Equal(2, cache.BranchCount);

        cache.Clear();
        Assert.Equal(0, cache.BranchCount);
        Assert.Equal(0, cache.Count);
    }

    [Fact]
    public void Lookups_agree_with_a_model_through_random_branches_leaves_removals_and_evictions()
    {
        var random = new Random(20261207);
        var cache = new PageCache(16);
        var images = new Dictionary<(uint, long), byte[]>();
        for (var step = 0; step < 20_000; step++)
        {
            var page = (uint)random.Next(0, 60);
            var version = random.Next(0, 2) * 100L;
            if (random.Next(5) == 0)
            {
                cache.Remove(page, version);
                images.Remove((page, version));
                continue;
            }

            if (cache.TryGet(page, version, out var found))
            {
                Assert.Same(images[(page, version)], found);
                continue;
            }

            // Low page numbers are the branches, as the upper levels of a tree are few.
            var image = Page(page < 20 ? PageType.Branch : PageType.Leaf);
            cache.Add(page, version, image);
            images[(page, version)] = image;
            Assert.True(cache.Count <= cache.Capacity);
            Assert.InRange(cache.BranchCount, 0, cache.Count);
        }
    }

    private static byte[] Page(PageType type)
    {
        var image = new byte[64];
        PageLayout.Initialize(image, type);
        return image;
    }
}
