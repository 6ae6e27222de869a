using System.Linq.Expressions;

namespace DocStore.Generators.RuntimeTests.Linq.Edge;

/// <summary>
/// A captured list or prefix that is null throws <see cref="ArgumentNullException"/> naming the captured
/// variable when the query runs, as <c>Enumerable.Contains</c> and <c>string.StartsWith</c> do in C#, on
/// the compiled call sites and on the run-time planner alike, whatever the collection holds.
/// </summary>
public sealed class NullCapturedArgumentTests : IDisposable
{
    private readonly LinqDb _db = LinqDb.OpenInMemory();
    private readonly LinqDb _empty = LinqDb.OpenInMemory();
    private readonly List<LinqItem> _all;

    public NullCapturedArgumentTests()
    {
        _db.LinqItems.InsertMany(LinqData.Typed(40, seed: 5));
        _all = [.. _db.LinqItems.FindAll()];
    }

    public void Dispose()
    {
        _db.Dispose();
        _empty.Dispose();
    }

    [Fact]
    public async Task A_null_captured_list_throws_ArgumentNullException_naming_it_on_every_path()
    {
        int[]? ids = null;
        // C# 14 binds ids.Contains to the span overload, which reads a null array as empty; Enumerable's throws.
        Assert.DoesNotContain(_all, p => ids!.Contains(p.Id));
        Assert.Throws<ArgumentNullException>(() => _all.Where(p => Enumerable.Contains(ids!, p.Id)).ToList());
        foreach (var db in new[] { _db, _empty })
        {
            AssertNamed("ids", () => db.LinqItems.Query().Where(p => ids!.Contains(p.Id)).ToList());
            AssertNamed("ids", () => db.LinqItems.Query().Where(p => Enumerable.Contains(ids!, p.Id)).ToList());
            AssertNamed("ids", () => db.LinqItems.Query().Count(p => ids!.Contains(p.Id)));
            AssertNamed("ids", () => db.LinqItems.Query().Where(p => p.Age > 1 && ids!.Contains(p.Rank)).Select(p => p.Id).ToList());
            AssertNamed("ids", () => Composed(db.LinqItems.Query(), p => ids!.Contains(p.Id)).ToList());
            AssertNamed("ids", () => db.LinqItems.Query().Where(p => ids!.Contains(p.Id)).Explain());
            var e = await Assert.ThrowsAsync<ArgumentNullException>(async () => await db.LinqItems.Query().Where(p => ids!.Contains(p.Id)).ToListAsync());
            Assert.Equal("ids", e.ParamName);
        }

        var filter = new { Codes = (List<string>?)null };
        AssertNamed("filter.Codes", () => _db.LinqItems.Query().Where(p => filter.Codes!.Contains(p.Code)).ToList());
        AssertNamed("source", () => _db.LinqItems.Query().Where(p => ((string[]?)null)!.Contains(p.Code)).ToList());
    }

    [Fact]
    public void A_null_captured_prefix_throws_ArgumentNullException_naming_it_on_every_path()
    {
        string? prefix = null;
        Assert.Throws<ArgumentNullException>(() => _all.Where(p => p.Code.StartsWith(prefix!, StringComparison.Ordinal)).ToList());
        foreach (var db in new[] { _db, _empty })
        {
            AssertNamed("prefix", () => db.LinqItems.Query().Where(p => p.Code.StartsWith(prefix!)).ToList());
            AssertNamed("prefix", () => db.LinqItems.Query().Where(p => p.Name!.StartsWith(prefix!, StringComparison.Ordinal)).Count());
            AssertNamed("prefix", () => Composed(db.LinqItems.Query(), p => p.Home!.City!.StartsWith(prefix!)).ToList());
        }
    }

    [Fact]
    public void A_list_that_becomes_null_and_then_a_list_again_between_executions_of_one_query()
    {
        int[]? ids = [3, 4, 99];
        var query = _db.LinqItems.Query().Where(p => ids!.Contains(p.Id));
        Assert.Equal([3, 4], query.Select(p => p.Id).ToList());
        ids = null;
        AssertNamed("ids", () => query.ToList());
        ids = [5];
        Assert.Equal([5], query.Select(p => p.Id).ToList());
        Assert.Equal(_all.Count(p => p.Id == 5), _db.LinqItems.Query().Count(p => ids.Contains(p.Id)));
    }

    private static IQueryable<LinqItem> Composed(IQueryable<LinqItem> query, Expression<Func<LinqItem, bool>> predicate) => query.Where(predicate);

    private static void AssertNamed(string name, Func<object?> run)
    {
        var e = Assert.Throws<ArgumentNullException>(run);
        Assert.Equal(name, e.ParamName);
        Assert.Contains("is null", e.Message, StringComparison.Ordinal);
    }
}
