using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql.Execution;

/// <summary>
/// SQLite's type rules (predicates as integers, numeric text, LIKE's case, comparison affinity) where they
/// meet CASE, CAST, IS, GLOB, EXISTS, correlated subqueries and the core functions. Expected values are
/// what SQLite 3 returns for the same expressions.
/// </summary>
public sealed class CombinedTypeRuleTests
{
    [Theory]
    [InlineData("SELECT typeof(Age < 40), typeof(Name IS 'Ann'), typeof(Name GLOB 'A*'), typeof(EXISTS (SELECT 1 FROM Orders)), typeof(Age IN (SELECT Total FROM Orders WHERE Total > 100)) FROM People WHERE _id = 1", "\"integer\" | \"integer\" | \"integer\" | \"integer\" | \"integer\"")]
    [InlineData("SELECT Name IS 'Ann', Name GLOB 'a*', EXISTS (SELECT 1 FROM Orders o WHERE o.CustomerId = p._id), NULL IN (SELECT Total FROM Orders WHERE Total > 100) FROM People p WHERE _id = 1", "1 | 0 | 1 | 0")]
    [InlineData("SELECT CAST(Age < 40 AS TEXT), CAST(Name IS 'Ann' AS INTEGER), CAST(Name GLOB 'A*' AS REAL), CAST(Age > 40 AS NUMERIC) FROM People WHERE _id = 1", "\"1\" | 1 | 1.0 | 0")]
    [InlineData("SELECT CASE WHEN Age > 40 THEN Name LIKE 'b%' ELSE Age < 20 END, iif(Age IS 31, Name GLOB 'A*', 5) FROM People WHERE _id = 2", "1 | 5")]
    [InlineData("SELECT CASE Age < 40 WHEN 1 THEN 'young' ELSE 'old' END, CASE WHEN Name LIKE 'ANN' THEN Age = 31 END FROM People WHERE _id = 1", "\"young\" | 1")]
    public void Predicates_of_both_kinds_are_integers_in_every_expression(string sql, string expected)
    {
        using var db = SqlDatabase.People();
        Assert.Equal(expected, SqlDatabase.Rows(db, sql));
    }

    [Theory]
    [InlineData("SELECT abs('-3'), sign(' 12 '), sign('12abc'), round('2.5'), '12abc' + 1 FROM People WHERE _id = 1", "3.0 | 1 | null | 3.0 | 13")]
    [InlineData("SELECT CAST('12abc' AS NUMERIC), CAST('3.0' AS NUMERIC), typeof(CAST('1e18' AS NUMERIC)), CAST(' -7x' AS INTEGER), CAST('1e3' AS REAL) FROM People WHERE _id = 1", "12 | 3 | \"real\" | -7 | 1000.0")]
    [InlineData("SELECT total(Name), sum(Email), typeof(sum(CAST(_id AS TEXT))), sum(CAST(_id AS TEXT)) FROM People", "0.0 | 0.0 | \"integer\" | 21")]
    public void Functions_and_operators_read_numeric_text_as_sqlite_does(string sql, string expected)
    {
        using var db = SqlDatabase.People();
        Assert.Equal(expected, SqlDatabase.Rows(db, sql));
    }

    [Fact]
    public void Case_sensitive_like_reaches_subqueries_case_and_functions()
    {
        using var db = SqlDatabase.People();
        const string sql = """
            SELECT COUNT(*) FROM People p
            WHERE EXISTS (SELECT 1 FROM People q WHERE q._id = p._id AND q.Name LIKE 'a%')
              AND CASE WHEN p.Name LIKE 'A%' THEN 1 ELSE iif(p.Name LIKE 'a%', 1, 0) END = 1
            """;
        Assert.Equal("2", SqlDatabase.Column(db, sql));
        using var session = db.Sql.OpenSession();
        session.Execute("PRAGMA case_sensitive_like = ON");
        Assert.Equal("1", session.ExecuteScalar(sql).ToString());
    }

    [Fact]
    public void Cast_case_and_collate_take_part_in_comparison_affinity()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (a INTEGER, b TEXT)");
        db.Sql.Execute("INSERT INTO t VALUES (1, '10'), (2, 'Abc')");

        // CAST(x AS TEXT) has TEXT affinity: the number on the other side is compared as text.
        Assert.Equal("1", SqlDatabase.Column(db, "SELECT a FROM t WHERE CAST(a AS TEXT) = 1"));
        Assert.Equal(string.Empty, SqlDatabase.Column(db, "SELECT a FROM t WHERE CAST(a < 2 AS TEXT) >= 2"));
        Assert.Equal("y,n", SqlDatabase.Column(db, "SELECT CASE a WHEN '1' THEN 'y' ELSE 'n' END FROM t ORDER BY a"));
        Assert.Equal("1", SqlDatabase.Column(db, "SELECT a FROM t WHERE b COLLATE NOCASE = 10"));
        Assert.Equal("2", SqlDatabase.Column(db, "SELECT a FROM t WHERE b COLLATE NOCASE = 'ABC'"));
        Assert.Equal("1", SqlDatabase.Column(db, "SELECT a FROM t WHERE b IS 10"));
    }
}
