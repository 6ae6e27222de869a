using DocStore.Bson.Model;
using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql.Writes;

/// <summary>INSERT, UPDATE and DELETE through db.Sql: what they change, what they return, and that the collections' indexes follow.</summary>
public sealed class WriteStatementTests
{
    [Fact]
    public void Insert_with_columns_builds_documents_and_returns_the_row_count()
    {
        using var db = SqlDatabase.People();
        var count = db.Sql.Execute("INSERT INTO People (_id, Name, Email, Address.City, Age) VALUES (7, 'Gus', 'gus@x.org', 'Rome', 20 + 2), (8, @name, 'hal@x.org', NULL, ?)", new SqlParameters().Add("name", "Hal").Add(50));
        Assert.Equal(2, count);
        var gus = db.GetCollection("People").Get(7)!;
        Assert.Equal(new BsonDocument { { "_id", 7 }, { "Name", "Gus" }, { "Email", "gus@x.org" }, { "Address", new BsonDocument { { "City", "Rome" } } }, { "Age", 22 } }, gus);
        Assert.IsType<BsonInt32>(gus["Age"]);
        Assert.Equal("Hal", db.GetCollection("People").FindOne("Email", "hal@x.org")!["Name"].AsString);
        Assert.Equal("Gus", SqlDatabase.Column(db, "SELECT Name FROM People WHERE Address.City = 'Rome'"));
        Assert.True(db.CheckIntegrity().IsValid);
    }

