using System.Data.Common;
using Dapper;

namespace DocStore.Data.Tests;

public sealed class DataSourceTests
{
    [Fact]
    public void Connections_of_a_data_source_share_one_database_until_the_source_is_disposed()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        DocStoreContext? first;
        using (var source = DocStoreDataSource.Create(temp.ConnectionString))
        {
            Assert.Equal(temp.ConnectionString, source.ConnectionString);
            first = null;
            for (var i = 0; i < 50; i++)
            {
                using var connection = source.OpenConnection();
                first ??= connection.Context;
                Assert.Same(first, connection.Context);
                Assert.Equal("Ann", connection.QuerySingle<string>("SELECT Name FROM Customers WHERE Id = 1"));
            }

            // Between connections the source holds the file open, whatever the idle timeout.
            Assert.False(first!.IsDisposed);
        }

        Assert.True(first.IsDisposed);

        // Closed: the file opens read-only, and then with another options set.
        using (var reader = DocStoreDatabase.Open(temp.Path, new DocStoreOptions { ReadOnly = true }))
        {
            Assert.Equal(3L, reader.GetCollection("Customers").Count());
        }

        using var normal = DocStoreDatabase.Open(temp.Path, new DocStoreOptions { Durability = Durability.Normal });
        Assert.Equal(Durability.Normal, normal.Options.Durability);
    }

    [Fact]
    public async Task A_data_source_opens_connections_asynchronously_and_disposes_asynchronously()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        DocStoreContext context;
        await using (var source = new DocStoreDataSource(temp.ConnectionString))
        {
            await using var connection = await source.OpenConnectionAsync();
            context = connection.Context!;
            Assert.Equal(3, await connection.ExecuteScalarAsync<int>("SELECT COUNT(*) FROM Customers"));
        }

        Assert.True(context.IsDisposed);
    }

    [Fact]
    public void Disposing_a_source_with_a_connection_open_closes_the_file_when_that_connection_closes()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        var source = DocStoreDataSource.Create(temp.ConnectionString);
        var connection = source.OpenConnection();
        source.Dispose();

        Assert.Equal(3, connection.ExecuteScalar<int>("SELECT COUNT(*) FROM Customers"));
        var context = connection.Context!;
        Assert.False(context.IsDisposed);
        connection.Dispose();
        Assert.True(context.IsDisposed);

        Assert.Throws<ObjectDisposedException>(() => source.OpenConnection());
    }

    [Fact]
    public void The_factory_creates_a_data_source_whose_generic_connections_are_docstore_connections()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using DbDataSource source = DocStoreFactory.Instance.CreateDataSource(temp.ConnectionString);
        Assert.IsType<DocStoreDataSource>(source);
        using var connection = source.OpenConnection();
        Assert.IsType<DocStoreConnection>(connection);
        using var command = source.CreateCommand("SELECT COUNT(*) FROM Orders");
        Assert.Equal(4L, Convert.ToInt64(command.ExecuteScalar(), System.Globalization.CultureInfo.InvariantCulture));
    }

    [Fact]
    public void A_data_source_and_a_typed_context_share_the_file()
    {
        using var temp = new TempDb();
        using var db = temp.Seed();
        using var source = DocStoreDataSource.Create(temp.ConnectionString);
        using var connection = source.OpenConnection();
        connection.Execute("INSERT INTO Customers (Id, Name, City) VALUES (4, 'Dee', 'Oslo')");
        Assert.Equal("Dee", db.Customers.Get(4)!.Name);
        Assert.Equal(3L, db.Customers.CountByCity("Oslo"));
    }

    [Fact]
    public void A_connection_string_without_a_data_source_is_refused_by_the_source()
    {
        var error = Assert.Throws<ArgumentException>(() => DocStoreDataSource.Create("Mode=ReadOnly"));
        Assert.Contains("Data Source", error.Message, StringComparison.Ordinal);
        Assert.Throws<ArgumentException>(() => DocStoreDataSource.Create("Data Source=x.db;Colour=blue"));
    }
}
