using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql.Tables;

/// <summary>A column's declared collation in comparisons, sorting, grouping and DISTINCT, under SQLite's precedence rules.</summary>
public sealed class DeclaredCollationTests
{
    private static DocStoreDatabase Open()
    {
        var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, b TEXT COLLATE NOCASE, r TEXT COLLATE rtrim, p TEXT)");
        db.Sql.Execute("INSERT INTO t VALUES (1, 'abc', 'a', 'abc'), (2, 'ABC', 'a  ', 'ABC'), (3, 'Abd', 'b', 'Abd'), (4, 'x', 'a b', 'x')");
        return db;
    }

    [Theory]
    [InlineData("SELECT id FROM t WHERE b = 'aBc' ORDER BY id", "1,2")]
    [InlineData("SELECT id FROM t WHERE 'aBc' = b ORDER BY id", "1,2")]
    [InlineData("SELECT id FROM t WHERE b = 'aBc' COLLATE BINARY ORDER BY id", "")]
    [InlineData("SELECT id FROM t WHERE b = p ORDER BY id", "1,2,3,4")]
    [InlineData("SELECT id FROM t WHERE p = b ORDER BY id", "1,2,3,4")]
    [InlineData("SELECT id FROM t WHERE p = 'ABC' ORDER BY id", "2")]
    [InlineData("SELECT id FROM t WHERE b || '' = 'ABC' ORDER BY id", "2")]
    [InlineData("SELECT id FROM t WHERE b IN ('ABC', 'X') ORDER BY id", "1,2,4")]
    [InlineData("SELECT id FROM t WHERE b BETWEEN 'ABA' AND 'abc' ORDER BY id", "1,2")]
    [InlineData("SELECT id FROM t WHERE b > 'ABC' ORDER BY id", "3,4")]
    [InlineData("SELECT id FROM t WHERE r = 'a' ORDER BY id", "1,2")]
    [InlineData("SELECT id FROM t WHERE r = 'a' COLLATE BINARY ORDER BY id", "1")]
    [InlineData("SELECT id FROM t ORDER BY b, id", "1,2,3,4")]
    [InlineData("SELECT id FROM t ORDER BY p, id", "2,3,1,4")]
    [InlineData("SELECT COUNT(DISTINCT b) FROM t", "3")]
    [InlineData("SELECT COUNT(*) FROM (SELECT DISTINCT b FROM t)", "3")]
    [InlineData("SELECT COUNT(*) FROM (SELECT b FROM t GROUP BY b)", "3")]
    [InlineData("SELECT COUNT(*) FROM (SELECT DISTINCT r FROM t)", "3")]
    [InlineData("SELECT id FROM t WHERE id IN (SELECT id FROM t WHERE b = 'ABD')", "3")]
    [InlineData("SELECT x.id FROM (SELECT id, b FROM t) x WHERE x.b = 'ABD'", "3")]
    [InlineData("SELECT 'a  ' = 'a' COLLATE RTRIM", "1")]
    public void Declared_collations_follow_sqlite(string sql, string expected)
    {
        using var db = Open();
        Assert.Equal(expected, SqlDatabase.Column(db, sql));
    }

    [Fact]
    public void An_index_on_a_nocase_column_does_not_change_answers()
    {
        using var db = Open();
        db.Sql.Execute("CREATE INDEX ib ON t (b)");
        Assert.Equal("1,2", SqlDatabase.Column(db, "SELECT id FROM t WHERE b = 'aBc' ORDER BY id"));
        Assert.Equal("1,2,3,4", SqlDatabase.Column(db, "SELECT id FROM t ORDER BY b, id"));
    }

    [Fact]
    public void Collations_other_than_the_three_are_refused()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var error = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("CREATE TABLE t (a TEXT COLLATE FRENCH)"));
        Assert.Equal(DocStoreErrorCode.SqlNotSupported, error.ErrorCode);
        Assert.Contains("BINARY, NOCASE and RTRIM", error.Message, StringComparison.Ordinal);
    }
}
