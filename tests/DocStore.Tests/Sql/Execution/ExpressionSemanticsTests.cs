using DocStore.Bson.Model;
using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql.Execution;

/// <summary>
/// CASE, CAST, EXISTS, correlated subqueries, SELECT without FROM and the core functions over the People
/// and Orders documents: NULLs, mixed int32/int64/double/decimal, and DocStore's own kinds.
/// </summary>
public sealed class ExpressionSemanticsTests
{
    [Theory]
    [InlineData("SELECT Name FROM People p WHERE EXISTS (SELECT 1 FROM Orders o WHERE o.CustomerId = p._id) ORDER BY Name", "Ann,Bob")]
    [InlineData("SELECT Name FROM People p WHERE NOT EXISTS (SELECT 1 FROM Orders o WHERE o.CustomerId = p._id) ORDER BY _id", "Cid,Dee,Eve,ann")]
    [InlineData("SELECT Name, (SELECT COUNT(*) FROM Orders o WHERE o.CustomerId = p._id) FROM People p ORDER BY _id", "Ann,Bob,Cid,Dee,Eve,ann")]
    [InlineData("SELECT (SELECT SUM(o.Total) FROM Orders o WHERE o.CustomerId = p._id) FROM People p ORDER BY _id", "15.5,7,null,null,null,null")]
    [InlineData("SELECT Name FROM People p WHERE 7 IN (SELECT o.Total FROM Orders o WHERE o.CustomerId = p._id)", "Bob")]
    [InlineData("SELECT _id FROM Orders o WHERE o.Total > (SELECT AVG(x.Total) FROM Orders x WHERE x.CustomerId = o.CustomerId) ORDER BY _id", "100")]
    [InlineData("SELECT Name FROM People p WHERE EXISTS (SELECT 1 FROM Orders o WHERE o.CustomerId = p._id AND EXISTS (SELECT 1 FROM People q WHERE q._id = o.CustomerId AND q.Age = p.Age))", "Ann,Bob")]
    public void Correlated_subqueries_see_the_outer_row(string sql, string expected) =>
        Assert.Equal(expected, SqlDatabase.Column(SqlDatabase.People(), sql).Replace(",\"", ",", StringComparison.Ordinal));

    [Fact]
    public void A_correlated_subquery_can_seek_by_the_outer_value()
    {
        using var db = SqlDatabase.People();
        var plan = db.Sql.Query("EXPLAIN SELECT Name FROM People p WHERE EXISTS (SELECT 1 FROM Orders o WHERE o.CustomerId = p._id)");
        Assert.Contains(plan, row => row.ToString()!.Contains("CustomerId", StringComparison.Ordinal) && row.ToString()!.Contains("index seek", StringComparison.OrdinalIgnoreCase));
    }

    [Fact]
    public void An_update_can_use_a_correlated_subquery()
    {
        using var db = SqlDatabase.People();
        db.Sql.Execute("UPDATE People SET Spent = (SELECT SUM(o.Total) FROM Orders o WHERE o.CustomerId = People._id)");
        Assert.Equal("15.5,7,null", SqlDatabase.Column(db, "SELECT Spent FROM People WHERE _id <= 3 ORDER BY _id"));
    }

