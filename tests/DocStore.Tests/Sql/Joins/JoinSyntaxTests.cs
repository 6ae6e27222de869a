using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql.Joins;

/// <summary>Comma joins, CROSS JOIN, USING and compound selects parse into the query tree.</summary>
public sealed class JoinSyntaxTests
{
    public static TheoryData<string, string> Cases => new()
    {
        { "SELECT * FROM a, b WHERE a.x = b.y", "(select (*) (from a) (join b) (where (= a.x b.y)))" },
        { "SELECT * FROM a x, b AS y, c", "(select (*) (from a x) (join b y) (join c))" },
        { "SELECT * FROM a CROSS JOIN b", "(select (*) (from a) (cross-join b))" },
        { "SELECT * FROM a cross join b ON a.x = b.x", "(select (*) (from a) (cross-join b (= a.x b.x)))" },
        { "SELECT * FROM a JOIN b", "(select (*) (from a) (join b))" },
        { "SELECT * FROM a JOIN b USING (x, y)", "(select (*) (from a) (join b (using x y)))" },
        { "SELECT * FROM a LEFT JOIN b USING (x)", "(select (*) (from a) (left-join b (using x)))" },
        { "SELECT * FROM cross", "(select (*) (from cross))" },
        { "SELECT t.x FROM (SELECT x FROM a) t", "(select (t.x) (from (select (x) (from a)) t))" },
        { "SELECT * FROM a, (SELECT y FROM b UNION SELECT z FROM c) AS u", "(select (*) (from a) (join (select (y) (from b) (union (select (z) (from c)))) u))" },
        { "SELECT * FROM t cross", "(select (*) (from t cross))" },
        { "SELECT x FROM a UNION SELECT y FROM b", "(select (x) (from a) (union (select (y) (from b))))" },
        { "SELECT ALL x FROM a UNION ALL SELECT y FROM b", "(select (x) (from a) (unionall (select (y) (from b))))" },
        {
            "SELECT x FROM a WHERE x > 1 EXCEPT SELECT y FROM b INTERSECT SELECT z FROM c ORDER BY 1 DESC LIMIT 2 OFFSET 1",
            "(select (x) (from a) (where (> x 1)) (except (select (y) (from b))) (intersect (select (z) (from c))) (order-by (desc 1)) (limit 2) (offset 1))"
        },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Joins_and_compounds_parse_to_the_expected_tree(string sql, string expected) => SqlAssert.Parses(sql, expected);

    [Fact]
    public void Natural_join_takes_no_condition_and_says_so_at_it()
    {
        var error = SqlAssert.Rejects("SELECT * FROM a NATURAL LEFT JOIN b USING (x)");
        Assert.Contains("no ON or USING after a NATURAL join", error.Message, StringComparison.Ordinal);
        Assert.Equal(36, error.Position);
    }

    [Fact]
    public void A_parenthesized_join_is_named_as_unsupported_at_its_parenthesis()
    {
        var error = SqlAssert.Rejects("SELECT * FROM (a JOIN b) t");
        Assert.Contains("parenthesized join is not supported", error.Message, StringComparison.Ordinal);
        Assert.Equal(14, error.Position);
    }

    [Fact]
    public void An_order_by_before_a_compound_operator_is_rejected_at_the_operator()
    {
        var error = SqlAssert.Rejects("SELECT x FROM a ORDER BY x UNION SELECT y FROM b");
        Assert.Equal(27, error.Position);
    }

    [Fact]
    public void Union_needs_a_select_after_it()
    {
        var error = SqlAssert.Rejects("SELECT x FROM a UNION b");
        Assert.Contains("SELECT", error.Message, StringComparison.Ordinal);
        Assert.Equal(22, error.Position);
    }
}
