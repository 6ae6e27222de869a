using Dapper;

namespace DocStore.Data.Tests;

/// <summary>Pooled connections keep the database open for the idle timeout, then the file closes.</summary>
public sealed class PoolingTests
{
    [Fact]
    public void A_pooled_database_closes_once_idle_past_its_timeout()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        DocStoreContext context;
        using (var connection = new DocStoreConnection(temp.ConnectionString + ";Idle Timeout=1"))
        {
            connection.Open();
            context = connection.Context!;
            Assert.Equal(3, connection.ExecuteScalar<int>("SELECT COUNT(*) FROM Customers"));
        }

        // The event decides; the limit only catches a hang.
        Assert.True(SpinWait.SpinUntil(() => context.IsDisposed, TimeSpan.FromMinutes(10)), "hung: the idle pooled database never closed");
        using var reader = DocStoreDatabase.Open(temp.Path, new DocStoreOptions { ReadOnly = true });
        Assert.Equal(3L, reader.GetCollection("Customers").Count());
    }

    [Fact]
    public void An_idle_timeout_of_zero_closes_with_the_last_connection()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        DocStoreContext context;
        using (var connection = new DocStoreConnection(temp.ConnectionString + ";Idle Timeout=0"))
        {
            connection.Open();
            context = connection.Context!;
        }

        Assert.True(context.IsDisposed);
    }

    [Fact]
    public void Clearing_the_pool_of_one_file_leaves_the_others_open()
    {
        using var one = new TempDb();
        using var two = new TempDb();
        one.Seed().Dispose();
        two.Seed().Dispose();
        DocStoreContext first, second;
        using (var a = new DocStoreConnection(one.ConnectionString))
        using (var b = new DocStoreConnection(two.ConnectionString))
        {
            a.Open();
            b.Open();
            (first, second) = (a.Context!, b.Context!);
            DocStoreConnection.ClearPool(a);

            // In use: cleared, but closed only when returned.
            Assert.False(first.IsDisposed);
        }

        Assert.True(first.IsDisposed);
        Assert.False(second.IsDisposed);
        DocStoreConnection.ClearAllPools();
        Assert.True(second.IsDisposed);
    }

    [Fact]
    public void Connection_strings_that_set_different_compatible_options_share_the_engine()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var plain = new DocStoreConnection(temp.ConnectionString);
        using var explicitDefaults = new DocStoreConnection(temp.ConnectionString + ";Durability=Full;Mode=ReadWrite");
        plain.Open();
        explicitDefaults.Open();
        plain.Execute("INSERT INTO Customers (Id, Name, City) VALUES (4, 'Dee', 'Oslo')");
        Assert.Equal("Dee", explicitDefaults.QuerySingle<string>("SELECT Name FROM Customers WHERE Id = 4"));
    }
}
