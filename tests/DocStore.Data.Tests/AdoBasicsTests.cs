using System.Data;
using DocStore.Bson.Model;

namespace DocStore.Data.Tests;

public sealed class AdoBasicsTests
{
    [Fact]
    public void A_connection_opens_reads_and_closes()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var connection = new DocStoreConnection(temp.ConnectionString);
        Assert.Equal(ConnectionState.Closed, connection.State);
        connection.Open();
        Assert.Equal(ConnectionState.Open, connection.State);
        Assert.Equal(temp.Path, connection.DataSource);
        Assert.Equal("shop", connection.Database);
        Assert.False(string.IsNullOrEmpty(connection.ServerVersion));

        using var command = connection.CreateCommand();
        command.CommandText = "SELECT Name, City AS town, Joined, Tags FROM Customers WHERE Id = @id";
        command.Parameters.AddWithValue("id", 1);
        using var reader = command.ExecuteReader();
        Assert.Equal(4, reader.FieldCount);
        Assert.Equal("Name", reader.GetName(0));
        Assert.Equal("town", reader.GetName(1));
        Assert.Equal(1, reader.GetOrdinal("TOWN"));
        Assert.True(reader.Read());
        Assert.Equal("Ann", reader.GetString(0));
        Assert.Equal("Oslo", reader["town"]);
        Assert.Equal(typeof(DateTime), reader.GetFieldType(2));
        Assert.Equal(new DateTime(2020, 1, 2, 3, 4, 5, DateTimeKind.Utc), reader.GetDateTime(2));
        Assert.Equal(typeof(BsonArray), reader.GetFieldType(3));
        Assert.Equal("[\"vip\"]", reader.GetString(3));
        Assert.False(reader.Read());
        reader.Close();
        connection.Close();
        Assert.Equal(ConnectionState.Closed, connection.State);
    }

    [Fact]
    public void Parameters_bind_by_any_sigil_and_by_position_and_a_missing_one_is_named()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var connection = new DocStoreConnection(temp.ConnectionString);
        connection.Open();
        using var command = connection.CreateCommand();
        command.CommandText = "SELECT COUNT(*) FROM Customers WHERE City = @city OR City = $city2 OR Name = :name";
        command.Parameters.AddWithValue("city", "Bergen");
        command.Parameters.AddWithValue("@city2", "nowhere");
        command.Parameters.AddWithValue("name", "Cid");
        Assert.Equal(2L, command.ExecuteScalar());

        command.Parameters.Clear();
        command.CommandText = "SELECT Name FROM Customers WHERE City = ? AND Id > ? ORDER BY Id";
        command.Parameters.Add(new DocStoreParameter { Value = "Oslo" });
        command.Parameters.Add(new DocStoreParameter { Value = 1 });
        Assert.Equal("Cid", command.ExecuteScalar());

        command.Parameters.Clear();
        command.CommandText = "SELECT Name FROM Customers WHERE City = @town";
        var error = Assert.ThrowsAny<DocStoreException>(() => command.ExecuteReader());
        Assert.Contains("town", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Clr_values_bind_as_the_typed_collections_store_them()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var connection = new DocStoreConnection(temp.ConnectionString);
        connection.Open();
        using var command = connection.CreateCommand();
        command.CommandText = "SELECT Id FROM Customers WHERE Joined = @joined";
        command.Parameters.AddWithValue("joined", new DateTime(2021, 6, 1, 0, 0, 0, DateTimeKind.Utc));
        Assert.Equal(2L, command.ExecuteScalar());

        command.CommandText = "SELECT SUM(Total) FROM Orders WHERE CustomerId = @c AND Total > @min";
        command.Parameters.Clear();
        command.Parameters.AddWithValue("c", DayOfWeek.Monday);
        command.Parameters.AddWithValue("min", 1.5);
        Assert.Equal(14.5m, Convert.ToDecimal(command.ExecuteScalar(), System.Globalization.CultureInfo.InvariantCulture));

        command.Parameters.Clear();
        command.Parameters.AddWithValue("c", DBNull.Value);
        command.Parameters.AddWithValue("min", null);
        Assert.Equal(DBNull.Value, command.ExecuteScalar());
    }

    [Fact]
    public void Typed_getters_convert_and_the_field_type_matches_every_value()
    {
        using var temp = new TempDb();
        using var db = DocStoreDatabase.Open(temp.Path);
        var items = db.GetCollection("Items");
        items.Insert(new BsonDocument { { "_id", 1 }, { "N", 1 }, { "X", BsonNull.Value }, { "Mixed", 1 } });
        items.Insert(new BsonDocument { { "_id", 2 }, { "N", 2L }, { "X", "text" }, { "Mixed", 2.5 } });
        items.Insert(new BsonDocument { { "_id", 3 }, { "N", 3 }, { "Mixed", "three" } });

        using var connection = new DocStoreConnection(temp.ConnectionString);
        connection.Open();
        using var reader = new DocStoreCommand("SELECT N, X, Mixed FROM Items ORDER BY _id", connection).ExecuteReader();
        Assert.Equal(typeof(long), reader.GetFieldType(0));
        Assert.Equal(typeof(string), reader.GetFieldType(1));
        Assert.Equal(typeof(object), reader.GetFieldType(2));
        var rows = 0;
        while (reader.Read())
        {
            rows++;
            Assert.IsType<long>(reader.GetValue(0));
            Assert.Equal(rows, reader.GetInt32(0));
            Assert.True(reader.IsDBNull(1) || reader.GetValue(1) is string);
        }

        Assert.Equal(3, rows);
    }

    [Fact]
    public void A_script_gives_one_result_per_statement()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var connection = new DocStoreConnection(temp.ConnectionString);
        connection.Open();
        using var command = new DocStoreCommand("SELECT COUNT(*) AS n FROM Customers; SELECT Id FROM Orders ORDER BY Id", connection);
        command.Prepare();
        using var reader = command.ExecuteReader();
        Assert.True(reader.Read());
        Assert.Equal(3L, reader.GetInt64(0));
        Assert.True(reader.NextResult());
        Assert.Equal("Id", reader.GetName(0));
        var ids = new List<int>();
        while (reader.Read())
        {
            ids.Add(reader.GetInt32(0));
        }

        Assert.Equal([100, 101, 102, 103], ids);
        Assert.False(reader.NextResult());
        Assert.Equal(-1, reader.RecordsAffected);
    }

    [Fact]
    public async Task Async_twins_and_the_factory_work()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        await using var connection = (DocStoreConnection)DocStoreFactory.Instance.CreateConnection();
        connection.ConnectionString = new DocStoreConnectionStringBuilder { DataSource = temp.Path, Mode = DocStoreOpenMode.ReadOnly, Durability = Durability.Normal }.ConnectionString;
        await connection.OpenAsync();
        await using var command = connection.CreateCommand();
        command.CommandText = "SELECT Name FROM Customers ORDER BY Name DESC";
        await using var reader = await command.ExecuteReaderAsync();
        Assert.True(await reader.ReadAsync());
        Assert.Equal("Cid", reader.GetString(0));
        Assert.Equal(3L, await new DocStoreCommand("SELECT COUNT(*) FROM Customers", connection).ExecuteScalarAsync());
    }

    [Fact]
    public void A_bad_connection_string_is_refused_with_the_key_named()
    {
        var error = Assert.Throws<ArgumentException>(() => new DocStoreConnection("Data Source=x.db;Colour=blue").Open());
        Assert.Contains("colour", error.Message, StringComparison.OrdinalIgnoreCase);
        error = Assert.Throws<ArgumentException>(() => new DocStoreConnection("Data Source=x.db;Mode=Sometimes").Open());
        Assert.Contains("Mode", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void In_memory_connections_are_private_databases()
    {
        using var first = new DocStoreConnection("Data Source=:memory:");
        first.Open();
        first.Context!.GetCollection("T").Insert(new BsonDocument { { "_id", 1 } });
        Assert.Equal(1L, new DocStoreCommand("SELECT COUNT(*) FROM T", first).ExecuteScalar());

        using var second = new DocStoreConnection("Data Source=:memory:");
        second.Open();
        Assert.DoesNotContain("T", second.Context!.GetCollectionNames());
    }

    [Fact]
    public void GetSchema_lists_collections_indexes_and_fields()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var connection = new DocStoreConnection(temp.ConnectionString);
        connection.Open();

        var meta = connection.GetSchema();
        Assert.Equal(["MetaDataCollections", "Collections", "Indexes", "Fields"], meta.Rows.Cast<DataRow>().Select(r => (string)r[0]));

        var collections = connection.GetSchema("Collections");
        Assert.Equal(["Customers", "Orders"], collections.Rows.Cast<DataRow>().Select(r => (string)r["name"]));

        var indexes = connection.GetSchema("indexes", ["Orders"]);
        var index = Assert.Single(indexes.Rows.Cast<DataRow>());
        Assert.Equal("CustomerId", index["path"]);
        Assert.Equal(false, index["unique"]);

        var fields = connection.GetSchema("Fields", ["Customers"]);
        Assert.Contains("City", fields.Rows.Cast<DataRow>().Select(r => (string)r["name"]));
        Assert.Throws<ArgumentException>(() => connection.GetSchema("Tables"));
    }
}
