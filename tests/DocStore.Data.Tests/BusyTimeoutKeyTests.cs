namespace DocStore.Data.Tests;

/// <summary>The <c>Busy Timeout</c> connection-string key: seconds a shared connection's write waits for other processes.</summary>
public sealed class BusyTimeoutKeyTests
{
    [Theory]
    [InlineData("", 5)]
    [InlineData(";Busy Timeout=0", 0)]
    [InlineData(";BusyTimeout=30", 30)]
    public void A_connection_opens_with_the_busy_timeout_its_string_gives_or_the_default(string keys, int seconds)
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var connection = new DocStoreConnection(temp.ConnectionString + ";Sharing=Shared" + keys);

        connection.Open();

        Assert.Equal(TimeSpan.FromSeconds(seconds), connection.Context!.Options.BusyTimeout);
    }

    [Fact]
    public void A_given_key_that_differs_from_the_open_file_is_refused_naming_both_values()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var open = DocStoreDatabase.Open(temp.Path, new DocStoreOptions { Sharing = DocStoreSharing.Shared });
        using var connection = new DocStoreConnection(temp.ConnectionString + ";Sharing=Shared;Busy Timeout=1");

        var error = Assert.Throws<DatabaseLockedException>(connection.Open);

        Assert.Contains("BusyTimeout=00:00:05", error.Message, StringComparison.Ordinal);
        Assert.Contains("BusyTimeout=00:00:01", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_negative_value_is_refused_naming_the_key()
    {
        var builder = new DocStoreConnectionStringBuilder("Data Source=x.db;Busy Timeout=-1");

        var error = Assert.Throws<ArgumentException>(builder.ToOptions);

        Assert.Contains("'Busy Timeout' has value '-1'", error.Message, StringComparison.Ordinal);
    }
}
