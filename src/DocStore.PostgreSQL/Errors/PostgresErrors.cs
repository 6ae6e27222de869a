using System.Net.Sockets;
using Npgsql;

namespace DocStore.PostgreSQL.Errors;

/// <summary>
/// PostgreSQL failures as the exceptions an embedded database throws for the same event: a unique
/// violation is a <see cref="DuplicateKeyException"/>, a serialization failure or deadlock (a concurrent
/// transaction won) a <see cref="WriteLockTimeoutException"/>, a write on a standby a
/// <see cref="DatabaseReadOnlyException"/>, a lost connection, a server shutting down, a refused login or a
/// missing database a <see cref="StorageFailedException"/> that names the server, database and user (never the
/// password). Anything else is left as it is (null).
/// </summary>
internal static class PostgresErrors
{
    /// <summary>The DocStore exception for <paramref name="error"/>, or null to let it pass unchanged.</summary>
    /// <param name="error">The failure.</param>
    /// <param name="collection">The collection the operation ran on, if one.</param>
    /// <param name="key">The document key the operation wrote, if one.</param>
    /// <param name="indexOfTable">The index name of a violated constraint or index (or of an entry table), for a unique violation's message.</param>
    /// <param name="value">The unique index value another document holds, when the caller traced it; named in a unique violation's message.</param>
    /// <param name="writing">True when a write's statements were sent on an open connection, so a command timeout means they waited for rows another transaction holds.</param>
    /// <param name="server">The server, database and user the connection was for (see <see cref="Server"/>), named in the messages of connection failures.</param>
    public static DocStoreException? Translate(Exception error, string? collection, string? key, Func<string?, string?>? indexOfTable = null, string? value = null, bool writing = false, string? server = null)
    {
        var to = server is null ? string.Empty : $" to {server}";
        if (error is PostgresException postgres)
        {
            return postgres.SqlState switch
            {
                PostgresErrorCodes.InvalidPassword or PostgresErrorCodes.InvalidAuthorizationSpecification =>
                    new StorageFailedException($"PostgreSQL refused the login{to} ({postgres.SqlState}: {postgres.MessageText}): check the Username and Password of the connection string, and the server's pg_hba.conf.", postgres),
                PostgresErrorCodes.InvalidCatalogName =>
                    new StorageFailedException($"The PostgreSQL server has no such database: the connection{to} failed ({postgres.SqlState}: {postgres.MessageText}). Create the database (CREATE DATABASE) or correct Database in the connection string.", postgres),
                PostgresErrorCodes.UniqueViolation => Duplicate(collection ?? postgres.TableName ?? string.Empty, ViolatedIndex(postgres, indexOfTable), value, key ?? string.Empty),
                PostgresErrorCodes.SerializationFailure or PostgresErrorCodes.DeadlockDetected or PostgresErrorCodes.LockNotAvailable =>
                    new WriteLockTimeoutException($"A concurrent transaction changed the same data{Where(collection)}, so this one was stopped (PostgreSQL {postgres.SqlState}: {postgres.MessageText}); nothing of it was written. Run it again.", postgres),
                PostgresErrorCodes.ReadOnlySqlTransaction =>
                    new DatabaseReadOnlyException($"The PostgreSQL server is read-only (a standby){Where(collection)}: writes, and creating a collection's tables at open, need the primary (Target Session Attributes=primary).", postgres),
                PostgresErrorCodes.AdminShutdown or PostgresErrorCodes.CrashShutdown or PostgresErrorCodes.CannotConnectNow =>
                    new StorageFailedException($"The PostgreSQL server went away{Where(collection)}{OnServer(server)} ({postgres.MessageText}); an operation it did not confirm was not written.", postgres),
                _ when postgres.SqlState.StartsWith("08", StringComparison.Ordinal) =>
                    new StorageFailedException($"The PostgreSQL connection{to} failed{Where(collection)} ({postgres.MessageText}).", postgres),
                _ => null,
            };
        }

        if (writing && error is NpgsqlException { InnerException: TimeoutException })
        {
            // A write waits for the rows another open transaction changed until that one ends, as an embedded write waits for the write lock.
            return new WriteLockTimeoutException($"A write{Where(collection)} did not finish within the connection's Command Timeout: another open transaction holds the rows it changes. Nothing of it was written; run it again once that transaction has ended.", error);
        }

        if (error is NpgsqlException { InnerException: IOException or SocketException or TimeoutException } or NpgsqlException { IsTransient: true })
        {
            return new StorageFailedException($"The connection to {server ?? "PostgreSQL"} was lost or could not be made{Where(collection)}: {error.Message}. An operation it did not confirm was not written.", error);
        }

        return null;
    }

    /// <summary>
    /// The server, database and user a data source connects to, for messages: host and port, database and
    /// user name as the connection string gives them (Npgsql's defaults where it gives none), never the password.
    /// </summary>
    public static string Server(NpgsqlDataSource source)
    {
        var builder = new NpgsqlConnectionStringBuilder(source.ConnectionString);
        var user = builder.Username ?? Environment.UserName;
        return $"PostgreSQL database '{builder.Database ?? user}' on {builder.Host}:{builder.Port} as user '{user}'";
    }

    private static string OnServer(string? server) => server is null ? string.Empty : $" ({server})";

    private static DuplicateKeyException Duplicate(string collection, string? index, string? value, string key) =>
        index is not null && value is not null ? new DuplicateKeyException(collection, index, value, key) : new DuplicateKeyException(collection, index, key);

    // A key column's unique index is named after the index; an entry table's primary key is the table's (<table>_pkey), so the table names it.
    private static string? ViolatedIndex(PostgresException error, Func<string?, string?>? indexOfTable) =>
        indexOfTable is null ? null : indexOfTable(error.ConstraintName) ?? indexOfTable(error.TableName);

    private static string Where(string? collection) => collection is null ? string.Empty : $" (collection '{collection}')";
}
