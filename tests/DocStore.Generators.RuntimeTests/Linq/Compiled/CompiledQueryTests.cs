using static DocStore.Generators.RuntimeTests.Linq.Compiled.CompiledQueryFixture;

namespace DocStore.Generators.RuntimeTests.Linq.Compiled;

/// <summary>
/// Fixed query call sites of every form the generator compiles (equality, range, prefix; ordering, Skip,
/// Take; each terminal), over values that hit, miss, and fall back to the run-time planner (null, the
/// member's default, an empty prefix). Each result equals the run-time planner's and LINQ-to-objects'.
/// </summary>
public sealed class CompiledQueryTests(CompiledQueryFixture fixture) : IClassFixture<CompiledQueryFixture>
{
    private readonly LinqDb _db = fixture.Db;
    private readonly IReadOnlyList<LinqItem> _all = fixture.All;

    public static TheoryData<int> Ages => [-1, 0, 1, 2, 3, 5, 8, 13, 40];

    public static TheoryData<string?> Codes => ["C000", "C919", "M1003", "nope", "", null];

    public static TheoryData<string> Prefixes => ["C", "C9", "C91", "M10", "x", ""];

    public static TheoryData<string?> Cities => ["London", "london", "Paris", "Lo", "", "Nowhere", null];

    [Theory]
    [MemberData(nameof(Ages))]
    public void Equality_on_an_integer_member(int age)
    {
        var (compiled, ran) = Run(() => _db.LinqItems.Query().Where(p => p.Age == age).ToList());
        var runtime = Runtime(_db.LinqItems.Query().Where(p => p.Age == age)).ToList();
        Same(_all.Where(p => p.Age == age), compiled, runtime);
        Assert.Equal(age != 0, ran);

        Assert.Equal(_all.Count(p => p.Age == age), _db.LinqItems.Query().Where(p => p.Age == age).Count());
        Assert.Equal(_all.LongCount(p => p.Age == age), _db.LinqItems.Query().Where(p => p.Age == age).LongCount());
        Assert.Equal(_all.Any(p => p.Age == age), _db.LinqItems.Query().Where(p => age == p.Age).Any());
        Same(_all.Where(p => p.Age == age).OrderBy(p => p.Age), _db.LinqItems.Query().Where(p => p.Age == age).OrderBy(p => p.Age).ToList(), null);
        Same(_all.Where(p => p.Age == age).OrderByDescending(p => p.Age).ThenBy(p => p.Id), _db.LinqItems.Query().Where(p => p.Age == age).OrderByDescending(p => p.Age).ThenBy(p => p.Id).ToList(), null);
        Same(_all.Where(p => p.Age == age).Skip(3).Take(4), _db.LinqItems.Query().Where(p => p.Age == age).Skip(3).Take(4).ToList(), null);
        Same(_all.Where(p => p.Age == age).Take(2), _db.LinqItems.Query().Where(p => p.Age == age).OrderBy(p => p.Id).Take(2).ToArray(), null);
        Assert.Equal(_all.Where(p => p.Age == age).Skip(1).Take(5).Count(), _db.LinqItems.Query().Where(p => p.Age == age).Skip(1).Take(5).Count());
        Assert.Equal(_all.FirstOrDefault(p => p.Age == age)?.Id, _db.LinqItems.Query().Where(p => p.Age == age).FirstOrDefault()?.Id);
    }

    [Theory]
    [MemberData(nameof(Codes))]
    public async Task Equality_on_a_unique_string_member(string? code)
    {
        var (compiled, ran) = Run(() => _db.LinqItems.Query().Where(p => p.Code == code).FirstOrDefault());
        var runtime = Runtime(_db.LinqItems.Query().Where(p => p.Code == code)).FirstOrDefault();
        var expected = _all.FirstOrDefault(p => p.Code == code);
        Assert.Equal(expected?.Id, compiled?.Id);
        Assert.Equal(expected?.Id, runtime?.Id);
        // Code's initializer is "": a document without Code matches "", which the planner answers.
        Assert.Equal(code is not null && code.Length > 0, ran);

        Same(_all.Where(p => p.Code == code), _db.LinqItems.Query().Where(p => p.Code == code).ToList(), null);
        Same(_all.Where(p => p.Code == code), await _db.LinqItems.Query().Where(p => p.Code == code).ToListAsync(), null);
        Same(_all.Where(p => p.Code == code), await _db.LinqItems.Query().Where(p => p.Code == code).ToArrayAsync(), null);
        Assert.Equal(expected?.Id, (await _db.LinqItems.Query().Where(p => p.Code == code).FirstOrDefaultAsync())?.Id);
        Assert.Equal(expected?.Id, _db.LinqItems.Query().Where(p => p.Code == code).SingleOrDefault()?.Id);
        Assert.Equal(expected?.Id, (await _db.LinqItems.Query().Where(p => p.Code == code).SingleOrDefaultAsync())?.Id);
        Assert.Equal(expected is null ? 0 : 1, _db.LinqItems.Query().Where(p => p.Code == code).Count());
        Assert.Equal(expected is null ? 0 : 1, await _db.LinqItems.Query().Where(p => p.Code == code).CountAsync());
        Assert.Equal(expected is null ? 0 : 1L, await _db.LinqItems.Query().Where(p => p.Code == code).LongCountAsync());
        Assert.Equal(expected is not null, await _db.LinqItems.Query().Where(p => p.Code == code).AnyAsync());
        Assert.Null(_db.LinqItems.Query().Where(p => p.Code == code).Skip(1).FirstOrDefault());
        if (expected is null)
        {
            Assert.Throws<InvalidOperationException>(() => _db.LinqItems.Query().Where(p => p.Code == code).First());
            Assert.Throws<InvalidOperationException>(() => _db.LinqItems.Query().Where(p => p.Code == code).Single());
            await Assert.ThrowsAsync<InvalidOperationException>(async () => await _db.LinqItems.Query().Where(p => p.Code == code).FirstAsync());
        }
        else
        {
            Assert.Equal(expected.Id, _db.LinqItems.Query().Where(p => p.Code == code).First().Id);
            Assert.Equal(expected.Id, _db.LinqItems.Query().Where(p => p.Code == code).Single().Id);
            Assert.Equal(expected.Id, (await _db.LinqItems.Query().Where(p => p.Code == code).SingleAsync()).Id);
        }
    }

