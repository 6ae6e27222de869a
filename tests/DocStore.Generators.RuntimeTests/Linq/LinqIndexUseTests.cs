using DocStore.Generators.RuntimeTests.Models;

namespace DocStore.Generators.RuntimeTests.Linq;

/// <summary>
/// The index serves comparisons that also match a missing member, orderings of value members and counts;
/// each plan is checked through Explain and its rows against LINQ-to-objects over the same documents
/// (which hold negative ages, explicit zeros and missing ages that read as zero).
/// </summary>
public sealed class LinqIndexUseTests : IDisposable
{
    private readonly ScholarDb _db = ScholarData.Open();

    public void Dispose() => _db.Dispose();

    [Theory]
    [InlineData(3)]
    [InlineData(0)]
    [InlineData(-2)]
    public void A_below_comparison_matching_missing_members_is_an_index_range(int bound)
    {
        var query = _db.Scholars.Query().Where(p => p.Age < bound);
        var plan = query.Explain();
        Assert.Contains("access: index range", plan, StringComparison.Ordinal);
        Assert.Equal(Ids(ScholarData.All(_db).Where(p => p.Age < bound)), Ids(query));
        Assert.Equal(Ids(ScholarData.All(_db).Where(p => p.Age <= bound)), Ids(_db.Scholars.Query().Where(p => p.Age <= bound)));
        Assert.Equal(Ids(ScholarData.All(_db).Where(p => bound > p.Age)), Ids(_db.Scholars.Query().Where(p => bound > p.Age)));
    }

    [Fact]
    public void Missing_members_are_found_by_the_range()
    {
        var ids = Ids(_db.Scholars.Query().Where(p => p.Age <= 0));
        Assert.Contains(100, ids);
        Assert.Contains(101, ids);
        Assert.Contains(103, ids);
    }

    [Fact]
    public void Ordering_by_a_value_member_takes_the_index_order()
    {
        var query = _db.Scholars.Query().OrderBy(p => p.Age).Take(30);
        var plan = query.Explain();
        Assert.Contains("access: index order", plan, StringComparison.Ordinal);
        Assert.Contains("sort: index order", plan, StringComparison.Ordinal);
        Assert.Equal(Ids(ScholarData.All(_db).OrderBy(p => p.Age).Take(30)), Ids(query));
    }

    [Fact]
    public void Missing_members_sort_among_the_defaults_in_key_order()
    {
        var all = ScholarData.All(_db);
        var expected = Ids(all.OrderBy(p => p.Age).ThenBy(p => p.Id).Take(all.Count));
        Assert.Equal(expected, Ids(_db.Scholars.Query().OrderBy(p => p.Age).Take(all.Count)));
        var descending = Ids(all.OrderByDescending(p => p.Age).ThenByDescending(p => p.Id).Take(all.Count));
        var query = _db.Scholars.Query().OrderByDescending(p => p.Age).ThenByDescending(p => p.Id).Take(all.Count);
        Assert.Contains("sort: index order", query.Explain(), StringComparison.Ordinal);
        Assert.Equal(descending, Ids(query));
    }

    [Theory]
    [InlineData(4, 20)]
    [InlineData(-10, 10)]
    public void A_range_ordered_by_its_member_needs_no_sort(int low, int high)
    {
        var query = _db.Scholars.Query().Where(p => p.Age >= low && p.Age <= high).OrderBy(p => p.Age).ThenBy(p => p.Id);
        var plan = query.Explain();
        Assert.Contains("access: index range", plan, StringComparison.Ordinal);
        Assert.Contains("sort: index order", plan, StringComparison.Ordinal);
        Assert.Equal(Ids(ScholarData.All(_db).Where(p => p.Age >= low && p.Age <= high).OrderBy(p => p.Age).ThenBy(p => p.Id)), Ids(query));
    }

    [Theory]
    [InlineData(3)]
    [InlineData(-3)]
    public void A_range_from_null_ordered_by_its_member_merges_missing_members(int bound)
    {
        var query = _db.Scholars.Query().Where(p => p.Age <= bound).OrderByDescending(p => p.Age).ThenByDescending(p => p.Id);
        Assert.Contains("sort: index order", query.Explain(), StringComparison.Ordinal);
        Assert.Equal(Ids(ScholarData.All(_db).Where(p => p.Age <= bound).OrderByDescending(p => p.Age).ThenByDescending(p => p.Id)), Ids(query));
        var ascending = _db.Scholars.Query().Where(p => p.Age < bound).OrderBy(p => p.Age);
        Assert.Equal(Ids(ScholarData.All(_db).Where(p => p.Age < bound).OrderBy(p => p.Age).ThenBy(p => p.Id)), Ids(ascending));
    }

    [Fact]
    public void A_count_answered_by_an_index_seek_counts_keys()
    {
        var level = Level.Junior;
        var query = _db.Scholars.Query().Where(p => p.Level == level);
        Assert.Contains("count: keys", CountPlan(query), StringComparison.Ordinal);
        var all = ScholarData.All(_db);
        Assert.Equal(all.Count(p => p.Level == level), query.Count());
        Assert.Equal((long)all.Count, _db.Scholars.Query().LongCount());
        Assert.Equal(all.Count(p => p.Age == 9 || p.Age == 2), _db.Scholars.Query().Where(p => p.Age == 9 || p.Age == 2).Count());
        Assert.Equal(all.Where(p => p.Level == level).Skip(3).Take(4).Count(), query.Skip(3).Take(4).Count());
        Assert.Equal(all.Where(p => p.Level == level).Skip(10).Count(), query.Skip(10).Count());
    }

    [Fact]
    public void A_count_with_a_residual_filter_reads_documents()
    {
        var query = _db.Scholars.Query().Where(p => p.Age < 3);
        Assert.Contains("count: documents", CountPlan(query), StringComparison.Ordinal);
        Assert.Equal(ScholarData.All(_db).Count(p => p.Age < 3), query.Count());
        var tagged = _db.Scholars.Query().Where(p => p.Tags.Contains("math"));
        Assert.Contains("count: documents", CountPlan(tagged), StringComparison.Ordinal);
        Assert.Equal(ScholarData.All(_db).Count(p => p.Tags?.Contains("math") == true), tagged.Count());
    }

    // Explain() takes a sequence query; the plan of its Count comes from the provider's runner.
    private static string CountPlan(IQueryable<Scholar> query)
    {
        var count = System.Linq.Expressions.Expression.Call(null, ((Func<IQueryable<Scholar>, int>)Queryable.Count).Method, query.Expression);
        return ((DocStore.Linq.Running.CollectionQueryProvider)query.Provider).Runner.Explain(count);
    }

    private static List<int> Ids(IEnumerable<Scholar> scholars) => [.. scholars.Select(p => p.Id)];
}
