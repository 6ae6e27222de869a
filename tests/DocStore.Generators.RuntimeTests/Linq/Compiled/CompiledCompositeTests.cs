using static DocStore.Generators.RuntimeTests.Linq.Compiled.CompiledQueryFixture;

namespace DocStore.Generators.RuntimeTests.Linq.Compiled;

/// <summary>
/// Walks of the composite index on (Age, Name): equalities on both paths, an equality on Age then a prefix on
/// Name, and either with a residual condition; each equal to the run-time planner's and LINQ-to-objects'
/// results (in key order), with the per-thread counter showing the compiled plan ran.
/// </summary>
public sealed class CompiledCompositeTests(CompiledQueryFixture fixture) : IClassFixture<CompiledQueryFixture>
{
    private readonly LinqDb _db = fixture.Db;
    private readonly IReadOnlyList<LinqItem> _all = fixture.All;

    [Theory]
    [InlineData(3, "ann")]
    [InlineData(5, "bob")]
    [InlineData(8, "")]
    [InlineData(0, "ann")]
    [InlineData(13, "nobody")]
    public async Task Equalities_on_both_paths(int age, string name)
    {
        var expected = _all.Where(p => p.Age == age && p.Name == name).OrderBy(p => p.Id).ToList();
        var (list, ran) = Run(() => _db.LinqItems.Query().Where(p => p.Age == age && p.Name == name).ToList());
        Assert.Equal(Ids(expected), Ids(Runtime(_db.LinqItems.Query().Where(p => p.Age == age && p.Name == name)).ToList()));
        Assert.Equal(Ids(expected), Ids(list));

        // An equality with the default 0 runs as written (a missing Age has no entry of that value).
        Assert.Equal(age != 0, ran);

        var (count, ranCount) = Run(() => _db.LinqItems.Query().Where(p => p.Age == age && p.Name == name).Count());
        Assert.Equal(expected.Count, count);
        Assert.Equal(age != 0, ranCount);

        var first = await _db.LinqItems.Query().Where(p => p.Age == age && p.Name == name).Skip(1).FirstOrDefaultAsync();
        Assert.Equal(expected.Skip(1).FirstOrDefault()?.Id, first?.Id);
    }

    [Theory]
    [InlineData(3, "a", 5)]
    [InlineData(8, "B", 3)]
    [InlineData(2, "É", 9)]
    [InlineData(5, "", 5)]
    public void An_equality_then_a_prefix_with_a_residual(int age, string prefix, int rank)
    {
        var expected = _all.Where(p => p.Age == age && p.Name != null && p.Name.StartsWith(prefix, StringComparison.Ordinal) && p.Rank < rank).OrderBy(p => p.Id).ToList();
        var seen = new List<LinqItem>();
        var (_, ran) = Run(() =>
        {
            foreach (var item in _db.LinqItems.Query().Where(p => p.Age == age && p.Name!.StartsWith(prefix, StringComparison.Ordinal) && p.Rank < rank))
            {
                seen.Add(item);
            }

            return 0;
        });
        Assert.Equal(Ids(expected), Ids(Runtime(_db.LinqItems.Query().Where(p => p.Age == age && p.Name!.StartsWith(prefix, StringComparison.Ordinal) && p.Rank < rank)).ToList()));
        Assert.Equal(Ids(expected), Ids(seen));
        Assert.Equal(prefix.Length > 0, ran);

        var (names, ranNames) = Run(() => _db.LinqItems.Query().Where(p => p.Age == age && p.Name!.StartsWith(prefix)).Select(p => p.Name).ToList());
        Assert.Equal(_all.Where(p => p.Age == age && p.Name != null && p.Name.StartsWith(prefix, StringComparison.Ordinal)).OrderBy(p => p.Id).Select(p => p.Name), names);
        Assert.Equal(prefix.Length > 0, ranNames);
    }
}
