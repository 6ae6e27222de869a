using DocStore.BTree;
using DocStore.Storage.Pages;

namespace DocStore.Tests.BTree;

public sealed class KeyHeadsTests
{
    private const int PageSize = 8192;

    [Theory]
    [InlineData(1, false)]
    [InlineData(2, true)]
    [InlineData(3, false)]
    [InlineData(4, true)]
    public void Searching_through_heads_finds_what_searching_the_page_finds(int seed, bool branch)
    {
        var type = branch ? PageType.Branch : PageType.Leaf;
        // Small alphabets, shared prefixes and keys that are prefixes of one another make heads tie, keys
        // end inside the head and probes fall before, between and after the page's keys.
        var random = new Random(seed);
        for (var round = 0; round < 200; round++)
        {
            var keys = RandomSortedKeys(random, random.Next(KeyHeads.MinKeys, 300));
            var page = BuildPage(type, keys);
            var heads = new KeyHeads(KeyHeads.Build(page));
            Assert.True(heads.Exists);
            Assert.Equal(keys.Count, heads.Count);

            foreach (var probe in Probes(random, keys))
            {
                var expected = Node.Search(page, probe, out var expectedFound);
                Assert.Equal(expected, heads.Search(page, probe, out var found));
                Assert.Equal(expectedFound, found);
                Assert.Equal(Node.ChildIndex(page, probe), heads.ChildIndex(page, probe));
            }
        }
    }

    [Fact]
    public void Keys_that_share_a_long_prefix_keep_only_what_follows_it_in_their_heads()
    {
        var keys = Enumerable.Range(0, 40).Select(i => "user10"u8.ToArray().Concat(BitConverter.GetBytes(i).Reverse()).ToArray()).ToList();
        var page = BuildPage(PageType.Leaf, keys);
        var heads = new KeyHeads(KeyHeads.Build(page));
        Assert.Equal("user10"u8.Length + 3, heads.PrefixLength);
        for (var i = 0; i < keys.Count; i++)
        {
            Assert.Equal(i, heads.Search(page, keys[i], out var found));
            Assert.True(found);
        }

        Assert.Equal(0, heads.Search(page, "user0"u8, out _));
        Assert.Equal(0, heads.Search(page, "user1"u8, out _));
        Assert.Equal(keys.Count, heads.Search(page, "user2"u8, out _));
    }

    [Fact]
    public void Pages_with_few_keys_and_pages_that_are_not_nodes_get_no_heads()
    {
        var few = BuildPage(PageType.Leaf, [.. Enumerable.Range(0, KeyHeads.MinKeys - 1).Select(i => new[] { (byte)i })]);
        Assert.Null(KeyHeads.Build(few));

        var overflow = new byte[PageSize];
        PageLayout.Initialize(overflow, PageType.Overflow);
        Assert.Null(KeyHeads.Build(overflow));
    }

    [Fact]
    public void Heads_that_do_not_match_the_page_are_ignored()
    {
        var keys = RandomSortedKeys(new Random(9), 50);
        var heads = new KeyHeads(KeyHeads.Build(BuildPage(PageType.Leaf, keys)));
        var other = BuildPage(PageType.Leaf, keys.Take(20).ToList());

        // A guard against misuse: the combined search falls back to the page when the counts differ.
        var probe = keys[10];
        Assert.Equal(Node.Search(other, probe, out _), Node.Search(other, heads, probe, out var found));
        Assert.True(found);
    }

    private static List<byte[]> RandomSortedKeys(Random random, int count)
    {
        var shared = RandomBytes(random, random.Next(0, 12));
        var set = new SortedSet<byte[]>(Comparer<byte[]>.Create((a, b) => a.AsSpan().SequenceCompareTo(b)));
        while (set.Count < count)
        {
            set.Add([.. shared, .. RandomBytes(random, random.Next(0, 7))]);
        }

        return [.. set];
    }

    private static IEnumerable<byte[]> Probes(Random random, List<byte[]> keys)
    {
        yield return [];
        foreach (var key in keys)
        {
            yield return key;
            yield return key[..random.Next(0, key.Length + 1)];
            yield return [.. key, RandomByte(random)];
            if (key.Length > 0)
            {
                var changed = (byte[])key.Clone();
                changed[random.Next(changed.Length)] = RandomByte(random);
                yield return changed;
            }
        }

        for (var i = 0; i < 50; i++)
        {
            yield return RandomBytes(random, random.Next(0, 16));
        }
    }

    private static byte[] RandomBytes(Random random, int length)
    {
        var bytes = new byte[length];
        for (var i = 0; i < length; i++)
        {
            bytes[i] = RandomByte(random);
        }

        return bytes;
    }

    // Few values, the signed/unsigned boundary among them, so keys collide on prefixes and heads tie.
    private static byte RandomByte(Random random) => (byte)(random.Next(4) switch { 0 => 0x00, 1 => 0x7F, 2 => 0x80, _ => 0xFF });

    private static byte[] BuildPage(PageType type, List<byte[]> keys)
    {
        var cells = keys.Select((key, i) =>
        {
            if (type == PageType.Branch)
            {
                return Node.BranchCell(key, (uint)(100 + i));
            }

            return Node.LeafCell(key, [(byte)i], default, PageSize, compressed: false);
        }).ToList();
        var page = new byte[PageSize];
        Assert.True(Node.Size(cells, 0, cells.Count) <= PageSize - PageLayout.HeaderSize, "the test's keys must fit one page");
        Node.Build(page, type, cells, 0, cells.Count, link: 99);
        return page;
    }
}
