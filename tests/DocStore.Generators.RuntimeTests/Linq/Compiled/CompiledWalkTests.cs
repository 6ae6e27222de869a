using static DocStore.Generators.RuntimeTests.Linq.Compiled.CompiledQueryFixture;

namespace DocStore.Generators.RuntimeTests.Linq.Compiled;

/// <summary>
/// Index walks that test or sort what they find: a range or prefix without an ordering (its matches sorted
/// by key, the run-time order), and a filter split at its top-level &amp;&amp; into the condition the index
/// serves and a residual tested on the stored bytes; at terminal and enumerated call sites, each equal to
/// the run-time planner's and LINQ-to-objects' results, with the per-thread counter showing the compiled plan ran.
/// </summary>
public sealed class CompiledWalkTests(CompiledQueryFixture fixture) : IClassFixture<CompiledQueryFixture>
{
    private readonly LinqDb _db = fixture.Db;
    private readonly IReadOnlyList<LinqItem> _all = fixture.All;

    [Theory]
    [InlineData("C")]
    [InlineData("C1")]
    [InlineData("M10")]
    [InlineData("none")]
    [InlineData("")]
    public async Task A_prefix_without_an_ordering_comes_in_key_order(string prefix)
    {
        var expected = _all.Where(p => p.Code.StartsWith(prefix, StringComparison.Ordinal)).OrderBy(p => p.Id).ToList();
        var (list, ran) = Run(() => _db.LinqItems.Query().Where(p => p.Code.StartsWith(prefix, StringComparison.Ordinal)).ToList());
        Assert.Equal(Ids(expected), Ids(Runtime(_db.LinqItems.Query().Where(p => p.Code.StartsWith(prefix, StringComparison.Ordinal))).ToList()));
        Assert.Equal(Ids(expected), Ids(list));
        Assert.Equal(prefix.Length > 0, ran);

        var (paged, ranPaged) = Run(() => _db.LinqItems.Query().Where(p => p.Code.StartsWith(prefix)).Skip(3).Take(5).ToArray());
        Assert.Equal(Ids(expected.Skip(3).Take(5)), Ids(paged));
        Assert.Equal(prefix.Length > 0, ranPaged);

        var first = await _db.LinqItems.Query().Where(p => p.Code.StartsWith(prefix)).FirstOrDefaultAsync();
        Assert.Equal(expected.FirstOrDefault()?.Id, first?.Id);
    }

    [Theory]
    [InlineData(1, 5)]
    [InlineData(3, 3)]
    [InlineData(6, 2)]
    [InlineData(0, 4)]
    public void A_range_without_an_ordering_comes_in_key_order(int low, int high)
    {
        var expected = _all.Where(p => p.Age >= low && p.Age <= high).OrderBy(p => p.Id).ToList();
        var seen = new List<LinqItem>();
        var (_, ran) = Run(() =>
        {
            foreach (var item in _db.LinqItems.Query().Where(p => p.Age >= low && p.Age <= high))
            {
                seen.Add(item);
            }

            return 0;
        });
        Assert.Equal(Ids(expected), Ids(Runtime(_db.LinqItems.Query().Where(p => p.Age >= low && p.Age <= high)).ToList()));
        Assert.Equal(Ids(expected), Ids(seen));
        Assert.Equal(low > 0 && low <= high, ran);

        var (byKey, ranByKey) = Run(() => _db.LinqItems.Query().Where(p => p.Age > low).OrderBy(p => p.Id).Skip(4).Take(20).ToList());
        Assert.Equal(Ids(_all.Where(p => p.Age > low).OrderBy(p => p.Id).Skip(4).Take(20)), Ids(byKey));
        Assert.True(ranByKey);
    }

    [Theory]
    [InlineData("C", 3)]
    [InlineData("C2", 0)]
    [InlineData("M10", 5)]
    [InlineData("", 3)]
    public void A_prefix_with_a_residual_on_the_stored_bytes(string prefix, int rank)
    {
        var expected = _all.Where(p => p.Code.StartsWith(prefix, StringComparison.Ordinal) && p.Rank < rank).OrderBy(p => p.Id).ToList();
        var (list, ran) = Run(() => _db.LinqItems.Query().Where(p => p.Code.StartsWith(prefix, StringComparison.Ordinal) && p.Rank < rank).ToList());
        Assert.Equal(Ids(expected), Ids(Runtime(_db.LinqItems.Query().Where(p => p.Code.StartsWith(prefix, StringComparison.Ordinal) && p.Rank < rank)).ToList()));
        Assert.Equal(Ids(expected), Ids(list));
        Assert.Equal(prefix.Length > 0, ran);

        var (count, ranCount) = Run(() => _db.LinqItems.Query().Where(p => p.Code.StartsWith(prefix) && p.Rank < rank).Count());
        Assert.Equal(expected.Count, count);
        Assert.Equal(prefix.Length > 0, ranCount);

        var (ordered, ranOrdered) = Run(() => _db.LinqItems.Query().Where(p => p.Code.StartsWith(prefix) && p.Rank < rank).OrderBy(p => p.Code).Skip(1).Take(4).ToList());
        Assert.Equal(Ids(expected.OrderBy(p => p.Code, StringComparer.Ordinal).Skip(1).Take(4)), Ids(ordered));
        Assert.Equal(prefix.Length > 0, ranOrdered);
    }

