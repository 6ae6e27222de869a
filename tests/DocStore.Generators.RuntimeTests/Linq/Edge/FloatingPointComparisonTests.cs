// The test builds comparisons at run time, as a dynamic query would; it never runs trimmed.
#pragma warning disable IL2026, IL3050

using System.Linq.Expressions;

namespace DocStore.Generators.RuntimeTests.Linq.Edge;

/// <summary>
/// A NaN compares as in C#: every comparison with it is false but <c>!=</c>, whether the document or the
/// value holds it, on compiled call sites and through the planner (which orders NaN below every number).
/// </summary>
public sealed class FloatingPointComparisonTests : IDisposable
{
    private static readonly double[] Weights = [double.NaN, double.NegativeInfinity, -2, 0, 1.5, double.PositiveInfinity];

    private readonly LinqDb _db = LinqDb.OpenInMemory();
    private readonly List<LinqItem> _all;

    public FloatingPointComparisonTests()
    {
        var items = LinqData.Typed(36, seed: 8);
        for (var i = 0; i < items.Count; i++)
        {
            items[i].Weight = Weights[i % Weights.Length];
        }

        _db.LinqItems.InsertMany(items);
        _all = [.. _db.LinqItems.FindAll()];
    }

    public void Dispose() => _db.Dispose();

    public static TheoryData<string> Operators => ["<", "<=", ">", ">=", "==", "!="];

    [Theory]
    [MemberData(nameof(Operators))]
    public void Comparisons_with_NaN_members_and_values_equal_LINQ_to_objects(string op)
    {
        foreach (var value in Weights.Append(1.0))
        {
            foreach (var mirrored in new[] { false, true })
            {
                var predicate = Compare(op, value, mirrored);
                var expected = Ids(_all.Where(predicate.Compile()));
                Assert.True(expected.SequenceEqual(Ids(_db.LinqItems.Query().Where(predicate).ToList())), $"{predicate}: {string.Join(",", expected)}");
            }
        }
    }

    [Fact]
    public void Compiled_call_sites_and_the_planner_agree_on_NaN()
    {
        var one = 1.0;
        var nan = double.NaN;
        Assert.Equal(Ids(_all.Where(p => p.Weight < one)), Ids(_db.LinqItems.Query().Where(p => p.Weight < one).ToList()));
        Assert.Equal(Ids(_all.Where(p => p.Weight <= one && p.Age >= 0)), Ids(_db.LinqItems.Query().Where(p => p.Weight <= one && p.Age >= 0).ToList()));
        Assert.Equal(Ids(_all.Where(p => one > p.Weight)), Ids(_db.LinqItems.Query().Where(p => one > p.Weight).ToList()));
        Assert.Equal(Ids(_all.Where(p => !(p.Weight < one))), Ids(_db.LinqItems.Query().Where(p => !(p.Weight < one)).ToList()));
        Assert.Empty(_db.LinqItems.Query().Where(p => p.Weight == nan).ToList());
        Assert.Equal(_all.Count, _db.LinqItems.Query().Count(p => p.Weight != nan));
        Assert.Equal(0, _db.LinqItems.Query().Count(p => p.Weight >= nan));

        // Equals and CompareTo order NaN first and equal to itself, in C# as in SQL.
        Assert.Equal(_all.Count(p => p.Weight.Equals(nan)), _db.LinqItems.Query().Count(p => p.Weight.Equals(nan)));
        Assert.Equal(_all.Count(p => p.Weight.CompareTo(one) < 0), _db.LinqItems.Query().Count(p => p.Weight.CompareTo(one) < 0));
        Assert.Equal([.. _all.OrderBy(p => p.Weight).ThenBy(p => p.Id).Select(p => p.Id)], _db.LinqItems.Query().OrderBy(p => p.Weight).Select(p => p.Id).ToList());
    }

    private static Expression<Func<LinqItem, bool>> Compare(string op, double value, bool mirrored)
    {
        var p = Expression.Parameter(typeof(LinqItem), "p");
        Expression member = Expression.Property(p, nameof(LinqItem.Weight));
        Expression constant = Expression.Constant(value);
        var (left, right) = mirrored ? (constant, member) : (member, constant);
        return ComparisonLambdas.Build(p, op, left, right);
    }

    private static List<int> Ids(IEnumerable<LinqItem> items) => [.. items.Select(p => p.Id).Order()];
}
