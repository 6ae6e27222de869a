using DocStore.Bson.Model;

namespace DocStore.Tests.Sql.Tables;

/// <summary><c>SELECT *</c> over a table: the declared columns in order, then the other stored fields in the order they were first stored.</summary>
public sealed class StarColumnTests
{
    [Fact]
    public void Star_lists_declared_columns_then_other_fields_in_first_stored_order()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (b TEXT, a INTEGER)");
        db.Sql.Execute("INSERT INTO t (a, z, b) VALUES (1, 'zz', 'x')");
        db.GetCollection("t").Insert(new BsonDocument { { "a", 2 }, { "y", true } });

        var rows = db.Sql.Query("SELECT * FROM t ORDER BY a");
        Assert.Equal("b,a,z,y", string.Join(",", rows[0].Names));
        Assert.Equal("zz", rows[0]["z"].AsString);
        Assert.True(rows[0]["y"] is BsonNull);
        Assert.True(rows[1]["y"].AsBoolean);
        Assert.Equal("b,a,z,y", string.Join(",", db.Sql.Query("SELECT t.* FROM t t ORDER BY a")[0].Names));
    }

    [Fact]
    public void A_prepared_star_query_sees_a_field_stored_after_it_was_planned()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (a INTEGER)");
        var query = db.Sql.Prepare("SELECT * FROM t");
        db.Sql.Execute("INSERT INTO t VALUES (1)");
        Assert.Equal("a", string.Join(",", query.Query()[0].Names));

        db.Sql.Execute("INSERT INTO t (a, extra) VALUES (2, 'e')");
        Assert.Equal("a,extra", string.Join(",", query.Query()[0].Names));
    }

    [Fact]
    public void The_hidden_key_stays_hidden_and_collections_keep_whole_documents()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (a INTEGER); CREATE COLLECTION docs");
        db.Sql.Execute("INSERT INTO t (a, w) VALUES (1, 2); INSERT INTO docs VALUES ({\"k\": 1})");
        Assert.Equal("a,w", string.Join(",", db.Sql.Query("SELECT * FROM t")[0].Names));
        Assert.Equal(1, db.Sql.Query("SELECT * FROM docs")[0]["k"].AsInt32);
    }
}
