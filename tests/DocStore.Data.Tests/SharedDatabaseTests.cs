using Dapper;

namespace DocStore.Data.Tests;

public sealed class SharedDatabaseTests
{
    [Fact]
    public void A_typed_context_and_a_connection_on_one_file_see_each_others_commits()
    {
        using var temp = new TempDb();
        using var db = temp.Seed();
        using (var connection = new DocStoreConnection(temp.ConnectionString))
        {
            connection.Open();
            Assert.Equal(3, connection.ExecuteScalar<int>("SELECT COUNT(*) FROM Customers"));

            db.Customers.Insert(new Customer { Id = 4, Name = "Dee", City = "Oslo" });
            Assert.Equal("Dee", connection.QuerySingle<string>("SELECT Name FROM Customers WHERE Id = 4"));

            // A write through the connection's transaction is seen by the typed context once committed.
            using DocStoreDataTransaction transaction = connection.BeginTransaction();
            db.Customers.Insert(transaction.Transaction, new Customer { Id = 5, Name = "Eve", City = "Bergen" });
            Assert.Null(db.Customers.Get(5));
            transaction.Commit();
            Assert.Equal("Eve", db.Customers.Get(5)!.Name);
        }

        Assert.Equal(5L, db.Customers.Count());
    }

    [Fact]
    public void A_connection_opened_first_shares_with_a_typed_context_opened_later()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var connection = new DocStoreConnection(temp.ConnectionString);
        connection.Open();
        Assert.Equal(4, connection.ExecuteScalar<int>("SELECT COUNT(*) FROM Orders"));
        using (var db = ShopDb.Open(temp.Path))
        {
            db.Orders.Insert(new Order { Id = 104, CustomerId = 2, Total = 1m });
        }

        // The typed context closed; the connection keeps the database open and sees its commit.
        Assert.Equal(5, connection.ExecuteScalar<int>("SELECT COUNT(*) FROM Orders"));
    }

    [Fact]
    public void Opening_and_closing_per_request_reuses_the_database_and_releases_the_file()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        var iterations = int.TryParse(Environment.GetEnvironmentVariable("DOCSTORE_ADO_ITERATIONS"), out var n) ? n : 200;
        DocStoreContext? first = null;
        for (var i = 0; i < iterations; i++)
        {
            using var connection = new DocStoreConnection(temp.ConnectionString);
            connection.Open();
            first ??= connection.Context;

            // Pooled: every request gets the same open database.
            Assert.Same(first, connection.Context);
            Assert.Equal("Ann", connection.QuerySingle<string>("SELECT Name FROM Customers WHERE Id = @id", new { id = 1 }));
        }

        DocStoreConnection.ClearAllPools();
        Assert.True(first!.IsDisposed);

        // Nothing holds the file read-write any more: a read-only open (refused while a writer has it) works.
        using var reopened = DocStoreDatabase.Open(temp.Path, new DocStoreOptions { ReadOnly = true });
        Assert.True(reopened.CheckIntegrity().IsValid);
    }

    [Fact]
    public void Without_pooling_the_file_closes_with_the_last_connection()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using (var connection = new DocStoreConnection(temp.ConnectionString + ";Pooling=False"))
        {
            connection.Open();
            Assert.Equal(3, connection.ExecuteScalar<int>("SELECT COUNT(*) FROM Customers"));
        }

        using var reopened = DocStoreDatabase.Open(temp.Path, new DocStoreOptions { ReadOnly = true });
        Assert.True(reopened.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_read_only_connection_cannot_share_a_read_write_database()
    {
        using var temp = new TempDb();
        using var db = temp.Seed();
        using var connection = new DocStoreConnection(temp.ConnectionString + ";Mode=ReadOnly");
        var error = Assert.Throws<DatabaseLockedException>(connection.Open);
        Assert.Contains("ReadOnly=False", error.Message, StringComparison.Ordinal);
        Assert.Contains("ReadOnly=True", error.Message, StringComparison.Ordinal);
    }
}
