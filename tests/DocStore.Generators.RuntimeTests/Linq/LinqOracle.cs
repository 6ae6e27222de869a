using DocStore.Generators.RuntimeTests.Models;

namespace DocStore.Generators.RuntimeTests.Linq;

// The oracle runs the same expression as LINQ-to-objects through EnumerableQuery, which the tests run JIT-compiled.
#pragma warning disable IL2026, IL3050

/// <summary>
/// Runs one query both ways: translated over the database, and as LINQ-to-objects over every document
/// read back. The two must agree, in order.
/// </summary>
internal sealed class LinqOracle(ScholarDb db)
{
    private readonly List<Scholar> _all = ScholarData.All(db);

    public ScholarDb Db => db;

    public IReadOnlyList<Scholar> All => _all;

    /// <summary>Asserts equal ids in equal order; returns them.</summary>
    public List<int> SameIds(Func<IQueryable<Scholar>, IQueryable<Scholar>> query, bool allowEmpty = false)
    {
        var expected = query(_all.AsQueryable()).Select(s => s.Id).ToList();
        var actual = query(db.Scholars.Query()).ToList().Select(s => s.Id).ToList();
        Assert.Equal(expected, actual);
        if (!allowEmpty)
        {
            Assert.NotEmpty(expected);
            Assert.NotEqual(_all.Count, expected.Count);
        }

        return actual;
    }

    /// <summary>Asserts equal results in equal order (projections compare by value).</summary>
    public List<T> Same<T>(Func<IQueryable<Scholar>, IQueryable<T>> query)
    {
        var expected = query(_all.AsQueryable()).ToList();
        var actual = query(db.Scholars.Query()).ToList();
        Assert.Equal(expected, actual);
        Assert.NotEmpty(expected);
        return actual;
    }

    /// <summary>Asserts an equal single result (First, Count, Any, ...).</summary>
    public TResult SameValue<TResult>(Func<IQueryable<Scholar>, TResult> query)
    {
        var expected = query(_all.AsQueryable());
        var actual = query(db.Scholars.Query());
        Assert.Equal(expected, actual);
        return actual;
    }
}
