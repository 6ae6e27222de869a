using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql.Joins;

/// <summary>Correlated subqueries inside joined selects and compound selects: each sees the outer row it belongs to.</summary>
public sealed class CorrelatedSubqueryJoinTests
{
    [Fact]
    public void A_correlated_exists_in_a_join_waits_for_the_sources_it_reads()
    {
        using var db = SqlDatabase.People();
        const string sql = """
            SELECT p.Name, o._id FROM Orders o, People p
            WHERE o.CustomerId = p._id AND EXISTS (SELECT 1 FROM Orders x WHERE x.CustomerId = p._id AND x.Total > o.Total)
            ORDER BY o._id
            """;
        Assert.Equal("\"Ann\" | 101", SqlDatabase.Rows(db, sql));
    }

    [Theory]
    [InlineData("SELECT Name FROM People p WHERE EXISTS (SELECT 1 FROM Orders o WHERE o.CustomerId = p._id AND o.Total > 8 UNION ALL SELECT 1 FROM Orders o WHERE o.CustomerId = p._id AND o.Total < 8) ORDER BY _id", "Ann,Bob")]
    [InlineData("SELECT Name FROM People p WHERE p._id IN (SELECT o.CustomerId FROM Orders o WHERE o.Total = 7 INTERSECT SELECT o.CustomerId FROM Orders o WHERE o.CustomerId = p._id) ORDER BY _id", "Bob")]
    [InlineData("SELECT (SELECT o.Total FROM Orders o WHERE o.CustomerId = p._id EXCEPT SELECT 10) FROM People p ORDER BY _id", "5.5,7,null,null,null,null")]
    public void A_correlated_compound_subquery_runs_for_each_outer_row(string sql, string expected)
    {
        using var db = SqlDatabase.People();
        Assert.Equal(expected, SqlDatabase.Column(db, sql));
    }
}