    [Theory]
    [MemberData(nameof(Cities))]
    public void Equality_on_a_nested_path(string? city)
    {
        var (compiled, ran) = Run(() => _db.LinqItems.Query().Where(p => p.Home!.City == city).ToList());
        var runtime = Runtime(_db.LinqItems.Query().Where(p => p.Home!.City == city)).ToList();
        Same(_all.Where(p => p.Home?.City == city), compiled, runtime);
        Assert.Equal(city is not null, ran);
        Assert.Equal(_all.Count(p => p.Home?.City == city), _db.LinqItems.Query().Where(p => p.Home!.City == city).Count());
        Same(_all.Where(p => p.Home?.City == city).Skip(2), _db.LinqItems.Query().Where(p => p.Home!.City == city).OrderBy(p => p.Home!.City).Skip(2).ToList(), null);
    }

    [Theory]
    [InlineData(1, 5)]
    [InlineData(2, 2)]
    [InlineData(-5, 3)]
    [InlineData(3, 1)]
    [InlineData(8, 100)]
    [InlineData(14, 20)]
    public void Range_on_an_integer_member(int low, int high)
    {
        var (compiled, ran) = Run(() => _db.LinqItems.Query().Where(p => p.Age >= low && p.Age <= high).OrderBy(p => p.Age).ToList());
        var runtime = Runtime(_db.LinqItems.Query().Where(p => p.Age >= low && p.Age <= high).OrderBy(p => p.Age)).ToList();
        Same(_all.Where(p => p.Age >= low && p.Age <= high).OrderBy(p => p.Age), compiled, runtime);
        Assert.Equal(low > 0 && low <= high, ran);

        Same(_all.Where(p => p.Age >= low && p.Age <= high).OrderBy(p => p.Age).ThenBy(p => p.Id), _db.LinqItems.Query().Where(p => p.Age >= low && p.Age <= high).OrderBy(p => p.Age).ThenBy(p => p.Id).ToList(), null);
        Same(
            _all.Where(p => p.Age > low && p.Age < high).OrderByDescending(p => p.Age).ThenByDescending(p => p.Id),
            _db.LinqItems.Query().Where(p => p.Age > low && p.Age < high).OrderByDescending(p => p.Age).ThenByDescending(p => p.Id).ToList(),
            null);
        Same(
            _all.Where(p => low < p.Age && high >= p.Age).OrderBy(p => p.Age).Skip(4).Take(7),
            _db.LinqItems.Query().Where(p => low < p.Age && high >= p.Age).OrderBy(p => p.Age).Skip(4).Take(7).ToList(),
            null);
        Same(_all.Where(p => p.Age > low).OrderBy(p => p.Age), _db.LinqItems.Query().Where(p => p.Age > low).OrderBy(p => p.Age).ToList(), null);
        Same(_all.Where(p => p.Age < low).OrderBy(p => p.Age), _db.LinqItems.Query().Where(p => p.Age < low).OrderBy(p => p.Age).ToList(), null);
        Assert.Equal(_all.Count(p => p.Age >= low && p.Age <= high), _db.LinqItems.Query().Where(p => p.Age >= low && p.Age <= high).Count());
        Assert.Equal(_all.Any(p => p.Age >= low && p.Age <= high), _db.LinqItems.Query().Where(p => p.Age >= low && p.Age <= high).Any());
        Assert.Equal(
            _all.Where(p => p.Age >= low && p.Age <= high).OrderBy(p => p.Age).FirstOrDefault()?.Id,
            _db.LinqItems.Query().Where(p => p.Age >= low && p.Age <= high).OrderBy(p => p.Age).FirstOrDefault()?.Id);
    }

