using static DocStore.Generators.RuntimeTests.Linq.Compiled.CompiledQueryFixture;

namespace DocStore.Generators.RuntimeTests.Linq.Compiled;

/// <summary>
/// Compiled chains consumed by enumeration rather than a terminal call: foreach, List.AddRange,
/// Enumerable.ToList on a stored query, LINQ to objects after the DocStore operators. The chain's last
/// operator is intercepted; each result equals the run-time planner's and LINQ-to-objects', and the
/// per-thread counter shows whether the compiled plan ran.
/// </summary>
public sealed class CompiledEnumerationTests(CompiledQueryFixture fixture) : IClassFixture<CompiledQueryFixture>
{
    private readonly LinqDb _db = fixture.Db;
    private readonly IReadOnlyList<LinqItem> _all = fixture.All;

    public static TheoryData<string?> Cities => ["London", "Paris", "Lo", "", "Nowhere", null];

    [Theory]
    [MemberData(nameof(Cities))]
    public void AddRange_runs_the_compiled_seek(string? city)
    {
        var into = new List<LinqItem>();
        var (_, ran) = Run(() =>
        {
            into.AddRange(_db.LinqItems.Query().Where(p => p.Home!.City == city));
            return 0;
        });
        var runtime = Runtime(_db.LinqItems.Query().Where(p => p.Home!.City == city)).ToList();
        Same(_all.Where(p => p.Home?.City == city), into, runtime);
        Assert.Equal(city is not null, ran);
    }

    [Theory]
    [InlineData(1, 5)]
    [InlineData(3, 3)]
    [InlineData(0, 4)]
    [InlineData(6, 2)]
    public void Foreach_over_an_ordered_range_runs_the_compiled_walk(int low, int high)
    {
        var seen = new List<LinqItem>();
        var (_, ran) = Run(() =>
        {
            foreach (var item in _db.LinqItems.Query().Where(p => p.Age >= low && p.Age <= high).OrderBy(p => p.Age).ThenBy(p => p.Id))
            {
                seen.Add(item);
            }

            return 0;
        });
        var expected = _all.Where(p => p.Age >= low && p.Age <= high).OrderBy(p => p.Age).ThenBy(p => p.Id);
        var runtime = Runtime(_db.LinqItems.Query().Where(p => p.Age >= low && p.Age <= high).OrderBy(p => p.Age).ThenBy(p => p.Id)).ToList();
        Assert.Equal(Ids(expected), Ids(seen));
        Assert.Equal(Ids(expected), Ids(runtime));
        Assert.Equal(low > 0 && low <= high, ran);
    }

    [Theory]
    [InlineData("C")]
    [InlineData("C1")]
    [InlineData("M10")]
    [InlineData("")]
    public void Paging_over_a_prefix_then_LINQ_to_objects(string prefix)
    {
        var (found, ran) = Run(() => _db.LinqItems.Query().Where(p => p.Code.StartsWith(prefix)).OrderBy(p => p.Code).Skip(2).Take(9).AsEnumerable().Where(p => p.Age % 2 == 0).ToList());
        var expected = _all.Where(p => p.Code.StartsWith(prefix, StringComparison.Ordinal)).OrderBy(p => p.Code, StringComparer.Ordinal).Skip(2).Take(9).Where(p => p.Age % 2 == 0);
        var runtime = Runtime(_db.LinqItems.Query().Where(p => p.Code.StartsWith(prefix)).OrderBy(p => p.Code).Skip(2).Take(9)).AsEnumerable().Where(p => p.Age % 2 == 0).ToList();
        Same(expected, found, runtime);
        Assert.Equal(prefix.Length > 0, ran);
    }

    [Fact]
    public void A_stored_query_reads_its_values_when_it_is_enumerated_and_composes_as_written()
    {
        int age = 3;
        var query = _db.LinqItems.Query().Where(p => p.Age == age);
        age = 5;
        var (first, ran) = Run(() => query.ToList());
        Assert.True(ran);
        Same(_all.Where(p => p.Age == 5), first, Runtime(query).ToList());

        // Enumerated again: a new run, with the value of now.
        age = 8;
        Same(_all.Where(p => p.Age == 8), [.. query], null);

        // Composed further, it is the query as written: the planner runs the whole chain.
        var (names, ranComposed) = Run(() => query.Select(p => p.Id).ToList());
        Assert.False(ranComposed);
        Assert.Equal(_all.Where(p => p.Age == 8).Select(p => p.Id).Order(), names.Order());
        Assert.Equal(_all.Count(p => p.Age == 8), query.Count());
        Assert.Contains("Where", query.ToString(), StringComparison.Ordinal);

        // The member's default: the index has no entry for a missing member, so the planner answers.
        age = 0;
        var (zero, ranZero) = Run(() => query.ToList());
        Assert.False(ranZero);
        Same(_all.Where(p => p.Age == 0), zero, null);
    }

    [Fact]
    public async Task Async_enumeration_and_the_DocStore_operators_take_the_stored_query()
    {
        int age = 2;
        var query = _db.LinqItems.Query().Where(p => p.Age == age);
        var seen = new List<LinqItem>();
        await foreach (var item in (IAsyncEnumerable<LinqItem>)query)
        {
            seen.Add(item);
        }

        Same(_all.Where(p => p.Age == 2), seen, await query.ToListAsync());
        Assert.Contains("Age", query.Explain(), StringComparison.Ordinal);
    }

    [Fact]
    public void A_stored_query_in_a_transaction_sees_its_writes()
    {
        using var tx = _db.BeginTransaction();
        _db.LinqItems.Insert(tx, new LinqItem { Id = 5001, Code = "TX2", Age = 78 });
        var into = new List<LinqItem>();
        var (_, ran) = Run(() =>
        {
            into.AddRange(_db.LinqItems.Query(tx).Where(p => p.Age == 78));
            return 0;
        });
        Assert.True(ran);
        Assert.Equal([5001], Ids(into));
        tx.Rollback();
    }

    private static void Same(IEnumerable<LinqItem> expected, IEnumerable<LinqItem> compiled, IEnumerable<LinqItem>? runtime)
    {
        var ids = Ids(expected).Order().ToList();
        Assert.Equal(ids, Ids(compiled).Order());
        if (runtime is not null)
        {
            Assert.Equal(ids, Ids(runtime).Order());
        }
    }
}
