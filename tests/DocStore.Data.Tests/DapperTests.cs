using Dapper;

namespace DocStore.Data.Tests;

public sealed class DapperTests
{
    public sealed class CustomerRow
    {
        public int Id { get; set; }

        public string Name { get; set; } = "";

        public string? Town { get; set; }

        public DateTime Joined { get; set; }
    }

    public sealed class OrderRow
    {
        public int OrderId { get; set; }

        public decimal Total { get; set; }
    }

    public sealed class Loose
    {
        public long? N { get; set; }

        public string? X { get; set; }

        public double Amount { get; set; }
    }

    [Fact]
    public void Query_maps_columns_by_name_with_anonymous_parameters()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var connection = new DocStoreConnection(temp.ConnectionString);
        var rows = connection.Query<CustomerRow>("SELECT Id, Name, City AS Town, Joined FROM Customers WHERE City = @city ORDER BY Id", new { city = "Oslo" }).ToList();
        Assert.Equal([1, 3], rows.Select(r => r.Id));
        Assert.Equal("Ann", rows[0].Name);
        Assert.Equal("Oslo", rows[0].Town);
        Assert.Equal(new DateTime(2020, 1, 2, 3, 4, 5, DateTimeKind.Utc), rows[0].Joined);

        Assert.Equal(3, connection.ExecuteScalar<int>("SELECT COUNT(*) FROM Customers"));
        Assert.Equal("Bob", connection.QuerySingle<string>("SELECT Name FROM Customers WHERE Id = @Id", new { Id = 2 }));
    }

    [Fact]
    public void In_list_parameters_are_expanded()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var connection = new DocStoreConnection(temp.ConnectionString);
        var names = connection.Query<string>("SELECT Name FROM Customers WHERE Id IN @ids ORDER BY Name", new { ids = new[] { 1, 3, 42 } });
        Assert.Equal(["Ann", "Cid"], names);
    }

    [Fact]
    public void QueryMultiple_reads_each_result()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var connection = new DocStoreConnection(temp.ConnectionString);
        using var grid = connection.QueryMultiple("SELECT Id, Name FROM Customers WHERE Id = @id; SELECT Id AS OrderId, Total FROM Orders WHERE CustomerId = @id ORDER BY Id", new { id = 1 });
        var customer = grid.ReadSingle<CustomerRow>();
        var orders = grid.Read<OrderRow>().ToList();
        Assert.Equal("Ann", customer.Name);
        Assert.Equal([100, 101], orders.Select(o => o.OrderId));
        Assert.Equal(10.5m, orders[0].Total);
    }

    [Fact]
    public void Multi_mapping_splits_a_join()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var connection = new DocStoreConnection(temp.ConnectionString);
        var pairs = connection.Query<CustomerRow, OrderRow, (string Name, int OrderId, decimal Total)>(
            "SELECT c.Id AS Id, c.Name AS Name, o.Id AS OrderId, o.Total AS Total FROM Customers c JOIN Orders o ON o.CustomerId = c.Id ORDER BY o.Id",
            (c, o) => (c.Name, o.OrderId, o.Total),
            splitOn: "OrderId").ToList();
        Assert.Equal([("Ann", 100, 10.5m), ("Ann", 101, 4m), ("Bob", 102, 7.25m), ("Cid", 103, 1m)], pairs);
    }

    [Fact]
    public void Columns_whose_types_vary_or_are_null_still_map()
    {
        using var temp = new TempDb();
        using (var db = DocStoreDatabase.Open(temp.Path))
        {
            var items = db.GetCollection("Items");
            items.Insert(new Bson.Model.BsonDocument { { "_id", 1 }, { "N", Bson.Model.BsonNull.Value }, { "Amount", 1 } });
            items.Insert(new Bson.Model.BsonDocument { { "_id", 2 }, { "N", 5 }, { "X", "x" }, { "Amount", 2.5 } });
            items.Insert(new Bson.Model.BsonDocument { { "_id", 3 }, { "N", 6_000_000_000L }, { "Amount", 3L } });
        }

        using var connection = new DocStoreConnection(temp.ConnectionString);
        var rows = connection.Query<Loose>("SELECT N, X, Amount FROM Items ORDER BY _id").ToList();
        Assert.Equal([null, 5L, 6_000_000_000L], rows.Select(r => r.N));
        Assert.Equal([null, "x", null], rows.Select(r => r.X));
        Assert.Equal([1.0, 2.5, 3.0], rows.Select(r => r.Amount));
    }

    [Fact]
    public void Typed_collection_writes_join_a_connection_transaction()
    {
        using var temp = new TempDb();
        using var db = temp.Seed();
        using var connection = new DocStoreConnection(temp.ConnectionString);
        connection.Open();
        using (var transaction = connection.BeginTransaction())
        {
            db.Orders.Insert(transaction.Transaction, new Order { Id = 200, CustomerId = 2, Total = 3m });
            Assert.Equal(2, connection.ExecuteScalar<int>("SELECT COUNT(*) FROM Orders WHERE CustomerId = 2", transaction: transaction));
            Assert.Equal(4L, db.Orders.Count());
        }

        // Disposed without commit: rolled back.
        Assert.Equal(4, connection.ExecuteScalar<int>("SELECT COUNT(*) FROM Orders"));
    }

    [Fact]
    public void Execute_in_a_transaction_commits_or_rolls_back()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var connection = new DocStoreConnection(temp.ConnectionString);
        connection.Open();
        using (var transaction = connection.BeginTransaction())
        {
            var changed = connection.Execute("INSERT INTO Orders (Id, CustomerId, Total) VALUES (@Id, @CustomerId, @Total)", new[] { new { Id = 300, CustomerId = 3, Total = 2m }, new { Id = 301, CustomerId = 3, Total = 5m } }, transaction);
            Assert.Equal(2, changed);
            transaction.Rollback();
        }

        Assert.Equal(1, connection.ExecuteScalar<int>("SELECT COUNT(*) FROM Orders WHERE CustomerId = 3"));
        using (var transaction = connection.BeginTransaction())
        {
            Assert.Equal(1, connection.Execute("UPDATE Customers SET City = @city WHERE Id = @id", new { city = "Tromsø", id = 3 }, transaction));
            Assert.Equal(1, connection.Execute("DELETE FROM Orders WHERE Id = @id", new { id = 103 }, transaction));
            transaction.Commit();
        }

        using var db = ShopDb.Open(temp.Path);
        Assert.Equal("Tromsø", db.Customers.Get(3)!.City);
        Assert.Null(db.Orders.Get(103));
        Assert.True(db.CheckIntegrity().IsValid);
    }
}
