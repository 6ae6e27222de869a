using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql.Joins;

/// <summary>UNION, UNION ALL, EXCEPT and INTERSECT, with ORDER BY and LIMIT over the whole compound.</summary>
public sealed class CompoundSelectTests
{
    [Theory]
    [InlineData("SELECT CustomerId FROM Orders UNION SELECT _id FROM People ORDER BY 1", "1,2,3,4,5,6,9")]
    [InlineData("SELECT CustomerId FROM Orders UNION ALL SELECT _id FROM People WHERE _id < 3 ORDER BY 1", "1,1,1,2,2,9")]
    [InlineData("SELECT _id FROM People EXCEPT SELECT CustomerId FROM Orders ORDER BY 1", "3,4,5,6")]
    [InlineData("SELECT _id FROM People INTERSECT SELECT CustomerId FROM Orders ORDER BY 1", "1,2")]
    [InlineData("SELECT CustomerId AS c FROM Orders UNION SELECT _id FROM People ORDER BY c DESC LIMIT 3", "9,6,5")]
    [InlineData("SELECT CustomerId AS c FROM Orders UNION SELECT _id FROM People ORDER BY c LIMIT 2 OFFSET 3", "4,5")]
    [InlineData("SELECT CustomerId FROM Orders UNION ALL SELECT CustomerId FROM Orders ORDER BY CustomerId", "1,1,1,1,2,2,9,9")]
    public void Compounds_combine_rows(string sql, string expected)
    {
        using var db = SqlDatabase.People();
        Assert.Equal(expected, SqlDatabase.Column(db, sql));
    }

    [Fact]
    public void Operators_apply_left_to_right_with_equal_precedence()
    {
        using var db = SqlDatabase.People();

        // (People ∪ {9}) − {1, 2} ∪ {1}: the EXCEPT sees the union before it, the last UNION adds 1 back.
        Assert.Equal(
            "1,3,4,5,6,9",
            SqlDatabase.Column(db, "SELECT _id FROM People UNION SELECT CustomerId FROM Orders EXCEPT SELECT _id FROM People WHERE _id < 3 UNION SELECT 1 FROM People ORDER BY 1"));
    }

    [Fact]
    public void Duplicates_compare_as_group_by_does()
    {
        using var db = SqlDatabase.People();

        // 31 (integer) and 31L are one value; 45.5 and 19m stay distinct.
        Assert.Equal("{\"$numberDecimal\":\"19\"},31,45.5", SqlDatabase.Column(db, "SELECT Age FROM People WHERE Age IS NOT NULL UNION SELECT Age FROM People WHERE Age > 30 ORDER BY 1"));
    }

    [Fact]
    public void Result_columns_take_the_first_selects_names()
    {
        using var db = SqlDatabase.People();
        using var rows = db.Sql.ExecuteReader("SELECT Name AS who, _id FROM People UNION SELECT 'x', Total FROM Orders");
        Assert.Equal("who", rows.GetName(0));
        Assert.Equal("_id", rows.GetName(1));
    }

    [Fact]
    public void A_compound_works_as_an_in_subquery()
    {
        using var db = SqlDatabase.People();
        Assert.Equal("1,3", SqlDatabase.Column(db, "SELECT _id FROM People WHERE _id IN (SELECT 1 FROM Orders UNION SELECT 3 FROM Orders) ORDER BY _id"));
    }

    [Fact]
    public void Different_column_counts_are_an_error_at_the_operator()
    {
        using var db = SqlDatabase.People();
        var error = Assert.Throws<SqlExecutionException>(() => db.Sql.Query("SELECT _id, Name FROM People UNION SELECT _id FROM Orders"));
        Assert.Contains("different numbers of columns", error.Message, StringComparison.Ordinal);
        Assert.Equal(29, error.Position);
    }

    [Fact]
    public void An_order_by_term_that_is_no_result_column_is_an_error()
    {
        using var db = SqlDatabase.People();
        var error = Assert.Throws<SqlExecutionException>(() => db.Sql.Query("SELECT _id FROM People UNION SELECT _id FROM Orders ORDER BY Name"));
        Assert.Equal(DocStoreErrorCode.SqlUnknownName, error.ErrorCode);
        Assert.Contains("matches no result column", error.Message, StringComparison.Ordinal);
        var ordinal = Assert.Throws<SqlExecutionException>(() => db.Sql.Query("SELECT _id FROM People UNION SELECT _id FROM Orders ORDER BY 2"));
        Assert.Contains("not a column number", ordinal.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Explain_shows_each_select_of_a_compound()
    {
        using var db = SqlDatabase.People();
        var rows = db.Sql.Query("EXPLAIN SELECT _id FROM People WHERE _id = 2 UNION SELECT CustomerId FROM Orders");
        Assert.Equal(["People", "Orders"], rows.Select(r => r["collection"].AsString));
        Assert.Equal("key seek", rows[0]["access"].AsString);
    }
}
