using static DocStore.Generators.RuntimeTests.Linq.Compiled.CompiledQueryFixture;

namespace DocStore.Generators.RuntimeTests.Linq.Compiled;

/// <summary>
/// Compiled full scans: comparisons of an unindexed integer member, tested on the stored bytes through the
/// generated field reader, at terminal and enumerated call sites, each equal to the run-time planner's and
/// LINQ-to-objects' results (a missing member reads as 0, as after deserialization; the documents inserted without members have none).
/// </summary>
public sealed class CompiledScanTests(CompiledQueryFixture fixture) : IClassFixture<CompiledQueryFixture>
{
    private readonly LinqDb _db = fixture.Db;
    private readonly IReadOnlyList<LinqItem> _all = fixture.All;

    [Theory]
    [InlineData(-1)]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(4)]
    [InlineData(7)]
    public void A_comparison_of_an_unindexed_member_scans_the_stored_bytes(int rank)
    {
        var into = new List<LinqItem>();
        var (_, ran) = Run(() =>
        {
            into.AddRange(_db.LinqItems.Query().Where(p => p.Rank < rank));
            return 0;
        });
        var expected = _all.Where(p => p.Rank < rank).ToList();
        var runtime = Runtime(_db.LinqItems.Query().Where(p => p.Rank < rank)).ToList();
        Assert.Equal(Ids(expected), Ids(runtime));
        Assert.Equal(Ids(expected), Ids(into));
        Assert.True(ran);

        var (list, ranList) = Run(() => _db.LinqItems.Query().Where(p => p.Rank == rank).ToList());
        Assert.Equal(Ids(_all.Where(p => p.Rank == rank)), Ids(list));
        Assert.True(ranList);
        Assert.Equal(_all.Count(p => p.Rank >= rank), _db.LinqItems.Query().Where(p => p.Rank >= rank).Count());

        // Through a nested object a missing parent reads as null, as on the run time: compiled, with its results.
        var (nested, ranNested) = Run(() => _db.LinqItems.Query().Where(p => p.Home!.Zip < rank).ToList());
        Assert.True(ranNested);
        Assert.Equal(Ids(_all.Where(p => p.Home is not null && p.Home.Zip < rank)), Ids(nested));
        Assert.Equal(Ids(nested), Ids(Runtime(_db.LinqItems.Query().Where(p => p.Home!.Zip < rank))));
    }

    [Theory]
    [InlineData(1, 2)]
    [InlineData(0, 3)]
    [InlineData(3, 1)]
    public void Paged_conjunctions_in_key_order(int low, int high)
    {
        var seen = new List<LinqItem>();
        var (_, ran) = Run(() =>
        {
            foreach (var item in _db.LinqItems.Query().Where(p => p.Rank >= low && high >= p.Rank).OrderBy(p => p.Id).Skip(3).Take(20))
            {
                seen.Add(item);
            }

            return 0;
        });
        var expected = _all.Where(p => p.Rank >= low && p.Rank <= high).OrderBy(p => p.Id).Skip(3).Take(20);
        var runtime = Runtime(_db.LinqItems.Query().Where(p => p.Rank >= low && high >= p.Rank).OrderBy(p => p.Id).Skip(3).Take(20)).ToList();
        Assert.Equal(Ids(expected), Ids(runtime));
        Assert.Equal(Ids(expected), Ids(seen));
        Assert.True(ran);
        Assert.Equal(expected.FirstOrDefault()?.Id, _db.LinqItems.Query().Where(p => p.Rank >= low && high >= p.Rank).OrderBy(p => p.Id).Skip(3).FirstOrDefault()?.Id);
    }
}
