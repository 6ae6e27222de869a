using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql;

/// <summary>Function calls (COUNT(*), DISTINCT arguments) and scalar subqueries.</summary>
public sealed class FunctionAndSubqueryTests
{
    public static TheoryData<string, string> Cases => new()
    {
        { "COUNT(*)", "(call COUNT *)" },
        { "count(DISTINCT City)", "(call count DISTINCT City)" },
        { "LOWER(Name)", "(call LOWER Name)" },
        { "COALESCE(a, b, 'x')", "(call COALESCE a b 'x')" },
        { "NOW()", "(call NOW)" },
        { "f(g(x), 1 + 2)", "(call f (call g x) (+ 1 2))" },
        { "\"my fn\"(x)", "(call \"my fn\" x)" },
        { "(SELECT MAX(Age) FROM People)", "(select ((call MAX Age)) (from People))" },
        {
            "Age > (SELECT AVG(p.Age) FROM People p WHERE p.City = City)",
            "(> Age (select ((call AVG p.Age)) (from People p) (where (= p.City City))))"
        },
        { "((SELECT 1 FROM t)) + 1", "(+ (select (1) (from t)) 1)" },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Call_or_subquery_parses_to_the_expected_tree(string sql, string expected) => Assert.Equal(expected, SqlAssert.Expression(sql));

    [Theory]
    [InlineData("COUNT(* x)", "')' after '*' in COUNT(*)", "identifier x")]
    [InlineData("f(a b)", "',' or ')' to close the arguments of f at line 1, column 2", "identifier b")]
    [InlineData("f(DISTINCT)", "an expression after DISTINCT", "')'")]
    [InlineData("(SELECT 1 FROM t", "')' to close the '(' at line 1, column 1", "end of input")]
    public void A_malformed_call_or_subquery_says_what_it_expected(string sql, string expected, string found)
    {
        var error = Assert.Throws<SqlSyntaxException>(() => SqlAssert.Expression(sql));
        Assert.Equal(expected, error.Expected);
        Assert.Equal(found, error.Found);
    }
}