    [Theory]
    [MemberData(nameof(Prefixes))]
    public void Prefix_of_a_string_member(string prefix)
    {
        var (compiled, ran) = Run(() => _db.LinqItems.Query().Where(p => p.Code.StartsWith(prefix)).OrderBy(p => p.Code).ToList());
        var runtime = Runtime(_db.LinqItems.Query().Where(p => p.Code.StartsWith(prefix)).OrderBy(p => p.Code)).ToList();
        Same(_all.Where(p => p.Code.StartsWith(prefix, StringComparison.Ordinal)).OrderBy(p => p.Code, StringComparer.Ordinal), compiled, runtime);
        Assert.Equal(prefix.Length > 0, ran);

        Same(
            _all.Where(p => p.Code.StartsWith(prefix, StringComparison.Ordinal)).OrderByDescending(p => p.Code, StringComparer.Ordinal).Take(5),
            _db.LinqItems.Query().Where(p => p.Code.StartsWith(prefix, StringComparison.Ordinal)).OrderByDescending(p => p.Code).Take(5).ToList(),
            null);
        Assert.Equal(_all.Count(p => p.Code.StartsWith(prefix, StringComparison.Ordinal)), _db.LinqItems.Query().Where(p => p.Code.StartsWith(prefix)).Count());
        Same(
            _all.Where(p => p.Home?.City?.StartsWith(prefix, StringComparison.Ordinal) == true).OrderBy(p => p.Home!.City, StringComparer.Ordinal),
            _db.LinqItems.Query().Where(p => p.Home!.City!.StartsWith(prefix)).OrderBy(p => p.Home!.City).ToList(),
            null);
    }

    [Fact]
    public void A_query_in_a_transaction_sees_its_writes()
    {
        using var tx = _db.BeginTransaction();
        _db.LinqItems.Insert(tx, new LinqItem { Id = 5000, Code = "TX1", Age = 77 });
        var (found, ran) = Run(() => _db.LinqItems.Query(tx).Where(p => p.Age == 77).ToList());
        Assert.True(ran);
        Assert.Equal([5000], Ids(found));
        Assert.Empty(_db.LinqItems.Query().Where(p => p.Age == 77).ToList());
        tx.Rollback();
    }

    [Fact]
    public void Explain_reports_the_compiled_plan_in_EXPLAIN_words()
    {
        var code = "C919";
        var seek = _db.LinqItems.Query().Where(p => p.Code == code).Explain();
        Assert.Contains("access: index seek", seek, StringComparison.Ordinal);
        Assert.Contains("condition: Code = @code", seek, StringComparison.Ordinal);
        Assert.Contains("plan: compiled", seek, StringComparison.Ordinal);
        Assert.Contains("@code = 'C919'", seek, StringComparison.Ordinal);
        Assert.Contains("index: " + IndexName("Code = 'x'"), seek, StringComparison.Ordinal);

        int low = 2, high = 5;
        var range = _db.LinqItems.Query().Where(p => p.Age >= low && p.Age <= high).OrderBy(p => p.Age).Explain();
        Assert.Contains("access: index range", range, StringComparison.Ordinal);
        Assert.Contains("sort: index order", range, StringComparison.Ordinal);
        Assert.Contains("@low = 2, @high = 5", range, StringComparison.Ordinal);

        var prefix = _db.LinqItems.Query().Where(p => p.Code.StartsWith("C9")).OrderBy(p => p.Code).Explain();
        Assert.Contains("access: index prefix", prefix, StringComparison.Ordinal);

        // A value the plan cannot answer exactly runs through the planner, and Explain says what that does.
        var zero = 0;
        Assert.DoesNotContain("plan: compiled", _db.LinqItems.Query().Where(p => p.Age == zero).Explain(), StringComparison.Ordinal);
    }

    [Fact]
    public void Forms_outside_the_compiled_ones_run_through_the_planner_with_the_same_results()
    {
        // Not compiled: an index condition joined to another by ||, a nullable member.
        var (either, ran) = Run(() => _db.LinqItems.Query().Where(p => p.Age >= 3 || p.Home!.Zip == 5).ToList());
        Assert.False(ran);
        Same(_all.Where(p => p.Age >= 3 || p.Home?.Zip == 5), either, null);
        var (nullable, ranNullable) = Run(() => _db.LinqItems.Query().Where(p => p.Score == 4).ToList());
        Assert.False(ranNullable);
        Same(_all.Where(p => p.Score == 4), nullable, null);
    }

    private string IndexName(string condition) => _db.Sql.Query($"EXPLAIN SELECT * FROM {_db.LinqItems.Name} WHERE {condition}")[0]["index"].AsString;

    private static void Same(IEnumerable<LinqItem> expected, IEnumerable<LinqItem> compiled, IEnumerable<LinqItem>? runtime)
    {
        var ids = Ids(expected);
        Assert.Equal(ids, Ids(compiled));
        if (runtime is not null)
        {
            Assert.Equal(ids, Ids(runtime));
        }
    }
}
