using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql.Joins;

/// <summary>Subqueries in FROM: their rows are documents with a field per result column, joinable like collections.</summary>
public sealed class DerivedTableTests
{
    [Fact]
    public void A_subquery_in_from_is_read_by_its_column_names()
    {
        using var db = SqlDatabase.People();
        Assert.Equal(
            "1 | 2\n2 | 1\n9 | 1",
            SqlDatabase.Rows(db, "SELECT s.CustomerId, s.n FROM (SELECT CustomerId, COUNT(*) AS n FROM Orders GROUP BY CustomerId) s ORDER BY 1"));
    }

    [Fact]
    public void A_subquery_in_from_joins_a_collection_through_where()
    {
        using var db = SqlDatabase.People();
        Assert.Equal(
            "\"Ann\" | 15.5\n\"Bob\" | 7",
            SqlDatabase.Rows(db, "SELECT p.Name, s.total FROM People p, (SELECT o.CustomerId, SUM(o.Total) AS total FROM Orders o GROUP BY o.CustomerId) AS s WHERE s.CustomerId = p._id ORDER BY p.Name"));
    }

    [Fact]
    public void A_compound_can_stand_in_from()
    {
        using var db = SqlDatabase.People();
        Assert.Equal("1,2,9", SqlDatabase.Column(db, "SELECT u.id FROM (SELECT CustomerId AS id FROM Orders UNION SELECT _id FROM People WHERE _id < 2) u ORDER BY u.id"));
    }

    [Fact]
    public void Explain_shows_the_subquery_and_its_own_plan()
    {
        using var db = SqlDatabase.People();
        var rows = db.Sql.Query("EXPLAIN SELECT s.n FROM (SELECT COUNT(*) AS n FROM Orders WHERE CustomerId = 1) s");
        Assert.Equal(["subquery", "index seek"], rows.Select(r => r["access"].AsString));
        Assert.Equal(2, db.Sql.ExecuteScalar("SELECT s.n FROM (SELECT COUNT(*) AS n FROM Orders WHERE CustomerId = 1) s").AsInt64);
    }

    [Fact]
    public void An_unknown_column_of_a_subquery_is_an_error_at_the_name()
    {
        using var db = SqlDatabase.People();
        var error = Assert.Throws<SqlExecutionException>(() => db.Sql.Query("SELECT s.nope FROM (SELECT Name FROM People) s WHERE s.nope = 1"));
        Assert.Equal(DocStoreErrorCode.SqlUnknownName, error.ErrorCode);
    }
}
