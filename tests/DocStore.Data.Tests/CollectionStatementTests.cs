using Dapper;
using DocStore.Bson.Model;

namespace DocStore.Data.Tests;

/// <summary>CREATE TABLE, ALTER TABLE ... RENAME TO and DROP TABLE through connections, as SQLite-minded code writes them.</summary>
public sealed class CollectionStatementTests
{
    [Fact]
    public void A_script_that_creates_renames_and_drops_a_table_runs_as_written()
    {
        using var temp = new TempDb();
        using var connection = new DocStoreConnection(temp.ConnectionString);
        connection.Open();

        connection.Execute("CREATE TABLE IF NOT EXISTS Notes (Id INTEGER PRIMARY KEY, Title TEXT NOT NULL)");
        connection.Execute("CREATE TABLE IF NOT EXISTS Notes (Id INTEGER PRIMARY KEY, Title TEXT NOT NULL)");
        connection.Execute("INSERT INTO Notes (Id, Title) VALUES (1, 'a'), (2, 'b')");
        connection.Execute("ALTER TABLE Notes RENAME TO Memos");

        Assert.Equal(2, connection.ExecuteScalar<int>("SELECT COUNT(*) FROM Memos"));
        Assert.Throws<SqlExecutionException>(() => connection.ExecuteScalar<int>("SELECT COUNT(*) FROM Notes"));

        connection.Execute("DROP TABLE Memos");
        connection.Execute("DROP TABLE IF EXISTS Memos");
        var gone = Assert.Throws<SqlExecutionException>(() => connection.Execute("DROP TABLE Memos"));
        Assert.Equal(DocStoreErrorCode.SqlUnknownName, gone.ErrorCode);
    }

    [Fact]
    public void A_collection_object_held_across_a_drop_through_a_connection_fails_and_a_new_one_is_empty()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var db = DocStoreDatabase.Open(temp.Path);
        var customers = db.GetCollection("Customers");
        Assert.Equal(3L, customers.Count());
        using var connection = new DocStoreConnection(temp.ConnectionString);
        connection.Open();

        connection.Execute("DROP TABLE Customers");

        Assert.Throws<InvalidOperationException>(() => customers.Insert(new BsonDocument { { "Id", 9 }, { "Name", "Zed" } }));
        Assert.DoesNotContain("Customers", db.GetCollectionNames());
        Assert.Equal(0L, db.GetCollection("Customers").Count());
        Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
    }
}
