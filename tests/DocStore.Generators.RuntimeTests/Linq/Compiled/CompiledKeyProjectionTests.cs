using static DocStore.Generators.RuntimeTests.Linq.Compiled.CompiledQueryFixture;

namespace DocStore.Generators.RuntimeTests.Linq.Compiled;

/// <summary>
/// Projections after key lookups, and an anonymous type at the end of a chain consumed by enumeration: each
/// equal to the run-time planner's and LINQ-to-objects' results, with the per-thread counter showing the
/// compiled plan ran.
/// </summary>
public sealed class CompiledKeyProjectionTests(CompiledQueryFixture fixture) : IClassFixture<CompiledQueryFixture>
{
    private readonly LinqDb _db = fixture.Db;
    private readonly IReadOnlyList<LinqItem> _all = fixture.All;

    public static TheoryData<int[]> KeyLists => [[1, 2, 3], [250, 7, 7, 1003, 99999, -4], []];

    [Theory]
    [MemberData(nameof(KeyLists))]
    public async Task A_projection_of_key_lookups(int[] ids)
    {
        var expected = _all.Where(p => ids.Contains(p.Id)).OrderBy(p => p.Id).ToList();
        var (codes, ran) = Run(() => _db.LinqItems.Query().Where(p => ids.Contains(p.Id)).Select(p => p.Code).ToList());
        Assert.Equal(expected.Select(p => p.Code), Runtime(_db.LinqItems.Query().Where(p => ids.Contains(p.Id)).Select(p => p.Code)).ToList());
        Assert.Equal(expected.Select(p => p.Code), codes);
        Assert.True(ran);

        var (rows, ranRows) = Run(() => _db.LinqItems.Query().Where(p => ids.Contains(p.Id)).Skip(1).Select(p => new { p.Code, p.Home!.City }).ToList());
        Assert.Equal(expected.Skip(1).Select(p => new { p.Code, p.Home?.City }), rows);
        Assert.True(ranRows);

        var named = new List<LinqRow>();
        var (_, ranNamed) = Run(() =>
        {
            named.AddRange(_db.LinqItems.Query().Where(p => ids.Contains(p.Id)).Select(p => new LinqRow(p.Code, p.Age) { Level = p.Level }));
            return 0;
        });
        Assert.Equal(expected.Select(p => new LinqRow(p.Code, p.Age) { Level = p.Level }), named);
        Assert.True(ranNamed);

        var first = await _db.LinqItems.Query().Where(p => ids.Contains(p.Id)).Select(p => p.Age).FirstOrDefaultAsync();
        Assert.Equal(expected.Select(p => p.Age).FirstOrDefault(), first);
    }

    [Theory]
    [InlineData(3)]
    [InlineData(7)]
    [InlineData(0)]
    public void An_anonymous_type_in_a_chain_consumed_by_foreach(int age)
    {
        var rows = new List<(string?, int)>();
        var (_, ran) = Run(() =>
        {
            foreach (var r in _db.LinqItems.Query().Where(p => p.Age == age).Select(p => new { p.Name, p.Age }))
            {
                rows.Add((r.Name, r.Age));
            }

            return 0;
        });
        var expected = _all.Where(p => p.Age == age).Select(p => new { p.Name, p.Age }).ToList();
        Assert.Equal(expected, Runtime(_db.LinqItems.Query().Where(p => p.Age == age).Select(p => new { p.Name, p.Age })).ToList());
        Assert.Equal(expected.Select(r => (r.Name, r.Age)), rows);

        // An equality with the default 0 runs as written (a missing Age has no index entry).
        Assert.Equal(age != 0, ran);

        var (scanned, ranScan) = Run(() => _db.LinqItems.Query().Where(p => p.Rank < 2).Select(p => new { p.Code, p.Weight }).AsEnumerable().ToList());
        Assert.Equal(_all.Where(p => p.Rank < 2).Select(p => new { p.Code, p.Weight }), scanned);
        Assert.True(ranScan);
    }
}
