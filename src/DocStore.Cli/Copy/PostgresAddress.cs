using DocStore.Cli.Hosting;
using Npgsql;

namespace DocStore.Cli.Copy;

/// <summary>
/// A PostgreSQL database named on the command line as <c>postgres:&lt;Npgsql connection string&gt;</c>. Its
/// description leaves the password out, and <see cref="Redact"/> keeps it out of any message shown.
/// </summary>
internal sealed class PostgresAddress
{
    public const string Prefix = "postgres:";

    private readonly string? _password;

    private PostgresAddress(string connectionString, string description, string? password, string place)
    {
        ConnectionString = connectionString;
        Description = description;
        _password = password;
        Place = place;
    }

    /// <summary>
    /// The hosts, port, database and schema the string names, whatever the order, case or spacing of its keys:
    /// two spellings of one schema are the same place.
    /// </summary>
    public string Place { get; }

    public string ConnectionString { get; }

    /// <summary>"postgres:Host=db;Database=app;Username=app", without the password.</summary>
    public string Description { get; }

    /// <summary>True when <paramref name="argument"/> names a PostgreSQL database rather than a file.</summary>
    public static bool Names(string argument) => argument.StartsWith(Prefix, StringComparison.OrdinalIgnoreCase);

    /// <exception cref="CliUsageException">The connection string is empty or malformed (the message never repeats it).</exception>
    public static PostgresAddress Parse(string argument)
    {
        var connectionString = argument[Prefix.Length..];
        if (string.IsNullOrWhiteSpace(connectionString))
        {
            throw new CliUsageException($"'{Prefix}' must be followed by an Npgsql connection string: {Prefix}\"Host=db;Database=app;Username=app\".");
        }

        NpgsqlConnectionStringBuilder builder;
        try
        {
            builder = new NpgsqlConnectionStringBuilder(connectionString);
        }
        catch (ArgumentException e)
        {
            // Npgsql's message names the keyword at fault; the string itself may hold a password, so it is not repeated.
            throw new CliUsageException($"The connection string after '{Prefix}' is malformed: {e.Message}");
        }

        var password = builder.Password;
        var place = string.Join(
            '|',
            (builder.Host ?? string.Empty).Replace(" ", string.Empty, StringComparison.Ordinal).ToUpperInvariant(),
            builder.Port,
            builder.Database ?? builder.Username ?? string.Empty,
            (builder.SearchPath ?? string.Empty).Replace(" ", string.Empty, StringComparison.Ordinal));
        builder.Remove("Password");
        return new PostgresAddress(connectionString, Prefix + builder.ConnectionString, string.IsNullOrEmpty(password) ? null : password, place);
    }

    /// <summary><paramref name="text"/> with the password, should it appear, replaced.</summary>
    public string Redact(string text) => _password is null ? text : text.Replace(_password, "***", StringComparison.Ordinal);
}
