using DocStore.Bson.Model;

namespace DocStore.Tests.Sql.Tables;

/// <summary>NATURAL JOIN over declared columns, its errors, and the declared columns in docstore_collections.</summary>
public sealed class NaturalJoinTests
{
    [Fact]
    public void Natural_join_matches_the_columns_both_tables_declare()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE a (x INTEGER, Y TEXT, z); CREATE TABLE b (y TEXT, w, z)");
        db.Sql.Execute("INSERT INTO a VALUES (1, 'p', 1), (2, 'q', 2), (3, 'p', 9); INSERT INTO b VALUES ('p', 'first', 1), ('q', 'second', 3)");
        using var rows = db.Sql.ExecuteReader("SELECT a.x, b.w FROM a NATURAL JOIN b");
        var pairs = new List<string>();
        while (rows.Read())
        {
            var x = rows.GetValue(0) is BsonInt64 wide ? wide.Value : ((BsonInt32)rows.GetValue(0)).Value;
            pairs.Add($"{x}:{((BsonString)rows.GetValue(1)).Value}");
        }

        // Y and y are one column (names match ignoring case), z the other: only x = 1 matches on both.
        Assert.Equal(["1:first"], pairs);
    }

    [Fact]
    public void Natural_join_of_a_collection_without_columns_is_refused_at_natural()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE a (x INTEGER); CREATE COLLECTION docs");
        const string Sql = "SELECT * FROM a NATURAL JOIN docs";
        var error = Assert.ThrowsAny<DocStoreException>(() => db.Sql.Execute(Sql));
        Assert.Equal(DocStoreErrorCode.SqlNotSupported, error.ErrorCode);
        Assert.Contains("'docs' declares none", error.Message, StringComparison.Ordinal);
        Assert.Equal(Sql.IndexOf("NATURAL", StringComparison.Ordinal), ((SqlExecutionException)error).Position);
    }

    [Fact]
    public void Natural_join_takes_no_on_or_using()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE a (x INTEGER); CREATE TABLE b (x INTEGER)");
        var error = Assert.Throws<SqlSyntaxException>(() => db.Sql.Execute("SELECT * FROM a NATURAL JOIN b ON a.x = b.x"));
        Assert.Contains("NATURAL", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Catalog_view_lists_declared_columns()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name VARCHAR(20), c); CREATE COLLECTION docs");
        using var rows = db.Sql.ExecuteReader("SELECT name, columns, column_types FROM docstore_collections ORDER BY name");
        var found = new Dictionary<string, (BsonValue Columns, BsonValue Types)>();
        while (rows.Read())
        {
            found[((BsonString)rows.GetValue(0)).Value] = (rows.GetValue(1), rows.GetValue(2));
        }

        Assert.Equal(new BsonArray { "id", "name", "c" }, found["t"].Columns);
        Assert.Equal(new BsonArray { "INTEGER", "VARCHAR(20)", string.Empty }, found["t"].Types);
        Assert.Equal(new BsonArray(), found["docs"].Columns);
    }
}
