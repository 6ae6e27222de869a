namespace DocStore.Data.Tests;

/// <summary>The <c>Sharing</c> connection-string key: its default (<c>Shared</c>), and how it meets a file already open in the process.</summary>
public sealed class SharingKeyTests
{
    [Theory]
    [InlineData("", DocStoreSharing.Shared)]
    [InlineData(";Mode=ReadOnly", DocStoreSharing.Shared)]
    [InlineData(";Mode=ReadOnly;Sharing=Exclusive", DocStoreSharing.Exclusive)]
    [InlineData(";Sharing=shared", DocStoreSharing.Shared)]
    [InlineData(";Sharing=Exclusive", DocStoreSharing.Exclusive)]
    public void A_connection_opens_with_the_sharing_its_string_gives_or_implies(string keys, DocStoreSharing expected)
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var connection = new DocStoreConnection(temp.ConnectionString + keys);

        connection.Open();

        Assert.Equal(expected, connection.Context!.Options.Sharing);
        Assert.Equal(expected == DocStoreSharing.Shared, File.Exists(temp.Path + "-shm"));
    }

    [Fact]
    public void An_absent_key_takes_the_sharing_of_a_file_already_open_in_the_process()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var reader = DocStoreDatabase.Open(temp.Path, new DocStoreOptions { ReadOnly = true });
        using var connection = new DocStoreConnection(temp.ConnectionString + ";Mode=ReadOnly");

        connection.Open();

        Assert.Equal(3L, connection.Context!.GetCollection("Customers").Count());
        Assert.False(File.Exists(temp.Path + "-shm"));
    }

    [Fact]
    public void A_given_key_that_differs_from_the_open_file_is_refused_naming_both_values()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var reader = DocStoreDatabase.Open(temp.Path, new DocStoreOptions { ReadOnly = true });
        using var connection = new DocStoreConnection(temp.ConnectionString + ";Mode=ReadOnly;Sharing=Shared");

        var error = Assert.Throws<DatabaseLockedException>(connection.Open);

        Assert.Contains("Sharing=Exclusive", error.Message, StringComparison.Ordinal);
        Assert.Contains("Sharing=Shared", error.Message, StringComparison.Ordinal);
        Assert.Equal(System.Data.ConnectionState.Closed, connection.State);
    }

    [Fact]
    public void An_unknown_value_is_refused_naming_the_key_and_the_values_it_takes()
    {
        var builder = new DocStoreConnectionStringBuilder("Data Source=x.db;Sharing=Sometimes");

        var error = Assert.Throws<ArgumentException>(builder.ToOptions);

        Assert.Contains("'Sharing' has value 'Sometimes'", error.Message, StringComparison.Ordinal);
        Assert.Contains("Exclusive, Shared", error.Message, StringComparison.Ordinal);
    }
}
