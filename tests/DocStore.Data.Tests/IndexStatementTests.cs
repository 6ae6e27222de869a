using Dapper;
using DocStore.Bson.Model;

namespace DocStore.Data.Tests;

/// <summary>CREATE INDEX and DROP INDEX through connections, with other handles on the same file writing meanwhile.</summary>
public sealed class IndexStatementTests
{
    [Fact]
    public void An_index_created_through_a_connection_is_maintained_by_every_handle_on_the_file()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var db = DocStoreDatabase.Open(temp.Path);
        var customers = db.GetCollection("Customers");
        using var first = new DocStoreConnection(temp.ConnectionString);
        using var second = new DocStoreConnection(temp.ConnectionString);
        first.Open();
        second.Open();

        Assert.Equal("full scan", Access(second, "SELECT * FROM Customers WHERE Name = 'Dee'"));
        first.Execute("CREATE UNIQUE INDEX ByName ON Customers (Name)");

        customers.Insert(new BsonDocument { { "Id", 4 }, { "Name", "Dee" }, { "City", "Oslo" } });
        second.Execute("INSERT INTO Customers (Id, Name, City) VALUES (5, 'Eve', 'Bergen')");
        Assert.Throws<DuplicateKeyException>(() => customers.Insert(new BsonDocument { { "Id", 6 }, { "Name", "Eve" } }));
        Assert.Equal("index seek", Access(second, "SELECT * FROM Customers WHERE Name = 'Dee'"));
        Assert.Equal(4, second.QuerySingle<int>("SELECT Id FROM Customers WHERE Name = 'Dee'"));
        Assert.Equal(5, customers.FindOne("ByName", "Eve")!["Id"].AsInt32);
        Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());

        second.Execute("DROP INDEX Customers.ByName");
        customers.Insert(new BsonDocument { { "Id", 6 }, { "Name", "Eve" } });
        first.Execute("UPDATE Customers SET Name = 'Ann' WHERE Id = 2");
        Assert.Equal("full scan", Access(first, "SELECT * FROM Customers WHERE Name = 'Dee'"));
        Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
    }

    [Fact]
    public void A_typed_model_opening_the_collection_later_replaces_its_index_set()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using (var connection = new DocStoreConnection(temp.ConnectionString))
        {
            connection.Open();
            connection.Execute("CREATE INDEX ByName ON Customers (Name)");
            Assert.Equal(1, connection.ExecuteScalar<int>("SELECT COUNT(*) FROM docstore_indexes WHERE name = 'ByName'"));
        }

        DocStoreConnection.ClearAllPools();
        using var db = ShopDb.Open(temp.Path);
        Assert.Equal(3L, db.Customers.Count());
        using var after = new DocStoreConnection(temp.ConnectionString);
        after.Open();
        Assert.Equal(0, after.ExecuteScalar<int>("SELECT COUNT(*) FROM docstore_indexes WHERE name = 'ByName'"));
        var refused = Assert.Throws<SqlExecutionException>(() => after.Execute("CREATE INDEX ByName ON Customers (Name)"));
        Assert.Equal(DocStoreErrorCode.SqlIndexOwned, refused.ErrorCode);
    }

    private static string Access(DocStoreConnection connection, string sql)
    {
        using var command = connection.CreateCommand();
        command.CommandText = "EXPLAIN " + sql;
        using var reader = command.ExecuteReader();
        Assert.True(reader.Read());
        return reader.GetString(reader.GetOrdinal("access"));
    }
}
