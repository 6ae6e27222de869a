using Dapper;

namespace DocStore.Data.Tests;

/// <summary>
/// Connection strings as users write them: keys in any case and spacing, a quoted password holding <c>;</c>,
/// out-of-range numbers, and a wrong password for a file the process already has open.
/// </summary>
public sealed class ConnectionStringSpellingTests
{
    [Fact]
    public void Keys_in_other_cases_and_spacing_set_the_same_options()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var connection = new DocStoreConnection($"data source = {temp.Path} ; busy timeout = 7 ;SHARING=shared");

        connection.Open();

        Assert.Equal(TimeSpan.FromSeconds(7), connection.Context!.Options.BusyTimeout);
        Assert.Equal(DocStoreSharing.Shared, connection.Context.Options.Sharing);
        Assert.Equal(3, connection.ExecuteScalar<long>("SELECT COUNT(*) FROM Customers"));
    }

    [Fact]
    public void A_quoted_password_with_a_semicolon_opens_what_it_encrypted_and_a_prefix_of_it_does_not()
    {
        using var temp = new TempDb();
        using (var create = new DocStoreConnection($"Data Source={temp.Path};Password=\"pass;word\""))
        {
            create.Open();
            create.Execute("CREATE COLLECTION Notes");
            create.Execute("INSERT INTO Notes (_id, text) VALUES (1, 'kept')");
        }

        DocStoreConnection.ClearAllPools();
        using (var reopen = new DocStoreConnection($"Data Source={temp.Path}; Password = 'pass;word' "))
        {
            reopen.Open();
            Assert.Equal("kept", reopen.ExecuteScalar<string>("SELECT text FROM Notes WHERE _id = 1"));
        }

        DocStoreConnection.ClearAllPools();
        using var prefix = new DocStoreConnection($"Data Source={temp.Path};Password=pass");
        var error = Assert.Throws<EncryptionKeyException>(prefix.Open);
        Assert.Contains("Wrong key or not an encrypted DocStore database", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_wrong_or_missing_password_is_refused_while_the_right_one_holds_the_file_open()
    {
        using var temp = new TempDb();
        using var holder = new DocStoreConnection($"Data Source={temp.Path};Password=right");
        holder.Open();
        holder.Execute("CREATE COLLECTION Notes");

        using var wrong = new DocStoreConnection($"Data Source={temp.Path};Password=wrong");
        Assert.Throws<EncryptionKeyException>(wrong.Open);
        using var missing = new DocStoreConnection($"Data Source={temp.Path}");
        var error = Assert.Throws<EncryptionKeyException>(missing.Open);
        Assert.Contains("is an encrypted DocStore database", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("Busy Timeout", "99999999999")]
    [InlineData("Cache Size", "-5")]
    public void A_number_out_of_range_is_refused_naming_the_key_the_value_and_the_range(string key, string value)
    {
        var builder = new DocStoreConnectionStringBuilder($"Data Source=x.db;{key}={value}");

        var error = Assert.Throws<ArgumentException>(builder.ToOptions);

        Assert.Contains($"'{key}' has value '{value}'", error.Message, StringComparison.Ordinal);
        Assert.Contains("from 0 to 2147483647", error.Message, StringComparison.Ordinal);
    }
}
