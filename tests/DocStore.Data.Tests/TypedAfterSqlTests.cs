using Dapper;

namespace DocStore.Data.Tests;

/// <summary>
/// A typed context opens a collection that a pooled connection (SQL, untyped) already holds open: its
/// declarations become the open index set, whatever opened first, and the connection keeps working.
/// </summary>
public sealed class TypedAfterSqlTests
{
    [Theory]
    [InlineData("INSERT INTO Shelves (Id, Zone, Aisle) VALUES (9, 'west', 1)")]
    [InlineData("INSERT INTO Shelves (Id, Zone, Aisle) VALUES (1, 'twin', 1)")]
    [InlineData("UPDATE Shelves SET Zone = 'east' WHERE Id = 1")]
    [InlineData("DELETE FROM Shelves WHERE Id = 2")]
    [InlineData("SELECT COUNT(*) FROM Shelves")]
    public void A_typed_context_opens_after_a_pooled_connection_ran_sql(string sql)
    {
        using var temp = new TempDb();
        using (var seed = StoreDb.Open(temp.Path))
        {
            seed.Shelves.Insert(new Shelf { Id = 1, Zone = "north", Aisle = 3 });
            seed.Shelves.Insert(new Shelf { Id = 2, Zone = "south", Aisle = 4 });
        }

        using (var connection = new DocStoreConnection(temp.ConnectionString))
        {
            connection.Open();
            try
            {
                connection.Execute(sql);
            }
            catch (DuplicateKeyException)
            {
                // A failed write opens the collection as a successful one does.
            }
        }

        // The pooled database still holds the collection open untyped, its indexes in the catalog's order.
        using var db = StoreDb.Open(temp.Path);
        db.Shelves.Insert(new Shelf { Id = 10, Zone = "north", Aisle = 7 });
        Assert.Contains(db.Shelves.FindByZone("north"), s => s.Id == 10);
        Assert.Equal(1L, db.Shelves.CountByAisle(7));

        using var again = new DocStoreConnection(temp.ConnectionString);
        again.Open();
        Assert.Equal(1, again.Execute("INSERT INTO Shelves (Id, Zone, Aisle) VALUES (11, 'north', 7)"));
        Assert.Equal(2L, db.Shelves.CountByAisle(7));
        Assert.Equal(db.Shelves.CountByZone("north"), again.ExecuteScalar<long>("SELECT COUNT(*) FROM Shelves WHERE Zone = 'north'"));
        Assert.True(db.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_failed_insert_through_sql_does_not_break_a_typed_open_afterwards()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using (var connection = new DocStoreConnection(temp.ConnectionString))
        {
            connection.Open();
            Assert.Throws<DuplicateKeyException>(() => connection.Execute("INSERT INTO Customers (Id, Name, City) VALUES (1, 'Twin', 'Oslo')"));
        }

        using var db = ShopDb.Open(temp.Path);
        Assert.Equal(2L, db.Customers.CountByCity("Oslo"));
        AssertConnectionStillWorks(temp, db);
    }

    [Fact]
    public void A_typed_context_opens_beside_an_untyped_collection_of_the_same_connection()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var connection = new DocStoreConnection(temp.ConnectionString);
        connection.Open();
        var untyped = connection.Context!.GetCollection("Customers");
        Assert.Equal(3L, untyped.Count());

        using var db = ShopDb.Open(temp.Path);
        db.Customers.Insert(new Customer { Id = 4, Name = "Dee", City = "Oslo" });

        // The untyped handle opened first keeps working, over the same index set.
        Assert.Equal(3L, untyped.CountBy("City", "Oslo"));
        var note = new Bson.Model.BsonDocument();
        note.Add("Id", 5);
        note.Add("Name", "Eve");
        note.Add("City", "Oslo");
        untyped.Insert(note);
        Assert.Equal(4L, db.Customers.CountByCity("Oslo"));
    }

    [Fact]
    public void An_index_created_through_sql_is_dropped_by_a_typed_open_and_the_connection_follows()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var connection = new DocStoreConnection(temp.ConnectionString);
        connection.Open();
        connection.Execute("CREATE INDEX ByName ON Customers (Name)");
        Assert.Contains(connection.Context!.GetCollection("Customers").Indexes, i => i.Name == "ByName");

        using (var db = ShopDb.Open(temp.Path))
        {
            // The model declares City only: its open drops the index it does not declare, as a first open would.
            Assert.Equal(["City"], connection.Context.GetCollection("Customers").Indexes.Select(i => i.Name));
            Assert.Equal(1, connection.Execute("INSERT INTO Customers (Id, Name, City) VALUES (7, 'Gus', 'Bergen')"));
            Assert.Equal(2L, db.Customers.CountByCity("Bergen"));
        }

