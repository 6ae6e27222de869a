using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql.Execution;

public class SelectSemanticsTests
{
    [Theory]
    [InlineData("SELECT Name FROM People WHERE Tags[] = 'vip' ORDER BY Name", "Ann,Eve")]
    [InlineData("SELECT _id FROM Orders WHERE Lines[].Sku = 'C-3'", "101")]
    [InlineData("SELECT _id FROM Orders WHERE Lines[].Qty > 1", "100")]
    [InlineData("SELECT Name FROM People WHERE Age = 31 ORDER BY Name", "Ann,Cid")]
    [InlineData("SELECT Name FROM People WHERE Age = 31.0 ORDER BY Name", "Ann,Cid")]
    [InlineData("SELECT Name FROM People WHERE Age = 19", "ann")]
    [InlineData("SELECT Name FROM People WHERE Age IS NULL ORDER BY Name", "Dee,Eve")]
    [InlineData("SELECT Name FROM People WHERE Age IS NOT NULL ORDER BY Age, Name", "ann,Ann,Cid,Bob")]
    [InlineData("SELECT Name FROM People WHERE Age <> 31 ORDER BY Name", "Bob,ann")]
    [InlineData("SELECT Name FROM People WHERE NOT (Age = 31) ORDER BY Name", "Bob,ann")]
    [InlineData("SELECT Name FROM People WHERE Age IN (19, 45.5) ORDER BY Name", "Bob,ann")]
    [InlineData("SELECT Name FROM People WHERE Age NOT IN (19, 45.5) ORDER BY Name", "Ann,Cid")]
    [InlineData("SELECT Name FROM People WHERE Age BETWEEN 20 AND 40 ORDER BY Name", "Ann,Cid")]
    [InlineData("SELECT Name FROM People WHERE Name LIKE 'a%' ORDER BY Name", "Ann,ann")]
    [InlineData("SELECT Name FROM People WHERE Name LIKE '_ob'", "Bob")]
    [InlineData("SELECT Name FROM People WHERE Email LIKE '%2@%'", "ann")]
    [InlineData("SELECT Name || '!' FROM People WHERE _id = 1", "Ann!")]
    [InlineData("SELECT UPPER(Name), LOWER(Name), LENGTH(Name) FROM People WHERE _id = 2", "BOB")]
    [InlineData("SELECT SUBSTR(Email, 1, 3) FROM People WHERE _id = 2", "bob")]
    [InlineData("SELECT COALESCE(Age, -1) FROM People WHERE _id = 4", "-1")]
    [InlineData("SELECT ABS(-3), ROUND(2.5), 7 / 2, 7 % 3, 7.0 / 2 FROM People WHERE _id = 1", "3")]
    [InlineData("SELECT DISTINCT Address.City FROM People ORDER BY 1", "null,Bergen,Oslo")]
    [InlineData("SELECT Name FROM People ORDER BY Name DESC LIMIT 2", "ann,Eve")]
    [InlineData("SELECT Name FROM People ORDER BY _id LIMIT 2 OFFSET 3", "Dee,Eve")]
    [InlineData("SELECT Name AS n FROM People ORDER BY n LIMIT 1", "Ann")]
    [InlineData("SELECT Name FROM People WHERE _id IN (SELECT CustomerId FROM Orders) ORDER BY 1", "Ann,Bob")]
    [InlineData("SELECT Name FROM People WHERE _id NOT IN (SELECT CustomerId FROM Orders WHERE Total > 6) ORDER BY 1", "Cid,Dee,Eve,ann")]
    [InlineData("SELECT (SELECT MAX(Total) FROM Orders) FROM People WHERE _id = 1", "10")]
    public void Selects_follow_the_documented_semantics(string sql, string expected)
    {
        using var db = SqlDatabase.People();
        Assert.Equal(expected, SqlDatabase.Column(db, sql));
    }

    [Fact]
    public void Arithmetic_follows_sqlite()
    {
        using var db = SqlDatabase.People();
        Assert.Equal("3 | 1.5 | 2 | 1 | null | 3.0", SqlDatabase.Rows(db, "SELECT ABS(-3), 3.0 / 2, 7 / 3, 7 % 3, 1 / 0, ROUND(2.5) FROM People WHERE _id = 1"));
    }

    [Fact]
    public void Inner_and_left_joins_match_rows()
    {
        using var db = SqlDatabase.People();
        Assert.Equal(
            "\"Ann\" | 100\n\"Ann\" | 101\n\"Bob\" | 102",
            SqlDatabase.Rows(db, "SELECT p.Name, o._id FROM People p JOIN Orders o ON o.CustomerId = p._id ORDER BY o._id"));
        Assert.Equal(
            "\"Ann\" | 2\n\"Bob\" | 1\n\"Cid\" | 0\n\"Dee\" | 0\n\"Eve\" | 0\n\"ann\" | 0",
            SqlDatabase.Rows(db, "SELECT p.Name, COUNT(o._id) AS orders FROM People p LEFT JOIN Orders o ON o.CustomerId = p._id GROUP BY p._id ORDER BY p.Name"));
        Assert.Equal(
            "103",
            SqlDatabase.Column(db, "SELECT o._id FROM Orders o LEFT JOIN People p ON p._id = o.CustomerId WHERE p._id IS NULL"));
    }

