using static DocStore.Generators.RuntimeTests.Linq.Compiled.CompiledQueryFixture;

namespace DocStore.Generators.RuntimeTests.Linq.Compiled;

/// <summary>
/// Compiled scans over unindexed members of every type the stored test reads (string, double, bool,
/// nullable int), with !=, ||, !, null checks and an ordinal StartsWith: each call site's results equal the
/// run-time planner's and LINQ-to-objects' (a missing member reads as its default or null, as after
/// deserialization), and the per-thread counter shows the compiled plan ran.
/// </summary>
public sealed class CompiledScanTypesTests(CompiledQueryFixture fixture) : IClassFixture<CompiledQueryFixture>
{
    private readonly LinqDb _db = fixture.Db;
    private readonly IReadOnlyList<LinqItem> _all = fixture.All;

    public static TheoryData<string?> Names() => [.. LinqData.Names];

    [Theory]
    [MemberData(nameof(Names))]
    public void String_equality_and_inequality_with_null_and_missing_members(string? name)
    {
        var (equal, ranEqual) = Run(() => _db.LinqItems.Query().Where(p => p.Name == name).ToList());
        Assert.Equal(Ids(_all.Where(p => p.Name == name)), Ids(equal));
        Assert.Equal(Ids(_all.Where(p => p.Name == name)), Ids(Runtime(_db.LinqItems.Query().Where(p => p.Name == name))));
        Assert.True(ranEqual);

        var (other, ranOther) = Run(() => _db.LinqItems.Query().Where(p => name != p.Name).Count());
        Assert.Equal(_all.Count(p => name != p.Name), other);
        Assert.Equal(_all.Count(p => name != p.Name), Runtime(_db.LinqItems.Query().Where(p => name != p.Name)).Count());
        Assert.True(ranOther);
    }

    [Theory]
    [InlineData("a")]
    [InlineData("al")]
    [InlineData("")]
    [InlineData("É")]
    public void An_ordinal_prefix_of_an_unindexed_string(string prefix)
    {
        var seen = new List<LinqItem>();
        var (_, ran) = Run(() =>
        {
            seen.AddRange(_db.LinqItems.Query().Where(p => p.Name!.StartsWith(prefix, StringComparison.Ordinal)));
            return 0;
        });
        var expected = _all.Where(p => p.Name is not null && p.Name.StartsWith(prefix, StringComparison.Ordinal)).ToList();
        Assert.Equal(Ids(expected), Ids(Runtime(_db.LinqItems.Query().Where(p => p.Name!.StartsWith(prefix, StringComparison.Ordinal)))));
        Assert.Equal(Ids(expected), Ids(seen));
        Assert.True(ran);
    }

    [Theory]
    [InlineData(-2.0)]
    [InlineData(0.0)]
    [InlineData(1.5)]
    [InlineData(3.3)]
    public void Doubles_bools_and_disjunctions(double weight)
    {
        var (list, ran) = Run(() => _db.LinqItems.Query().Where(p => p.Weight > weight || !p.Active).OrderBy(p => p.Id).Take(40).ToList());
        var expected = _all.Where(p => p.Weight > weight || !p.Active).Take(40).ToList();
        Assert.Equal(Ids(expected), Ids(Runtime(_db.LinqItems.Query().Where(p => p.Weight > weight || !p.Active).OrderBy(p => p.Id).Take(40))));
        Assert.Equal(Ids(expected), Ids(list));
        Assert.True(ran);

        var (first, ranFirst) = Run(() => _db.LinqItems.Query().Where(p => p.Active && p.Weight <= weight && p.Rank != 3).FirstOrDefault());
        Assert.Equal(_all.FirstOrDefault(p => p.Active && p.Weight <= weight && p.Rank != 3)?.Id, first?.Id);
        Assert.Equal(_all.FirstOrDefault(p => p.Active && p.Weight <= weight && p.Rank != 3)?.Id,
            Runtime(_db.LinqItems.Query().Where(p => p.Active && p.Weight <= weight && p.Rank != 3)).FirstOrDefault()?.Id);
        Assert.True(ranFirst);
    }

    [Theory]
    [InlineData(null)]
    [InlineData(0)]
    [InlineData(2)]
    [InlineData(9)]
    public void Nullable_members_compare_as_lifted_operators(int? level)
    {
        var (list, ran) = Run(() => _db.LinqItems.Query().Where(p => p.Level == level || p.Level > level).ToList());
        var expected = _all.Where(p => p.Level == level || p.Level > level).ToList();
        Assert.Equal(Ids(expected), Ids(Runtime(_db.LinqItems.Query().Where(p => p.Level == level || p.Level > level))));
        Assert.Equal(Ids(expected), Ids(list));
        Assert.True(ran);

        var (missing, ranMissing) = Run(() => _db.LinqItems.Query().Where(p => p.Level != null && p.Name == null).Count());
        Assert.Equal(_all.Count(p => p.Level != null && p.Name == null), missing);
        Assert.True(ranMissing);
    }

    [Fact]
    public void A_form_the_scan_does_not_read_runs_as_written()
    {
        // Members that lead an index, top-level and nested: the run time answers both, with its results.
        var (indexed, ranIndexed) = Run(() => _db.LinqItems.Query().Where(p => p.Name == "ann" || p.Age == 3).ToList());
        Assert.False(ranIndexed);
        Assert.Equal(_all.Where(p => p.Name == "ann" || p.Age == 3).Select(p => p.Id).Order(), Ids(indexed).Order());

        // The Home.City index serves the equality; Active is tested on each match's stored bytes.
        var (nested, ranNested) = Run(() => _db.LinqItems.Query().Where(p => p.Home!.City == "Paris" && p.Active).ToList());
        Assert.True(ranNested);
        Assert.Equal(Ids(_all.Where(p => p.Home?.City == "Paris" && p.Active)), Ids(nested));
    }
}