        Assert.True(connection.Context.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_typed_reopen_after_sql_added_an_index_takes_the_collection_back()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var connection = new DocStoreConnection(temp.ConnectionString);
        connection.Open();
        using (ShopDb.Open(temp.Path))
        {
        }

        // Nothing typed holds the file's collections once the file closes and opens again.
        connection.Close();
        DocStoreConnection.ClearAllPools();
        connection.Open();
        connection.Execute("CREATE INDEX ByName ON Customers (Name)");
        connection.Execute("INSERT INTO Customers (Id, Name, City) VALUES (8, 'Hal', 'Oslo')");

        using var db = ShopDb.Open(temp.Path);
        Assert.Equal(3L, db.Customers.CountByCity("Oslo"));
        Assert.DoesNotContain(connection.Context!.GetCollection("Customers").Indexes, i => i.Name == "ByName");
        AssertConnectionStillWorks(temp, db);
    }

    [Fact]
    public void A_typed_model_that_declares_a_new_index_builds_it_and_the_open_untyped_handle_maintains_it()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using (var setup = new DocStoreConnection(temp.ConnectionString + ";Pooling=False"))
        {
            setup.Open();
            setup.Execute("DROP INDEX Customers.City");
        }

        using var connection = new DocStoreConnection(temp.ConnectionString);
        connection.Open();
        connection.Execute("INSERT INTO Customers (Id, Name, City) VALUES (4, 'Dee', 'Oslo')");
        var untyped = connection.Context!.GetCollection("Customers");
        Assert.Empty(untyped.Indexes);

        using var db = ShopDb.Open(temp.Path);

        // Built from the documents stored, the SQL-written one included; the untyped handle sees it and keeps it current.
        Assert.Equal(3L, db.Customers.CountByCity("Oslo"));
        Assert.Equal(["City"], untyped.Indexes.Select(i => i.Name));
        connection.Execute("INSERT INTO Customers (Id, Name, City) VALUES (5, 'Eve', 'Oslo')");
        Assert.Equal(4L, db.Customers.CountByCity("Oslo"));
        Assert.Equal(4L, untyped.CountBy("City", "Oslo"));
        Assert.True(db.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_model_declaring_its_indexes_in_another_order_than_the_catalog_opens_after_sql()
    {
        using var temp = new TempDb();
        using (var store = StoreDb.Open(temp.Path))
        {
            store.Shelves.Insert(new Shelf { Id = 1, Zone = "north", Aisle = 3 });
        }

        using var connection = new DocStoreConnection(temp.ConnectionString);
        connection.Open();
        connection.Execute("INSERT INTO Shelves (Id, Zone, Aisle) VALUES (2, 'south', 3)");

        // SQL opened the collection with the catalog's order (Aisle, Zone); the model declares Zone, Aisle.
        using var db = StoreDb.Open(temp.Path);
        Assert.Equal(2L, db.Shelves.CountByAisle(3));
        Assert.Equal(1L, db.Shelves.CountByZone("south"));
        connection.Execute("INSERT INTO Shelves (Id, Zone, Aisle) VALUES (3, 'south', 4)");
        Assert.Equal(2L, db.Shelves.CountByZone("south"));
        Assert.Equal(1L, db.Shelves.CountByAisle(4));
        Assert.Equal(["Zone", "Aisle"], connection.Context!.GetCollection("Shelves").Indexes.Select(i => i.Name));
        Assert.True(db.CheckIntegrity().IsValid);
    }

    [Fact]
    public void Sql_after_a_typed_context_keeps_working_over_the_declared_order()
    {
        using var temp = new TempDb();
        using var db = StoreDb.Open(temp.Path);
        db.Shelves.Insert(new Shelf { Id = 1, Zone = "north", Aisle = 3 });
        using var connection = new DocStoreConnection(temp.ConnectionString);
        connection.Open();
        connection.Execute("INSERT INTO Shelves (Id, Zone, Aisle) VALUES (2, 'north', 5)");
        Assert.Equal(2L, db.Shelves.CountByZone("north"));
        Assert.Equal(2, connection.ExecuteScalar<int>("SELECT COUNT(*) FROM Shelves WHERE Zone = 'north'"));
    }

    [Fact]
    public void Dapper_writes_first_and_a_typed_context_on_the_same_file_reads_them()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var connection = new DocStoreConnection(temp.ConnectionString);
        connection.Open();
        connection.Execute("INSERT INTO Orders (Id, CustomerId, Total) VALUES (@Id, @CustomerId, @Total)", new { Id = 200, CustomerId = 2, Total = 3m });

        using var db = ShopDb.Open(temp.Path);
        Assert.Equal([102, 200], db.Orders.FindByCustomerId(2).Select(o => o.Id).Order());
        db.Orders.Insert(new Order { Id = 201, CustomerId = 2, Total = 1m });
        Assert.Equal(3, connection.ExecuteScalar<int>("SELECT COUNT(*) FROM Orders WHERE CustomerId = 2"));
    }