    [Theory]
    [InlineData("SELECT typeof(Age) FROM People ORDER BY _id", "integer,real,integer,null,null,real")]
    [InlineData("SELECT typeof(TRUE), typeof(Address), typeof(Tags), typeof(_id) FROM People WHERE _id = 1", "integer")]
    [InlineData("SELECT CASE WHEN Age > 40 THEN 'old' WHEN Age > 20 THEN 'adult' WHEN Age IS NULL THEN 'unknown' ELSE 'young' END FROM People ORDER BY _id", "adult,old,adult,unknown,unknown,young")]
    [InlineData("SELECT CASE Age WHEN 31 THEN 'a' WHEN 45.5 THEN 'b' WHEN 19 THEN 'c' END FROM People ORDER BY _id", "a,b,a,null,null,c")]
    [InlineData("SELECT CAST(Age AS INTEGER) FROM People ORDER BY _id", "31,45,31,null,null,19")]
    [InlineData("SELECT CAST(Age AS TEXT) FROM People ORDER BY _id", "31,45.5,31,null,null,19")]
    [InlineData("SELECT CAST(Name AS INTEGER), CAST(TRUE AS TEXT), CAST(FALSE AS REAL) FROM People WHERE _id = 1", "0")]
    [InlineData("SELECT Name FROM People WHERE Age IS 31 ORDER BY _id", "Ann,Cid")]
    [InlineData("SELECT Name FROM People WHERE Age IS NOT 31 ORDER BY _id", "Bob,Dee,Eve,ann")]
    [InlineData("SELECT Name FROM People WHERE Name = 'ANN' COLLATE NOCASE ORDER BY _id", "Ann,ann")]
    [InlineData("SELECT Name FROM People WHERE Name GLOB '[A-C]*' ORDER BY _id", "Ann,Bob,Cid")]
    [InlineData("SELECT Name FROM People ORDER BY Name COLLATE NOCASE DESC, _id LIMIT 3", "Eve,Dee,Cid")]
    [InlineData("SELECT group_concat(Name, '+') FROM People WHERE Age IS NOT NULL", "Ann+Bob+Cid+ann")]
    [InlineData("SELECT total(Age), sum(Age), count(ALL Age) FROM People WHERE _id = 4", "0.0")]
    [InlineData("SELECT max(Age, 40), min(Name, 'B'), iif(Age > 40, 'y', 'n') FROM People WHERE _id = 2", "45.5")]
    [InlineData("SELECT printf('%s is %d', Name, Age) FROM People WHERE _id = 6", "ann is 19")]
    public void Expressions_and_functions_over_documents(string sql, string expected) =>
        Assert.Equal(expected, SqlDatabase.Column(SqlDatabase.People(), sql));

    [Fact]
    public void DocStore_kinds_have_documented_typeof_names_and_convert_through_text()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var kinds = db.GetCollection("Kinds");
        var when = new DateTime(2024, 5, 6, 7, 8, 9, DateTimeKind.Utc);
        kinds.Insert(new BsonDocument { { "_id", 1 }, { "Flag", true }, { "Price", 12.50m }, { "When", BsonDateTime.FromDateTime(when) }, { "Id", new BsonObjectId(ObjectId.NewObjectId()) }, { "Doc", new BsonDocument { { "x", 1 } } } });
        Assert.Equal("integer | real | text | blob | text", SqlDatabase.Rows(db, "SELECT typeof(Flag), typeof(Price), typeof(\"When\"), typeof(Id), typeof(Doc) FROM Kinds").Replace("\"", string.Empty, StringComparison.Ordinal));
        Assert.Equal("1 | 12 | 12.5 | 12.50 | 2024", SqlDatabase.Rows(db, "SELECT CAST(Flag AS INTEGER), CAST(Price AS INTEGER), CAST(Price AS REAL), CAST(Price AS TEXT), CAST(\"When\" AS INTEGER) FROM Kinds").Replace("\"", string.Empty, StringComparison.Ordinal));
    }

    [Theory]
    [InlineData("SELECT x", "Unknown column 'x': the query has no FROM clause")]
    [InlineData("SELECT *", "'*' needs a FROM clause")]
    [InlineData("SELECT nullif(1)", "NULLIF takes 2 argument(s)")]
    [InlineData("SELECT iif(1)", "IIF takes 2 to 3 argument(s)")]
    [InlineData("SELECT group_concat(DISTINCT 'a', ',')", "GROUP_CONCAT(DISTINCT ...) takes exactly one argument")]
    [InlineData("SELECT string_agg('a')", "STRING_AGG takes two arguments")]
    [InlineData("SELECT typeof(*)", "TYPEOF takes 1 argument(s)")]
    [InlineData("SELECT nosuch(1)", "Unknown function 'nosuch'")]
    public void Misused_functions_and_names_are_errors(string sql, string message)
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var error = Assert.Throws<SqlExecutionException>(() => db.Sql.Query(sql));
        Assert.Contains(message, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Select_without_from_gives_one_row_or_none()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        Assert.Equal("3 | \"'a'\"", SqlDatabase.Rows(db, "SELECT 1 + 2, quote('a')"));
        Assert.Equal(string.Empty, SqlDatabase.Rows(db, "SELECT 1 WHERE 1 = 0"));
        Assert.Equal("1", SqlDatabase.Rows(db, "SELECT count(*)"));
        Assert.Equal("2", SqlDatabase.Rows(db, "SELECT @p + 1", new SqlParameters().Add("p", 1)));
    }

    [Fact]
    public void Random_differs_between_rows_and_calls()
    {
        using var db = SqlDatabase.People();
        var values = SqlDatabase.Column(db, "SELECT random() FROM People").Split(',');
        Assert.Equal(6, values.Length);
        Assert.True(values.Distinct().Count() > 1);
    }
}
