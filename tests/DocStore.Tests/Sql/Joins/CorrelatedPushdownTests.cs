using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql.Joins;

/// <summary>A condition holding a correlated subquery is checked as soon as the sources it reads are joined, not after joins that multiply rows.</summary>
public sealed class CorrelatedPushdownTests
{
    private static DocStoreDatabase Open()
    {
        var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE a (k INTEGER); CREATE TABLE b (x INTEGER); CREATE TABLE c (y INTEGER); CREATE TABLE u (k INTEGER, v INTEGER)");
        for (var i = 0; i < 12; i++)
        {
            db.Sql.Execute("INSERT INTO a VALUES (@i); INSERT INTO b VALUES (@i); INSERT INTO c VALUES (@i)", new SqlParameters().Add("i", i));
        }

        db.Sql.Execute("INSERT INTO u VALUES (1, 10), (2, 20), (2, 21), (5, 50)");
        return db;
    }

    [Theory]
    [InlineData("EXISTS (SELECT 1 FROM u WHERE u.k = a.k)")]
    [InlineData("a.k IN (SELECT k FROM u WHERE u.v > a.k)")]
    [InlineData("(SELECT MAX(v) FROM u WHERE u.k = a.k) > 15")]
    public void The_subquery_filters_the_source_whose_row_it_reads(string condition)
    {
        using var db = Open();
        var rows = db.Sql.Query($"EXPLAIN SELECT COUNT(*) FROM a, b, c WHERE b.x < 100 AND c.y < 100 AND {condition}");
        var first = rows.Single(r => r["source"].AsString == "a");
        Assert.Contains(condition, first["filter"].AsString, StringComparison.Ordinal);
        Assert.All(rows.Where(r => r["source"].AsString is "b" or "c"), r => Assert.DoesNotContain("SELECT", r["filter"].ToString(), StringComparison.Ordinal));
    }

    [Fact]
    public void Answers_do_not_change()
    {
        using var db = Open();
        Assert.Equal("432", SqlDatabase.Column(db, "SELECT COUNT(*) FROM a, b, c WHERE EXISTS (SELECT 1 FROM u WHERE u.k = a.k)"));
        Assert.Equal("288", SqlDatabase.Column(db, "SELECT COUNT(*) FROM a, b, c WHERE (SELECT MAX(v) FROM u WHERE u.k = a.k) > 15"));
        Assert.Equal("3", SqlDatabase.Column(db, "SELECT COUNT(*) FROM a LEFT JOIN b ON b.x = a.k AND EXISTS (SELECT 1 FROM u WHERE u.k = b.x) WHERE b.x IS NOT NULL"));
        Assert.Equal("3", SqlDatabase.Column(db, "SELECT COUNT(*) FROM a, b WHERE a.k = b.x AND EXISTS (SELECT 1 FROM u WHERE u.k = a.k AND u.v = b.x * 10)"));
    }
}
