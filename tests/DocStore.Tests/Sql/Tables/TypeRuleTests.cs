using DocStore.Bson.Model;
using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql.Tables;

/// <summary>SQLite's type rules: numeric text in arithmetic, predicates as 0/1 integers, booleans as numbers, LIKE's case.</summary>
public sealed class TypeRuleTests
{
    [Theory]
    [InlineData("SELECT '10' + 1 FROM People WHERE _id = 1", 11L)]
    [InlineData("SELECT 'abc' + 1 FROM People WHERE _id = 1", 1L)]
    [InlineData("SELECT '12abc' * 2 FROM People WHERE _id = 1", 24L)]
    [InlineData("SELECT -'3' FROM People WHERE _id = 1", -3L)]
    [InlineData("SELECT Age < 40 FROM People WHERE _id = 1", 1L)]
    [InlineData("SELECT Age > 40 FROM People WHERE _id = 1", 0L)]
    [InlineData("SELECT Name LIKE 'ANN' FROM People WHERE _id = 1", 1L)]
    [InlineData("SELECT Age IS NULL FROM People WHERE _id = 1", 0L)]
    [InlineData("SELECT COUNT(*) FROM People WHERE (Age < 40) = 1", 3L)]
    [InlineData("SELECT COUNT(*) FROM People WHERE (Age < 40) = TRUE", 3L)]
    public void Values_follow_sqlite(string sql, long expected)
    {
        using var db = SqlDatabase.People();
        var value = db.Sql.ExecuteScalar(sql);
        Assert.Equal(expected, value switch { BsonInt32 i => i.Value, BsonInt64 l => l.Value, _ => throw new InvalidOperationException($"{value} is not an integer") });
    }

    [Fact]
    public void Unary_plus_leaves_text_as_it_is()
    {
        using var db = SqlDatabase.People();
        Assert.Equal(new BsonString("Ann"), db.Sql.ExecuteScalar("SELECT +Name FROM People WHERE _id = 1"));
    }

    [Fact]
    public void Stored_booleans_read_as_booleans_and_compare_as_0_and_1()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var flags = db.GetCollection("Flags", IndexDefinition.On("Active"));
        flags.Insert(new BsonDocument { { "_id", 1 }, { "Active", true } });
        flags.Insert(new BsonDocument { { "_id", 2 }, { "Active", false } });
        flags.Insert(new BsonDocument { { "_id", 3 }, { "Active", 1 } });
        Assert.Equal("1,3", SqlDatabase.Column(db, "SELECT _id FROM Flags WHERE Active = TRUE ORDER BY _id"));
        Assert.Equal("1,3", SqlDatabase.Column(db, "SELECT _id FROM Flags WHERE Active = 1 ORDER BY _id"));
        Assert.Equal("2", SqlDatabase.Column(db, "SELECT _id FROM Flags WHERE NOT Active"));
        Assert.Equal(BsonBoolean.True, db.Sql.ExecuteScalar("SELECT Active FROM Flags WHERE _id = 1"));
    }

    [Fact]
    public void Like_ignores_ascii_case_unless_the_session_says_otherwise()
    {
        using var db = SqlDatabase.People();
        Assert.Equal("Ann,ann", SqlDatabase.Column(db, "SELECT Name FROM People WHERE Name LIKE 'AN%' ORDER BY Name"));
        using var session = db.Sql.OpenSession();
        session.Execute("PRAGMA case_sensitive_like = ON");
        Assert.Equal("ann", string.Join(",", session.Query("SELECT Name FROM People WHERE Name LIKE 'an%'").Select(d => d["Name"].AsString)));

        // Another session, and a call without one, keep the default.
        Assert.Equal("Ann,ann", SqlDatabase.Column(db, "SELECT Name FROM People WHERE Name LIKE 'an%' ORDER BY Name"));
        session.Execute("PRAGMA case_sensitive_like(off)");
        Assert.Equal(2, session.Query("SELECT Name FROM People WHERE Name LIKE 'an%'").Count);
    }

    [Fact]
    public void An_index_prefix_walk_finds_every_case()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var words = db.GetCollection("Words", IndexDefinition.On("W"));
        foreach (var (id, word) in new[] { (1, "apple"), (2, "APPLE"), (3, "Apricot"), (4, "banana"), (5, "@pple") })
        {
            words.Insert(new BsonDocument { { "_id", id }, { "W", word } });
        }

        Assert.Equal("index prefix", db.Sql.Query("EXPLAIN SELECT W FROM Words WHERE W LIKE 'ap%'")[0]["access"].AsString);
        Assert.Equal("1,2,3", SqlDatabase.Column(db, "SELECT _id FROM Words WHERE W LIKE 'ap%' ORDER BY _id"));
        Assert.Equal("1,2,3", SqlDatabase.Column(db, "SELECT _id FROM Words WHERE W LIKE 'AP%' ORDER BY _id"));
    }

    [Fact]
    public void Unknown_pragmas_and_values_are_refused()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var error = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("PRAGMA foreign_keys = ON"));
        Assert.Equal(DocStoreErrorCode.SqlNotSupported, error.ErrorCode);
        Assert.Contains("PRAGMA foreign_keys is not supported", error.Message, StringComparison.Ordinal);
        Assert.Equal(8, error.Column);
        var value = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("PRAGMA case_sensitive_like = maybe"));
        Assert.Equal(DocStoreErrorCode.SqlType, value.ErrorCode);
    }

    [Fact]
    public void Declared_columns_compare_with_their_affinity()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE codes (code TEXT, n INTEGER)");
        db.Sql.Execute("INSERT INTO codes VALUES ('10', '10'), ('9', 9)");
        Assert.Equal("10", SqlDatabase.Column(db, "SELECT code FROM codes WHERE code = 10"));
        Assert.Equal("10", SqlDatabase.Column(db, "SELECT code FROM codes WHERE n = '10'"));
        Assert.Equal("9", SqlDatabase.Column(db, "SELECT code FROM codes WHERE code > 5 AND n < '10'"));
    }
}
