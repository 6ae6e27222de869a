// The test builds comparisons at run time, as a dynamic query would; it never runs trimmed.
#pragma warning disable IL2026, IL3050

using System.Linq.Expressions;

namespace DocStore.Generators.RuntimeTests.Linq.Edge;

/// <summary>
/// LINQ comparisons keep C#'s meaning on missing and null members (a missing <c>int</c> reads as 0,
/// <c>null &lt; 9</c> is false, <c>null != 9</c> true), while SQL keeps its three-valued logic; Explain()
/// and SQL EXPLAIN write the same words wherever the two mean the same.
/// </summary>
public sealed class NullComparisonSemanticsTests : IDisposable
{
    private readonly LinqDb _db = LinqDb.OpenInMemory();
    private readonly List<LinqItem> _all;

    public NullComparisonSemanticsTests()
    {
        _db.LinqItems.InsertMany(LinqData.Typed(60, seed: 21));

        // Age and Level missing, Level stored null, both stored.
        _db.Sql.Execute("""
            INSERT INTO LinqItems VALUES ({"Id": 901, "Code": "m1"}), ({"Id": 902, "Code": "m2", "Level": null}),
                ({"Id": 903, "Code": "m3", "Age": 9, "Level": 9}), ({"Id": 904, "Code": "m4", "Age": 20, "Level": 20})
            """);
        _all = [.. _db.LinqItems.FindAll().OrderBy(p => p.Id)];
    }

    public void Dispose() => _db.Dispose();

    public static TheoryData<string> Operators => ["<", "<=", ">", ">=", "==", "!="];

    [Theory]
    [MemberData(nameof(Operators))]
    public void Comparisons_on_missing_and_null_members_equal_LINQ_to_objects(string op)
    {
        foreach (var x in new[] { -1, 0, 9, 30 })
        {
            foreach (var predicate in new[] { Compare(nameof(LinqItem.Age), op, x), Compare(nameof(LinqItem.Level), op, x), Compare(nameof(LinqItem.Score), op, x) })
            {
                var expected = Ids(_all.Where(predicate.Compile()));
                Assert.True(expected.SequenceEqual(Ids(_db.LinqItems.Query().Where(predicate).ToList())), $"{predicate}: {string.Join(",", expected)}");
            }
        }

        var nine = 9;
        Assert.Equal(Ids(_all.Where(p => p.Age < nine)), Ids(_db.LinqItems.Query().Where(p => p.Age < nine).ToList()));
        Assert.Equal(Ids(_all.Where(p => p.Level < nine)), Ids(_db.LinqItems.Query().Where(p => p.Level < nine).ToList()));
        Assert.Equal(Ids(_all.Where(p => p.Level != nine)), Ids(_db.LinqItems.Query().Where(p => p.Level != nine).ToList()));
    }

    [Fact]
    public void A_missing_int_matches_a_LINQ_range_below_it_and_no_SQL_range()
    {
        var nine = 9;
        var linq = Ids(_db.LinqItems.Query().Where(p => p.Age < nine && p.Id > 900).ToList());
        Assert.Equal([901, 902], linq);
        Assert.Empty(SqlIds("SELECT Id FROM LinqItems WHERE Age < 9 AND Id > 900"));

        var plan = _db.LinqItems.Query().Where(p => p.Age < nine).Explain();
        Assert.Contains("condition: (Age < @nine OR Age IS NULL)", plan, StringComparison.Ordinal);
        Assert.Equal("Age < 9", SqlExplain("Age < 9")["condition"].AsString);
    }

    [Fact]
    public void A_null_nullable_int_matches_a_LINQ_inequality_and_no_SQL_one()
    {
        var nine = 9;
        Assert.Equal([901, 902, 904], Ids(_db.LinqItems.Query().Where(p => p.Level != nine && p.Id > 900).ToList()));
        Assert.Equal([904], SqlIds("SELECT Id FROM LinqItems WHERE Level <> 9 AND Id > 900"));
        Assert.Equal([901, 902, 904], SqlIds("SELECT Id FROM LinqItems WHERE (Level <> 9 OR Level IS NULL) AND Id > 900"));
        Assert.Contains("filter: (Level <> @nine OR Level IS NULL)", _db.LinqItems.Query().Where(p => p.Level != nine).Explain(), StringComparison.Ordinal);
    }

    [Fact]
    public void Where_CSharp_and_SQL_agree_Explain_and_SQL_EXPLAIN_write_the_same_condition()
    {
        var nine = 9;
        Assert.Empty(Ids(_db.LinqItems.Query().Where(p => p.Level < nine && p.Id > 900 && p.Id < 903).ToList()));
        Assert.Empty(SqlIds("SELECT Id FROM LinqItems WHERE Level < 9 AND Id > 900 AND Id < 903"));

        var sql = SqlExplain("Level < @nine");
        var level = _db.LinqItems.Query().Where(p => p.Level < nine).Explain();
        Assert.Contains($"access: {sql["access"].AsString}; filter: {sql["filter"].AsString};", level, StringComparison.Ordinal);
        Assert.Contains("parameters: @nine = 9", level, StringComparison.Ordinal);

        var score = SqlExplain("Score < @nine");
        var indexed = _db.LinqItems.Query().Where(p => p.Score < nine).Explain();
        Assert.Contains($"access: {score["access"].AsString}; index: {score["index"].AsString}; condition: {score["condition"].AsString};", indexed, StringComparison.Ordinal);
    }

    private static Expression<Func<LinqItem, bool>> Compare(string member, string op, int value)
    {
        var p = Expression.Parameter(typeof(LinqItem), "p");
        var left = Expression.Property(p, member);
        Expression right = Expression.Constant(value, left.Type == typeof(int) ? typeof(int) : typeof(int?));
        return ComparisonLambdas.Build(p, op, left, right);
    }

    private Bson.Model.BsonDocument SqlExplain(string condition) =>
        _db.Sql.Query($"EXPLAIN SELECT * FROM LinqItems WHERE {condition}", new SqlParameters().Add("nine", 9))[0];

    private List<int> SqlIds(string sql) => [.. _db.Sql.Query(sql).Select(d => d["Id"].AsInt32).Order()];

    private static List<int> Ids(IEnumerable<LinqItem> items) => [.. items.Select(p => p.Id).Order()];
}
