using DocStore.Bson.Keys;
using DocStore.BTree;
using DocStore.Engine;
using DocStore.Metadata;
using DocStore.Query;
using DocStore.Tests.Support;

namespace DocStore.Tests.Query;

/// <summary>
/// The ordered walk under every scan, on encoded (category, id) keys: each expectation is computed from the
/// rows themselves (category, then id), not from the key bytes the walk compares.
/// </summary>
public sealed class OrderedWalkTests
{
    private static readonly string[] Categories = ["car", "cat", "dog", "doge", "eel"];

    // Enough rows to span many leaves of the small test pages.
    private static readonly (string Category, long Id)[] Rows =
        [.. Categories.SelectMany(c => Enumerable.Range(0, 300).Select(i => (c, (long)i)))];

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Every_key_comes_in_order(bool descending)
    {
        using var engine = Filled(Rows);
        using var tx = engine.BeginRead();

        Assert.Equal(Ordered(Rows, descending), Walk(tx.OpenTree("t")!, KeyInterval.All, descending));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_prefix_bound_holds_the_keys_whose_leading_component_is_equal(bool descending)
    {
        using var engine = Filled(Rows);
        using var tx = engine.BeginRead();

        // "dog" is a string prefix of "doge" but not a component prefix: doge's rows stay out.
        var walked = Walk(tx.OpenTree("t")!, KeyInterval.Prefix(Key("dog")), descending);

        Assert.Equal(Ordered(Rows.Where(r => r.Category == "dog"), descending), walked);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_string_prefix_bound_holds_the_strings_that_start_with_it(bool descending)
    {
        using var engine = Filled(Rows);
        using var tx = engine.BeginRead();
        var builder = new IndexKeyBuilder();
        builder.AppendStringPrefix("do");

        var walked = Walk(tx.OpenTree("t")!, KeyInterval.Prefix(builder.WrittenSpan.ToArray()), descending);

        Assert.Equal(Ordered(Rows.Where(r => r.Category.StartsWith("do", StringComparison.Ordinal)), descending), walked);
    }

    [Theory]
    [InlineData(false, false, false)]
    [InlineData(false, true, true)]
    [InlineData(true, false, true)]
    [InlineData(true, true, false)]
    public void Inclusive_and_exclusive_bounds_admit_what_they_say(bool descending, bool lowExclusive, bool highInclusive)
    {
        using var engine = Filled(Rows);
        using var tx = engine.BeginRead();
        var bounds = new KeyInterval(Key("cat"), lowExclusive, Key("doge"), highInclusive);

        var expected = Rows.Where(r =>
            (lowExclusive ? string.CompareOrdinal(r.Category, "cat") > 0 : string.CompareOrdinal(r.Category, "cat") >= 0)
            && (highInclusive ? string.CompareOrdinal(r.Category, "doge") <= 0 : string.CompareOrdinal(r.Category, "doge") < 0));

        Assert.Equal(Ordered(expected, descending), Walk(tx.OpenTree("t")!, bounds, descending));
        Assert.Equal(expected.LongCount(), OrderedWalk.Count(tx.OpenTree("t")!, bounds));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void An_empty_tree_or_an_empty_interval_yields_nothing(bool descending)
    {
        using var engine = Filled([]);
        using var tx = engine.BeginRead();
        Assert.Empty(Walk(tx.OpenTree("t")!, KeyInterval.All, descending));
        Assert.Equal(0, OrderedWalk.Count(tx.OpenTree("t")!, KeyInterval.All));

        using var full = Filled(Rows);
        using var read = full.BeginRead();
        Assert.Empty(Walk(read.OpenTree("t")!, KeyInterval.Prefix(Key("cow")), descending));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_continuation_starts_strictly_after_its_key_in_walk_order(bool descending)
    {
        using var engine = Filled(Rows);
        using var tx = engine.BeginRead();
        var bounds = KeyInterval.Prefix(Key("cat"));
        var inCat = Ordered(Rows.Where(r => r.Category == "cat"), descending);
        var after = inCat[100];

        var walked = Walk(tx.OpenTree("t")!, bounds, descending, Key(after.Category, after.Id));

        Assert.Equal(inCat.Skip(101), walked);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_continuation_outside_the_bounds_starts_at_the_bound_or_ends_the_walk(bool descending)
    {
        using var engine = Filled(Rows);
        using var tx = engine.BeginRead();
        var bounds = KeyInterval.Prefix(Key("cat"));
        var inCat = Ordered(Rows.Where(r => r.Category == "cat"), descending);

        // A key before the bounds in walk order changes nothing; one beyond them leaves nothing.
        var before = descending ? Key("dog", 0) : Key("car", 299);
        var beyond = descending ? Key("car", 299) : Key("dog", 0);

        Assert.Equal(inCat, Walk(tx.OpenTree("t")!, bounds, descending, before));
        Assert.Empty(Walk(tx.OpenTree("t")!, bounds, descending, beyond));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Pages_chained_by_their_continuation_cover_the_walk_once(bool descending)
    {
        using var engine = Filled(Rows);
        using var tx = engine.BeginRead();
        var tree = tx.OpenTree("t")!;
        var low = Key("cat");
        var high = Key("doge");

        var pages = new List<List<(string, long)>>();
        byte[]? after = null;
        do
        {
            var progress = new ScanProgress();
            pages.Add([.. EntryScan.Walk(tree, low, high, new ScanPaging(descending, 0, 97, after), progress).Select(e => Decode(e.Key))]);
            after = progress.ResumeAfter;
        }
        while (after is not null);

        var expected = Ordered(Rows.Where(r => r.Category is "cat" or "dog" or "doge"), descending);
        Assert.Equal(expected, pages.SelectMany(p => p));
        Assert.All(pages.SkipLast(1), p => Assert.Equal(97, p.Count));
    }

    private static StorageEngine Filled(IEnumerable<(string Category, long Id)> rows)
    {
        var engine = TestDatabase.OpenMemory();
        using var tx = engine.BeginWrite();
        var tree = tx.OpenOrCreateTree("t");

        // Inserted out of order, so the tree's order is its own doing.
        foreach (var (category, id) in rows.OrderBy(r => (r.Id * 7919) % 1009).ThenBy(r => r.Category, StringComparer.Ordinal))
        {
            tree.Put(Key(category, id), [1]);
        }

        tx.Commit();
        return engine;
    }

    private static List<(string, long)> Walk(Tree tree, KeyInterval bounds, bool descending, byte[]? after = null)
    {
        var cursor = tree.CreateCursor();
        var keys = new List<(string, long)>();
        for (var ok = OrderedWalk.Start(cursor, bounds, descending, after); ok; ok = OrderedWalk.Next(cursor, bounds, descending))
        {
            keys.Add(Decode(cursor.Key));
        }

        return keys;
    }

    private static List<(string Category, long Id)> Ordered(IEnumerable<(string Category, long Id)> rows, bool descending)
    {
        var ascending = rows.OrderBy(r => r.Category, StringComparer.Ordinal).ThenBy(r => r.Id).Select(r => (r.Category, r.Id));
        return [.. descending ? ascending.Reverse() : ascending];
    }

    private static byte[] Key(string category, long? id = null)
    {
        var builder = new IndexKeyBuilder();
        builder.Append(category);
        if (id is { } value)
        {
            builder.Append(value);
        }

        return builder.WrittenSpan.ToArray();
    }

    private static (string, long) Decode(ReadOnlySpan<byte> key)
    {
        var reader = new KeyReader(key);
        return (reader.ReadString(), reader.ReadInt64());
    }
}
