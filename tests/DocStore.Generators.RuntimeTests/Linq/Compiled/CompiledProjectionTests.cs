using static DocStore.Generators.RuntimeTests.Linq.Compiled.CompiledQueryFixture;

namespace DocStore.Generators.RuntimeTests.Linq.Compiled;

/// <summary>A named result type with a constructor and an object initializer.</summary>
public sealed record LinqRow(string Code, int Age)
{
    /// <summary>A nested member, null through a missing parent.</summary>
    public string? City { get; init; }

    /// <summary>A nullable member.</summary>
    public int? Level { get; init; }
}

/// <summary>
/// Compiled projections: a member, a tuple, a named type (constructor and initializer, nested paths), over
/// index seeks, ranges and scans, at terminal and enumerated call sites, each equal to the run-time
/// planner's and LINQ-to-objects' results (a document missing a selected field is projected as
/// deserialized), with the per-thread counter showing the compiled plan ran.
/// </summary>
public sealed class CompiledProjectionTests(CompiledQueryFixture fixture) : IClassFixture<CompiledQueryFixture>
{
    private readonly LinqDb _db = fixture.Db;
    private readonly IReadOnlyList<LinqItem> _all = fixture.All;

    [Theory]
    [InlineData(0)]
    [InlineData(3)]
    [InlineData(6)]
    public void A_member_of_a_scan(int rank)
    {
        var (names, ran) = Run(() => _db.LinqItems.Query().Where(p => p.Rank == rank).Select(p => p.Name).ToList());
        var expected = _all.Where(p => p.Rank == rank).Select(p => p.Name).ToList();
        Assert.Equal(expected, Runtime(_db.LinqItems.Query().Where(p => p.Rank == rank).Select(p => p.Name)).ToList());
        Assert.Equal(expected, names);
        Assert.True(ran);

        var (count, ranCount) = Run(() => _db.LinqItems.Query().Where(p => p.Rank == rank).Select(p => p.Weight).Count());
        Assert.Equal(expected.Count, count);
        Assert.True(ranCount);
    }

    [Theory]
    [InlineData("C000")]
    [InlineData("C919")]
    [InlineData("M1003")]
    [InlineData("none")]
    public void A_tuple_of_a_unique_seek(string code)
    {
        var (row, ran) = Run(() => _db.LinqItems.Query().Where(p => p.Code == code).Select(p => new ValueTuple<string, int, int?>(p.Code, p.Age, p.Level)).FirstOrDefault());
        var expected = _all.Where(p => p.Code == code).Select(p => new ValueTuple<string, int, int?>(p.Code, p.Age, p.Level)).FirstOrDefault();
        Assert.Equal(expected, Runtime(_db.LinqItems.Query().Where(p => p.Code == code).Select(p => new ValueTuple<string, int, int?>(p.Code, p.Age, p.Level))).FirstOrDefault());
        Assert.Equal(expected, row);
        Assert.True(ran);
    }

    [Theory]
    [InlineData(0, 2)]
    [InlineData(1, 2)]
    [InlineData(3, 8)]
    [InlineData(13, 13)]
    public async Task A_named_type_with_nested_members_of_a_range(int low, int high)
    {
        var expected = _all.Where(p => p.Age >= low && p.Age <= high).OrderBy(p => p.Age).ThenBy(p => p.Id)
            .Select(p => new LinqRow(p.Code, p.Age) { City = p.Home?.City, Level = p.Level }).ToList();
        var runtime = Runtime(_db.LinqItems.Query().Where(p => p.Age >= low && p.Age <= high).OrderBy(p => p.Age)
            .Select(p => new LinqRow(p.Code, p.Age) { City = p.Home!.City, Level = p.Level })).ToList();
        Assert.Equal(expected, runtime);

        var before = Run(() => 0);
        var rows = await _db.LinqItems.Query().Where(p => p.Age >= low && p.Age <= high).OrderBy(p => p.Age)
            .Select(p => new LinqRow(p.Code, p.Age) { City = p.Home!.City, Level = p.Level }).ToListAsync();
        Assert.Equal(expected, rows);

        var (array, ran) = Run(() => _db.LinqItems.Query().Where(p => p.Age >= low && p.Age <= high).OrderBy(p => p.Age)
            .Select(p => new LinqRow(p.Code, p.Age) { City = p.Home!.City, Level = p.Level }).ToArray());
        Assert.Equal(expected, array);

        // A range the default 0 falls in runs as written (a missing Age has no index entry).
        Assert.Equal(low > 0, ran);
        Assert.False(before.Compiled);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(5)]
    [InlineData(13)]
    public void Enumerated_projection_of_an_equality(int age)
    {
        var scores = new List<int?>();
        var (_, ran) = Run(() =>
        {
            foreach (var score in _db.LinqItems.Query().Where(p => p.Age == age).Select(p => p.Score))
            {
                scores.Add(score);
            }

            return 0;
        });
        var expected = _all.Where(p => p.Age == age).Select(p => p.Score).ToList();
        Assert.Equal(expected, Runtime(_db.LinqItems.Query().Where(p => p.Age == age).Select(p => p.Score)).ToList());
        Assert.Equal(expected, scores);

        // An equality with the default 0 runs as written (a missing Age has no index entry).
        Assert.Equal(age != 0, ran);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(4)]
    public async Task An_anonymous_type_of_a_scan(int rank)
    {
        var (list, ran) = Run(() => _db.LinqItems.Query().Where(p => p.Rank == rank && p.Active).Select(p => new { p.Name, p.Weight, p.Level }).ToList());
        Assert.Equal(_all.Where(p => p.Rank == rank && p.Active).Select(p => new { p.Name, p.Weight, p.Level }), list);
        Assert.Equal(Runtime(_db.LinqItems.Query().Where(p => p.Rank == rank && p.Active).Select(p => new { p.Name, p.Weight, p.Level })), list);
        Assert.True(ran);

        var first = await _db.LinqItems.Query().Where(p => p.Rank == rank && p.Active).Select(p => new { p.Code, p.Home!.City }).FirstOrDefaultAsync();
        Assert.Equal(_all.Where(p => p.Rank == rank && p.Active).Select(p => new { p.Code, p.Home?.City }).FirstOrDefault(), first);
    }

    [Fact]
    public void A_computed_value_runs_as_written()
    {

        var (computed, ranComputed) = Run(() => _db.LinqItems.Query().Where(p => p.Age == 3).Select(p => p.Rank + 1).ToList());
        Assert.False(ranComputed);
        Assert.Equal(_all.Where(p => p.Age == 3).Select(p => p.Rank + 1), computed);
    }
}
