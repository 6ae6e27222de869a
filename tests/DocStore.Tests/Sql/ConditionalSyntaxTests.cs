using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql;

/// <summary>CASE, CAST, EXISTS, IS, GLOB, COLLATE, SELECT ALL, SELECT without FROM, and the SQLite syntax refused by name.</summary>
public sealed class ConditionalSyntaxTests
{
    public static TheoryData<string, string> Expressions => new()
    {
        { "CASE WHEN a THEN 1 END", "(case (when a 1))" },
        { "CASE a WHEN 1 THEN 'x' WHEN 2 THEN 'y' ELSE 'z' END", "(case a (when 1 'x') (when 2 'y') (else 'z'))" },
        { "CASE WHEN a > 1 THEN CASE WHEN b THEN 2 END END + 1", "(+ (case (when (> a 1) (case (when b 2)))) 1)" },
        { "CAST(a AS INTEGER)", "(cast a 'INTEGER')" },
        { "cast(a + 1 as varchar(10))", "(cast (+ a 1) 'varchar')" },
        { "CAST(a AS DOUBLE PRECISION)", "(cast a 'DOUBLE PRECISION')" },
        { "CAST(a AS DECIMAL(10, -2))", "(cast a 'DECIMAL')" },
        { "CAST(a AS)", "(cast a '')" },
        { "EXISTS (SELECT 1 FROM t)", "(exists (select (1) (from t)))" },
        { "NOT EXISTS (SELECT 1)", "(NOT (exists (select (1))))" },
        { "a IS b", "(IS a b)" },
        { "a IS NOT b + 1", "(IS-NOT a (+ b 1))" },
        { "a IS NOT NULL", "(IS-NOT-NULL a)" },
        { "a GLOB 'x*'", "(GLOB a 'x*')" },
        { "a NOT GLOB 'x*' AND b", "(AND (NOT-GLOB a 'x*') b)" },
        { "a COLLATE NOCASE = 'x'", "(= (collate a NOCASE) 'x')" },
        { "-a COLLATE binary", "(- (collate a BINARY))" },
        { "count(ALL a)", "(call count a)" },
        { "+a", "(+ a)" },
    };

    [Theory]
    [MemberData(nameof(Expressions))]
    public void Expression_parses_to_the_expected_tree(string sql, string expected) => Assert.Equal(expected, SqlAssert.Expression(sql));

    [Theory]
    [InlineData("SELECT 1 + 2", "(select ((+ 1 2)))")]
    [InlineData("SELECT 1 WHERE 0", "(select (1) (where 0))")]
    [InlineData("SELECT ALL a FROM t", "(select (a) (from t))")]
    [InlineData("SELECT end, cast, glob FROM t", "(select (end cast glob) (from t))")]
    [InlineData("SELECT a AS end FROM t", "(select ((as a end)) (from t))")]
    public void Select_parses_to_the_expected_tree(string sql, string expected) => SqlAssert.Parses(sql, expected);

    [Theory]
    [InlineData("WITH x AS (SELECT 1) SELECT * FROM x", 1, 1, "WITH (common table expressions) is not supported")]
    [InlineData("WITH RECURSIVE x AS (SELECT 1) SELECT * FROM x", 1, 1, "WITH RECURSIVE is not supported")]
    [InlineData("SELECT count(*) OVER (PARTITION BY a) FROM t", 1, 17, "The window function count(...) OVER is not supported")]
    [InlineData("SELECT sum(a) FILTER (WHERE a > 1) FROM t", 1, 15, "The aggregate filter sum(...) FILTER is not supported")]
    [InlineData("SELECT a FROM t WHERE a REGEXP 'x'", 1, 25, "REGEXP is not supported")]
    [InlineData("SELECT a FROM t WHERE a MATCH 'x'", 1, 25, "MATCH (full-text search) is not supported")]
    [InlineData("SELECT a FROM t WHERE a NOT REGEXP 'x'", 1, 29, "REGEXP is not supported")]
    [InlineData("SELECT a COLLATE FRENCH FROM t", 1, 18, "COLLATE FRENCH (the collations are BINARY, NOCASE and RTRIM) is not supported")]
    [InlineData("SELECT a IS DISTINCT FROM b FROM t", 1, 13, "IS [NOT] DISTINCT FROM is not supported")]
    public void Unsupported_syntax_is_named_at_its_token(string sql, int line, int column, string message)
    {
        var error = SqlAssert.Rejects(sql);
        Assert.Equal((line, column), (error.Line, error.Column));
        Assert.Contains(message, error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("CASE a END", "WHEN after the CASE operand", "identifier END")]
    [InlineData("CASE WHEN a 1 END", "THEN after the WHEN value", "number 1")]
    [InlineData("CASE WHEN a THEN 1", "WHEN, ELSE or END to close the CASE at line 1, column 1", "end of input")]
    [InlineData("CASE WHEN a THEN 1 ELSE 2 WHEN", "END to close the CASE at line 1, column 1", "keyword WHEN")]
    [InlineData("CAST(a INTEGER)", "AS and a type name in CAST", "identifier INTEGER")]
    [InlineData("CAST(a AS INT(x))", "a number as the type's size", "identifier x")]
    [InlineData("CAST(a AS INT", "')' to close the CAST at line 1, column 5", "end of input")]
    [InlineData("EXISTS a", "'(' and a subquery after EXISTS", "identifier a")]
    [InlineData("EXISTS (1)", "SELECT after EXISTS (", "number 1")]
    [InlineData("a COLLATE", "a collation name after COLLATE", "end of input")]
    public void A_malformed_form_says_what_it_expected(string sql, string expected, string found)
    {
        var error = Assert.Throws<SqlSyntaxException>(() => SqlAssert.Expression(sql));
        Assert.Equal(expected, error.Expected);
        Assert.Equal(found, error.Found);
    }

    [Theory]
    [InlineData("SELECT case FROM t")]
    [InlineData("SELECT a FROM t WHERE all = 1")]
    [InlineData("SELECT when FROM t")]
    [InlineData("SELECT exists FROM t")]
    public void The_new_reserved_words_are_refused_as_names(string sql) => SqlAssert.Rejects(sql);

    [Fact]
    public void A_reserved_word_can_still_be_quoted_or_follow_a_dot() =>
        SqlAssert.Parses("SELECT \"Case\", t.When FROM t", "(select (\"Case\" t.When) (from t))");
}
