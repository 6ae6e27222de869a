using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql;

/// <summary>IS [NOT] NULL, [NOT] IN (list or subquery), [NOT] BETWEEN and [NOT] LIKE.</summary>
public sealed class PredicateTests
{
    public static TheoryData<string, string> Cases => new()
    {
        { "a IS NULL", "(IS-NULL a)" },
        { "a is not null", "(IS-NOT-NULL a)" },
        { "a IS NOT NULL AND b IS NULL", "(AND (IS-NOT-NULL a) (IS-NULL b))" },
        { "x IN (1, 2, 3)", "(IN x (list 1 2 3))" },
        { "x NOT IN ('a')", "(NOT-IN x (list 'a'))" },
        { "x IN (@a, ?, y + 1)", "(IN x (list @a ?1 (+ y 1)))" },
        { "x IN (SELECT Id FROM t)", "(IN x (select (Id) (from t)))" },
        { "x NOT IN (SELECT Id FROM t WHERE t.Gone)", "(NOT-IN x (select (Id) (from t) (where t.Gone)))" },
        { "a BETWEEN 1 AND 10", "(BETWEEN a 1 10)" },
        { "a NOT BETWEEN b + 1 AND c * 2", "(NOT-BETWEEN a (+ b 1) (* c 2))" },
        { "Name LIKE 'A%'", "(LIKE Name 'A%')" },
        { "Name NOT LIKE @pattern", "(NOT-LIKE Name @pattern)" },
        { "Tags[] IN ('a', 'b')", "(IN Tags[] (list 'a' 'b'))" },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Predicate_parses_to_the_expected_tree(string sql, string expected) => Assert.Equal(expected, SqlAssert.Expression(sql));

    [Theory]
    [InlineData("a NOT 5", "IN, BETWEEN, LIKE or GLOB after NOT", "number 5")]
    [InlineData("a IS", "an expression after IS", "end of input")]
    [InlineData("a IS NOT", "an expression after NOT", "end of input")]
    [InlineData("a BETWEEN 1 OR 2", "AND after the lower bound of BETWEEN", "keyword OR")]
    [InlineData("a IN 1", "'(' and a list or a subquery after IN", "number 1")]
    [InlineData("a IN ()", "an expression after '('", "')'")]
    [InlineData("a IN (1 2)", "',' or ')' to close the IN list that starts at line 1, column 6", "number 2")]
    public void A_malformed_predicate_says_what_it_expected(string sql, string expected, string found)
    {
        var error = Assert.Throws<SqlSyntaxException>(() => SqlAssert.Expression(sql));
        Assert.Equal(expected, error.Expected);
        Assert.Equal(found, error.Found);
    }
}
