using DocStore.PostgreSQL.Tests.Models;
using DocStore.PostgreSQL.Tests.Semantics;
using DocStore.PostgreSQL.Tests.Server;
using Npgsql;

namespace DocStore.PostgreSQL.Tests.Errors;

/// <summary>
/// A connection that cannot be made, or is lost, is a <see cref="StorageFailedException"/> naming the host,
/// database and user (never the password), with Npgsql's exception inside.
/// </summary>
[Xunit.Collection(PostgresServerGroup.Name)]
public sealed class ConnectionFailureTests(PostgresServer server)
{
    private const string Password = "s3cret-not-to-show";

    [Fact]
    public void A_user_the_server_does_not_know_is_a_storage_failure_naming_the_user_and_not_the_password()
    {
        var builder = new NpgsqlConnectionStringBuilder(server.ConnectionString) { Username = "nobody_here", Password = Password };

        var error = Assert.Throws<StorageFailedException>(() => MemberDb.OpenPostgres(builder.ConnectionString));

        Assert.Equal(DocStoreErrorCode.StorageFailed, error.ErrorCode);
        Assert.Contains("refused the login", error.Message, StringComparison.Ordinal);
        AssertNames(error, builder);
        Assert.Equal("28000", Assert.IsType<PostgresException>(error.InnerException).SqlState);
    }

    [Fact]
    public void A_missing_database_is_a_storage_failure_naming_it()
    {
        var builder = new NpgsqlConnectionStringBuilder(server.ConnectionString) { Database = "no_such_database_here", Password = Password };

        var error = Assert.Throws<StorageFailedException>(() => MemberDb.OpenPostgres(builder.ConnectionString));

        Assert.Contains("no such database", error.Message, StringComparison.Ordinal);
        AssertNames(error, builder);
        Assert.Equal("3D000", Assert.IsType<PostgresException>(error.InnerException).SqlState);
    }

    [Fact]
    public void A_refused_port_is_a_storage_failure_naming_host_port_database_and_user()
    {
        var builder = new NpgsqlConnectionStringBuilder(server.ConnectionString) { Host = "127.0.0.1", Port = 1, Password = Password, Timeout = 5 };

        var error = Assert.Throws<StorageFailedException>(() => MemberDb.OpenPostgres(builder.ConnectionString));

        AssertNames(error, builder);
        Assert.IsAssignableFrom<NpgsqlException>(error.InnerException);
    }

    [Fact]
    public async Task The_same_failures_surface_from_the_asynchronous_path_of_an_open_context()
    {
        // A context opened on a good server whose later connections fail: the database is dropped under it.
        var builder = new NpgsqlConnectionStringBuilder(server.ConnectionString) { Database = $"gone_{Guid.NewGuid():N}"[..20], Pooling = false };
        using (var admin = NpgsqlDataSource.Create(server.ConnectionString))
        using (var create = admin.CreateCommand($"CREATE DATABASE \"{builder.Database}\""))
        {
            await create.ExecuteNonQueryAsync();
        }

        using var db = MemberDb.OpenPostgres(builder.ConnectionString);
        db.Members.Insert(TypedCollectionSemantics.NewMember("ada", 1));
        using (var admin = NpgsqlDataSource.Create(server.ConnectionString))
        using (var drop = admin.CreateCommand($"DROP DATABASE \"{builder.Database}\" WITH (FORCE)"))
        {
            await drop.ExecuteNonQueryAsync();
        }

        var error = await Assert.ThrowsAsync<StorageFailedException>(async () => await db.Members.InsertAsync(TypedCollectionSemantics.NewMember("bob", 2)));
        AssertNames(error, builder);
        var begin = await Assert.ThrowsAsync<StorageFailedException>(async () => await db.BeginTransactionAsync());
        AssertNames(begin, builder);
    }

    [Fact]
    public void A_server_connection_ended_before_commit_is_a_storage_failure_and_nothing_is_written()
    {
        var connectionString = server.NewSchema();
        using var db = MemberDb.OpenPostgres(connectionString);
        var transaction = db.BeginTransaction();
        db.Members.Insert(transaction, TypedCollectionSemantics.NewMember("ada", 1));

        // The PostgreSQL tests run one at a time: the one session idle in a transaction that has written is this one.
        using (var admin = NpgsqlDataSource.Create(server.ConnectionString))
        using (var kill = admin.CreateCommand("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE state LIKE 'idle in transaction%' AND backend_xid IS NOT NULL AND pid <> pg_backend_pid()"))
        {
            Assert.Equal(1L, kill.ExecuteScalar());
        }

        var error = Assert.Throws<StorageFailedException>(transaction.Commit);
        AssertNames(error, new NpgsqlConnectionStringBuilder(connectionString));
        transaction.Dispose();
        Assert.Equal(0, db.Members.Count());
    }

    private static void AssertNames(StorageFailedException error, NpgsqlConnectionStringBuilder builder)
    {
        Assert.Contains($"'{builder.Database}'", error.Message, StringComparison.Ordinal);
        Assert.Contains($"{builder.Host}:{builder.Port}", error.Message, StringComparison.Ordinal);
        Assert.Contains($"user '{builder.Username}'", error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain(Password, error.ToString(), StringComparison.Ordinal);
    }
}