    [Fact]
    public void Insert_of_whole_documents_takes_a_parameter_or_a_literal_and_generates_missing_keys()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var notes = db.GetCollection("Notes", IndexDefinition.On("Tags[]"));
        var parameter = new BsonDocument { { "Title", "a" }, { "Tags", new BsonArray { "x", "y" } } };
        Assert.Equal(2, db.Sql.Execute("INSERT INTO Notes VALUES (@doc), ({\"Title\": \"b\", \"When\": {\"$date\": \"2024-01-02T00:00:00Z\"}})", new SqlParameters().Add("doc", parameter)));
        Assert.False(parameter.Contains("_id"));
        var all = notes.FindAll().ToList();
        Assert.Equal(2, all.Count);
        Assert.All(all, d => Assert.IsType<BsonObjectId>(d["_id"]));
        Assert.Equal("a", Assert.Single(notes.Find("Tags[]", "y"))["Title"].AsString);
        Assert.IsType<BsonDateTime>(all.Single(d => d["Title"].AsString == "b")["When"]);
        var error = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("INSERT INTO Notes VALUES (42)"));
        Assert.Equal(DocStoreErrorCode.SqlType, error.ErrorCode);
        Assert.Contains("one document per row", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_failing_row_of_a_multi_row_insert_inserts_nothing()
    {
        using var db = SqlDatabase.People();
        var before = db.Sql.Query("SELECT * FROM People");
        var key = Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("INSERT INTO People (_id, Name) VALUES (10, 'a'), (11, 'b'), (1, 'c')"));
        Assert.Equal(DocStoreErrorCode.DuplicateKey, key.ErrorCode);
        Assert.Contains("'People'", key.Message, StringComparison.Ordinal);
        Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("INSERT INTO People (_id, Email) VALUES (12, 'new@x.org'), (13, 'new@x.org')"));
        Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("INSERT INTO People (_id, Email) VALUES (14, 'z@x.org'), (15, 'bob@x.org')"));
        Assert.Equal(before, db.Sql.Query("SELECT * FROM People"));
        Assert.True(db.CheckIntegrity().IsValid);
    }

    [Fact]
    public void Update_sets_paths_on_the_rows_the_where_finds_and_keeps_indexes_right()
    {
        using var db = SqlDatabase.People();
        Assert.Equal(2, db.Sql.Execute("UPDATE People SET Age = Age + 1, Address.Zip = '9999', Email = LOWER(Name) || '@y.org' WHERE Address.City = 'Oslo'"));
        Assert.Equal("Ann | 32 | \"9999\"\nCid | 32 | \"9999\"", SqlDatabase.Rows(db, "SELECT Name, Age, Address.Zip FROM People WHERE Address.City = 'Oslo' ORDER BY Name").Replace("\"Ann\"", "Ann", StringComparison.Ordinal).Replace("\"Cid\"", "Cid", StringComparison.Ordinal));
        var people = db.GetCollection("People");
        Assert.Equal(1, people.Get(1)!["_id"].AsInt32);
        Assert.Equal("Cid", people.FindOne("Email", "cid@y.org")!["Name"].AsString);
        Assert.Null(people.FindOne("Email", "cid@x.org"));
        Assert.Equal(0, db.Sql.Execute("UPDATE People SET Name = 'x' WHERE _id = 999"));
        Assert.True(db.CheckIntegrity().IsValid);
    }

    [Fact]
    public void An_update_that_would_duplicate_a_unique_value_changes_nothing()
    {
        using var db = SqlDatabase.People();
        var before = db.Sql.Query("SELECT * FROM People");
        Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("UPDATE People SET Email = 'same@x.org' WHERE _id IN (1, 2)"));
        Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("UPDATE People SET Email = 'eve@x.org' WHERE _id = 1"));
        Assert.Equal(before, db.Sql.Query("SELECT * FROM People"));
        Assert.Equal(2, db.Sql.Execute("UPDATE People SET Email = Name || '@z.org' WHERE _id IN (1, 2)"));
        Assert.True(db.CheckIntegrity().IsValid);
    }

    [Fact]
    public void Update_refuses_the_key_and_array_element_paths()
    {
        using var db = SqlDatabase.People();
        var key = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("UPDATE People SET _id = 9 WHERE _id = 1"));
        Assert.Contains("cannot change the key field '_id'", key.Message, StringComparison.Ordinal);
        var element = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("UPDATE People SET Tags[] = 'a'"));
        Assert.Equal(DocStoreErrorCode.SqlNotSupported, element.ErrorCode);
        var through = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("UPDATE People SET Name.First = 'a' WHERE _id = 1"));
        Assert.Contains("'Name' holds a string", through.Message, StringComparison.Ordinal);
        Assert.Equal("Ann", db.GetCollection("People").Get(1)!["Name"].AsString);
    }

    [Fact]
    public void Delete_removes_what_the_where_finds_with_its_index_entries()
    {
        using var db = SqlDatabase.People();
        Assert.Equal(2, db.Sql.Execute("DELETE FROM People WHERE 'vip' = Tags[]"));
        Assert.Equal("2,3,4,6", SqlDatabase.Column(db, "SELECT _id FROM People ORDER BY _id"));
        Assert.Empty(db.GetCollection("People").Find("Tags[]", "vip"));
        Assert.Equal(4, db.Sql.Execute("DELETE FROM People"));
        Assert.Equal(0L, db.GetCollection("People").Count());
        Assert.True(db.CheckIntegrity().IsValid);
    }

    [Fact]
    public void Explain_shows_the_access_path_an_update_or_delete_uses()
    {
        using var db = SqlDatabase.People();
        var update = SqlDatabase.Rows(db, "EXPLAIN UPDATE People SET Age = 1 WHERE Email = 'ann@x.org'");
        Assert.Contains("Email", update, StringComparison.Ordinal);
        Assert.Contains("seek", update, StringComparison.OrdinalIgnoreCase);
        Assert.Contains("key seek", SqlDatabase.Rows(db, "EXPLAIN DELETE FROM People WHERE _id = 3"), StringComparison.OrdinalIgnoreCase);
        Assert.Equal(6, db.GetCollection("People").Count());
    }

    [Fact]
    public void System_tables_and_index_statements_are_refused_with_clear_errors()
    {
        using var db = SqlDatabase.People();
        var system = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("DELETE FROM docstore_collections"));
        Assert.Contains("system table", system.Message, StringComparison.Ordinal);
        var index = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("CREATE INDEX ByName ON docstore_collections (name)"));
        Assert.Equal(DocStoreErrorCode.SqlNotSupported, index.ErrorCode);
        Assert.Contains("system table", index.Message, StringComparison.Ordinal);
        var values = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("INSERT INTO People (_id, Name) VALUES (20, Email)"));
        Assert.Contains("refers to a field", values.Message, StringComparison.Ordinal);
        Assert.Equal(6, db.GetCollection("People").Count());
    }
}