    [Theory]
    [InlineData(1, 6, true)]
    [InlineData(2, 9, false)]
    [InlineData(5, 5, true)]
    [InlineData(0, 3, true)]
    public void A_range_with_a_residual_in_index_and_key_order(int low, int high, bool active)
    {
        var matches = _all.Where(p => p.Age >= low && p.Age <= high && p.Active == active).ToList();
        var (ordered, ran) = Run(() => _db.LinqItems.Query().Where(p => p.Age >= low && p.Age <= high && p.Active == active).OrderBy(p => p.Age).ThenBy(p => p.Id).ToList());
        var runtime = Runtime(_db.LinqItems.Query().Where(p => p.Age >= low && p.Age <= high && p.Active == active).OrderBy(p => p.Age).ThenBy(p => p.Id)).ToList();
        Assert.Equal(Ids(matches.OrderBy(p => p.Age).ThenBy(p => p.Id)), Ids(runtime));
        Assert.Equal(Ids(runtime), Ids(ordered));
        Assert.Equal(low > 0, ran);

        var seen = new List<LinqItem>();
        var (_, ranEnumerated) = Run(() =>
        {
            seen.AddRange(_db.LinqItems.Query().Where(p => p.Age >= low && p.Age <= high && p.Active));
            return 0;
        });
        var active2 = _all.Where(p => p.Age >= low && p.Age <= high && p.Active).OrderBy(p => p.Id);
        Assert.Equal(Ids(active2), Ids(Runtime(_db.LinqItems.Query().Where(p => p.Age >= low && p.Age <= high && p.Active)).ToList()));
        Assert.Equal(Ids(active2), Ids(seen));
        Assert.Equal(low > 0, ranEnumerated);
    }

    [Theory]
    [InlineData("C007", 5)]
    [InlineData("C007", 200)]
    [InlineData("none", 5)]
    public void A_unique_equality_with_a_residual(string code, int age)
    {
        var expected = _all.Where(p => p.Code == code && p.Age < age).ToList();
        var (one, ran) = Run(() => _db.LinqItems.Query().Where(p => p.Code == code && p.Age < age).SingleOrDefault());
        Assert.Equal(expected.SingleOrDefault()?.Id, one?.Id);
        Assert.Equal(expected.SingleOrDefault()?.Id, Runtime(_db.LinqItems.Query().Where(p => p.Code == code && p.Age < age)).SingleOrDefault()?.Id);
        Assert.True(ran);
    }

    [Theory]
    [InlineData("math", 4)]
    [InlineData("art", 0)]
    [InlineData("nope", 2)]
    public void A_projection_of_a_residual_walk_and_of_a_multikey_seek(string tag, int rank)
    {
        var expected = _all.Where(p => p.Tags?.Contains(tag) == true && p.Rank >= rank).OrderBy(p => p.Id).Select(p => new { p.Code, p.Level }).ToList();
        var rows = new List<(string, int?)>();
        var (_, ran) = Run(() =>
        {
            foreach (var row in _db.LinqItems.Query().Where(p => p.Tags!.Contains(tag) && p.Rank >= rank).Select(p => new { p.Code, p.Level }))
            {
                rows.Add((row.Code, row.Level));
            }

            return 0;
        });
        var runtime = Runtime(_db.LinqItems.Query().Where(p => p.Tags!.Contains(tag) && p.Rank >= rank).Select(p => new { p.Code, p.Level })).ToList();
        Assert.Equal(expected, runtime);
        Assert.Equal(expected.Select(r => (r.Code, r.Level)), rows);
        Assert.True(ran);

        var (codes, ranCodes) = Run(() => _db.LinqItems.Query().Where(p => p.Tags!.Contains(tag)).Select(p => p.Code).ToList());
        Assert.Equal(_all.Where(p => p.Tags?.Contains(tag) == true).OrderBy(p => p.Id).Select(p => p.Code), codes);
        Assert.True(ranCodes);
    }
}