    [Fact]
    public void A_typed_model_keyed_otherwise_than_the_open_untyped_collection_is_refused_naming_both_keys()
    {
        using var temp = new TempDb();
        using var connection = new DocStoreConnection(temp.ConnectionString);
        connection.Open();

        // Created untyped: keyed by _id with generated object ids.
        var order = new Bson.Model.BsonDocument();
        order.Add("CustomerId", 1);
        connection.Context!.GetCollection("Orders").Insert(order);
        var error = Assert.Throws<InvalidOperationException>(() => ShopDb.Open(temp.Path));
        Assert.Contains("'Orders'", error.Message, StringComparison.Ordinal);
        Assert.Contains("'_id'", error.Message, StringComparison.Ordinal);
        Assert.Contains("ObjectId", error.Message, StringComparison.Ordinal);

        // Refused before anything changed: SQL still works on the collection as it was.
        Assert.Equal(1, connection.ExecuteScalar<int>("SELECT COUNT(*) FROM Orders"));
    }

    [Fact]
    public void A_read_only_typed_open_after_a_read_only_connection_takes_its_declared_order()
    {
        using var temp = new TempDb();
        using (var seed = StoreDb.Open(temp.Path))
        {
            seed.Shelves.Insert(new Shelf { Id = 1, Zone = "north", Aisle = 3 });
        }

        using var connection = new DocStoreConnection(temp.ConnectionString + ";Mode=ReadOnly");
        connection.Open();
        var untyped = connection.Context!.GetCollection("Shelves");
        Assert.Equal(["Aisle", "Zone"], untyped.Indexes.Select(i => i.Name));

        using var db = StoreDb.Open(temp.Path, new DocStoreOptions { ReadOnly = true });
        Assert.Equal(1L, db.Shelves.CountByZone("north"));
        Assert.Equal(1L, untyped.CountBy("Aisle", 3));
        Assert.Equal(["Zone", "Aisle"], untyped.Indexes.Select(i => i.Name));
    }

    [Fact]
    public void A_read_only_typed_open_beside_an_untyped_collection_lacking_a_declared_index_is_refused()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using (var setup = new DocStoreConnection(temp.ConnectionString + ";Pooling=False"))
        {
            setup.Open();
            setup.Execute("DROP INDEX Customers.City");
        }

        using var connection = new DocStoreConnection(temp.ConnectionString + ";Mode=ReadOnly");
        connection.Open();
        var untyped = connection.Context!.GetCollection("Customers");
        var error = Assert.Throws<DatabaseReadOnlyException>(() => ShopDb.Open(temp.Path, new DocStoreOptions { ReadOnly = true }));
        Assert.Contains("'City'", error.Message, StringComparison.Ordinal);
        Assert.Equal(3L, untyped.Count());
    }

    [Fact]
    public async Task A_typed_open_waits_for_an_sql_transaction_and_indexes_what_it_committed()
    {
        using var temp = new TempDb();
        using (var seed = StoreDb.Open(temp.Path))
        {
            seed.Shelves.Insert(new Shelf { Id = 1, Zone = "north", Aisle = 3 });
        }

        using var connection = new DocStoreConnection(temp.ConnectionString);
        connection.Open();
        Task<StoreDb> opening;
        using (var transaction = connection.BeginTransaction())
        {
            connection.Execute("INSERT INTO Shelves (Id, Zone, Aisle) VALUES (2, 'north', 4)", transaction: transaction);

            // The typed open reconciles in a write transaction of its own: it runs after this one ends.
            opening = Task.Run(() => StoreDb.Open(temp.Path));
            transaction.Commit();
        }

        using var db = await opening.WaitAsync(TimeSpan.FromMinutes(10));
        Assert.Equal(2L, db.Shelves.CountByZone("north"));
        Assert.Equal(1L, db.Shelves.CountByAisle(4));
        Assert.True(db.CheckIntegrity().IsValid);
    }

    private static void AssertConnectionStillWorks(TempDb temp, ShopDb db)
    {
        using var connection = new DocStoreConnection(temp.ConnectionString);
        connection.Open();
        Assert.Equal(1, connection.Execute("INSERT INTO Customers (Id, Name, City) VALUES (50, 'Zed', 'Oslo')"));
        Assert.Equal("Zed", db.Customers.Get(50)!.Name);
        Assert.Equal(db.Customers.CountByCity("Oslo"), connection.ExecuteScalar<long>("SELECT COUNT(*) FROM Customers WHERE City = 'Oslo'"));
        Assert.True(db.CheckIntegrity().IsValid);
    }
}