    [Fact]
    public void A_join_on_an_unindexed_path_hashes()
    {
        using var db = SqlDatabase.People();
        Assert.Equal(
            "\"Ann\" | \"Cid\"\n\"Cid\" | \"Ann\"",
            SqlDatabase.Rows(db, "SELECT a.Name, b.Name FROM People a JOIN People b ON b.Address.Zip = a.Address.Zip OR b.Address.City = a.Address.City WHERE a._id <> b._id ORDER BY a.Name"));
        Assert.Equal(
            "\"Ann\" | \"Ann\"",
            SqlDatabase.Rows(db, "SELECT a.Name, b.Name FROM People a JOIN People b ON b.Address.Zip = a.Address.Zip"));
    }

    [Fact]
    public void Group_by_aggregates_with_having()
    {
        using var db = SqlDatabase.People();
        Assert.Equal(
            "null | 3 | 1 | 19.0\n\"Bergen\" | 1 | 1 | 45.5\n\"Oslo\" | 2 | 1 | 62.0",
            SqlDatabase.Rows(db, "SELECT Address.City, COUNT(*), COUNT(DISTINCT Age), SUM(Age) * 1.0 FROM People GROUP BY Address.City ORDER BY 1"));
        Assert.Equal("null,Oslo", SqlDatabase.Column(db, "SELECT Address.City FROM People GROUP BY Address.City HAVING COUNT(*) > 1"));
        Assert.Equal("6 | 4 | 126.5 | 31.625 | 19.0 | 45.5", SqlDatabase.Rows(db, "SELECT COUNT(*), COUNT(Age), SUM(Age) * 1.0, AVG(Age), MIN(Age) * 1.0, MAX(Age) FROM People"));
    }

    [Fact]
    public void Aggregates_over_no_rows_give_one_row()
    {
        using var db = SqlDatabase.People();
        Assert.Equal("0 | null", SqlDatabase.Rows(db, "SELECT COUNT(*), SUM(Age) FROM People WHERE _id > 100"));
        Assert.Equal(string.Empty, SqlDatabase.Rows(db, "SELECT Name, COUNT(*) FROM People WHERE _id > 100 GROUP BY Name"));
    }

    [Fact]
    public void Nulls_sort_first_ascending_and_last_descending()
    {
        using var db = SqlDatabase.People();
        Assert.Equal("Dee,Eve,ann,Ann,Cid,Bob", SqlDatabase.Column(db, "SELECT Name FROM People ORDER BY Age, _id"));
        Assert.Equal("Bob,Ann,Cid,ann,Dee,Eve", SqlDatabase.Column(db, "SELECT Name FROM People ORDER BY Age DESC, _id"));
    }

    [Fact]
    public void Values_of_different_kinds_order_as_documented()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var c = db.GetCollection("Mixed");
        c.Insert(new Bson.Model.BsonDocument { { "_id", 1 }, { "V", "text" } });
        c.Insert(new Bson.Model.BsonDocument { { "_id", 2 }, { "V", 5 } });
        c.Insert(new Bson.Model.BsonDocument { { "_id", 3 }, { "V", Bson.Model.BsonNull.Value } });
        c.Insert(new Bson.Model.BsonDocument { { "_id", 4 }, { "V", new byte[] { 1 } } });
        c.Insert(new Bson.Model.BsonDocument { { "_id", 5 }, { "V", 2.5 } });
        c.Insert(new Bson.Model.BsonDocument { { "_id", 6 }, { "V", true } });
        // A boolean is the number 1 (or 0), so true sorts among the numbers.
        Assert.Equal("3,6,5,2,1,4", SqlDatabase.Column(db, "SELECT _id FROM Mixed ORDER BY V"));
        Assert.Equal("1,4", SqlDatabase.Column(db, "SELECT _id FROM Mixed WHERE V > 100 ORDER BY _id"));
        Assert.Equal("6", SqlDatabase.Column(db, "SELECT _id FROM Mixed WHERE V = 1 ORDER BY _id"));
    }

    [Fact]
    public void Type_errors_name_the_operand()
    {
        using var db = SqlDatabase.People();
        var error = Assert.Throws<SqlExecutionException>(() => db.Sql.Query("SELECT Address + 1 FROM People"));
        Assert.Equal(DocStoreErrorCode.SqlType, error.ErrorCode);
        Assert.Contains("operand Address is a document", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Aggregates_are_refused_in_where()
    {
        using var db = SqlDatabase.People();
        var error = Assert.Throws<SqlExecutionException>(() => db.Sql.Query("SELECT Name FROM People WHERE COUNT(*) > 1"));
        Assert.Contains("not allowed here", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void System_tables_describe_the_catalog()
    {
        using var db = SqlDatabase.People();
        Assert.Equal("Orders,People", SqlDatabase.Column(db, "SELECT name FROM docstore_collections ORDER BY name"));
        Assert.Equal("AddressCityName,Age,Email,Tags", SqlDatabase.Column(db, "SELECT name FROM docstore_indexes WHERE collection = 'People' ORDER BY name"));
        Assert.Equal("true", SqlDatabase.Column(db, "SELECT multikey FROM docstore_indexes WHERE path = 'Tags[]'"));
        Assert.Equal("Address.City, Name", SqlDatabase.Column(db, "SELECT path FROM docstore_indexes WHERE paths[] = 'Name'"));
        Assert.Contains("Email", SqlDatabase.Column(db, "SELECT name FROM docstore_fields WHERE collection = 'People'").Split(','));
    }
}
