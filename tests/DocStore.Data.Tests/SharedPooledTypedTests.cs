using Dapper;

namespace DocStore.Data.Tests;

/// <summary>
/// A pooled connection, shared by default, and a typed context opened afterwards on the same file in the same
/// process: the context takes the open database (one registry per process), whatever sharing it leaves unset.
/// </summary>
public sealed class SharedPooledTypedTests
{
    [Fact]
    public void A_typed_open_after_a_pooled_connection_shares_its_database()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using (var connection = new DocStoreConnection(temp.ConnectionString))
        {
            connection.Execute("INSERT INTO Customers (Id, Name, City) VALUES (4, 'Dee', 'Oslo')");
        }

        using var db = ShopDb.Open(temp.Path);
        db.Customers.Insert(new Customer { Id = 5, Name = "Eve", City = "Bergen" });
        using var again = new DocStoreConnection(temp.ConnectionString);

        Assert.Equal(5, db.Customers.Count());
        Assert.Equal(5, again.ExecuteScalar<long>("SELECT COUNT(*) FROM Customers"));
        Assert.True(File.Exists(temp.Path + "-shm"));
    }

    [Fact]
    public void A_typed_open_that_asks_for_Exclusive_beside_a_pooled_connection_is_refused_naming_both()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var connection = new DocStoreConnection(temp.ConnectionString);
        connection.Open();

        var error = Assert.Throws<DatabaseLockedException>(() => ShopDb.Open(temp.Path, new DocStoreOptions { Sharing = DocStoreSharing.Exclusive }));

        Assert.Contains("Sharing=Shared", error.Message, StringComparison.Ordinal);
        Assert.Contains("Sharing=Exclusive", error.Message, StringComparison.Ordinal);
        Assert.Equal(3, connection.ExecuteScalar<long>("SELECT COUNT(*) FROM Customers"));
    }
}
