using Dapper;

namespace DocStore.Data.Tests;

/// <summary>
/// An opened connection shows its string without the password, as ADO.NET providers do, unless the string
/// says <c>Persist Security Info=True</c>; it keeps the password to open again.
/// </summary>
public sealed class ConnectionStringSecurityTests
{
    private const string Secret = "s3cret horse";

    [Theory]
    [InlineData("Password")]
    [InlineData("Pwd")]
    [InlineData("password")]
    public void An_opened_connection_shows_its_string_without_the_password(string key)
    {
        using var temp = new TempDb();
        var given = $"{temp.ConnectionString};{key}={Secret};Durability=Normal";
        using var connection = new DocStoreConnection(given);
        Assert.Equal(given, connection.ConnectionString);

        connection.Open();
        var shown = connection.ConnectionString;
        connection.Close();

        Assert.DoesNotContain(Secret, shown, StringComparison.Ordinal);
        Assert.DoesNotContain(key + "=", shown, StringComparison.OrdinalIgnoreCase);
        var builder = new DocStoreConnectionStringBuilder(shown);
        Assert.Equal(temp.Path, builder.DataSource);
        Assert.Equal(Durability.Normal, builder.Durability);
        Assert.DoesNotContain(Secret, connection.ConnectionString, StringComparison.Ordinal);
    }

    [Fact]
    public void A_closed_connection_opens_again_with_the_password_it_hides()
    {
        using var temp = new TempDb();
        using var connection = new DocStoreConnection($"{temp.ConnectionString};Password={Secret};Pooling=False");
        connection.Open();
        connection.Execute("CREATE COLLECTION Notes");
        connection.Execute("INSERT INTO Notes (_id, text) VALUES (1, 'kept')");
        connection.Close();

        connection.Open();

        Assert.Equal("kept", connection.ExecuteScalar<string>("SELECT text FROM Notes WHERE _id = 1"));
        Assert.DoesNotContain(Secret, connection.ConnectionString, StringComparison.Ordinal);
    }

    [Fact]
    public void Persist_Security_Info_keeps_the_password_in_the_string()
    {
        using var temp = new TempDb();
        var given = $"{temp.ConnectionString};Password={Secret};Persist Security Info=True";
        using var connection = new DocStoreConnection(given);

        connection.Open();

        Assert.Equal(given, connection.ConnectionString);
    }

    [Fact]
    public void A_string_set_again_is_shown_as_given_until_the_connection_opens()
    {
        using var temp = new TempDb();
        using var connection = new DocStoreConnection($"{temp.ConnectionString};Password={Secret}");
        connection.Open();
        connection.Close();
        var again = $"{temp.ConnectionString};Password={Secret};Mode=ReadOnly";

        connection.ConnectionString = again;

        Assert.Equal(again, connection.ConnectionString);
    }

    [Fact]
    public void A_malformed_Persist_Security_Info_is_refused_naming_the_key()
    {
        var builder = new DocStoreConnectionStringBuilder("Data Source=x.db;Persist Security Info=sometimes");

        var error = Assert.Throws<ArgumentException>(builder.ToOptions);

        Assert.Contains("'Persist Security Info' has value 'sometimes'", error.Message, StringComparison.Ordinal);
    }
}
