using DocStore.PostgreSQL.Tests.Models;
using DocStore.PostgreSQL.Tests.Server;
using Npgsql;

namespace DocStore.PostgreSQL.Tests.Semantics;

/// <summary>The asynchronous twins of the reads wait on the server without holding the calling thread.</summary>
[Xunit.Collection(PostgresServerGroup.Name)]
public sealed class AsyncReadTests(PostgresServer server)
{
    [Fact]
    public async Task An_async_read_blocked_by_the_server_returns_to_its_caller_and_completes_when_unblocked()
    {
        // A lock timeout as the hang guard: a read that ran synchronously would wait here, then fail.
        var connectionString = new NpgsqlConnectionStringBuilder(server.NewSchema()) { Options = "-c lock_timeout=30000" }.ConnectionString;
        await using var db = MemberDb.OpenPostgres(connectionString);
        var id = db.Members.Insert(TypedCollectionSemantics.NewMember("ada", 36));

        // Another session holds the table so no read of it can finish until that session commits.
        await using var dataSource = NpgsqlDataSource.Create(connectionString);
        await using var locker = await dataSource.OpenConnectionAsync();
        var holding = await locker.BeginTransactionAsync();
        await using (var command = new NpgsqlCommand("LOCK TABLE \"Members\" IN ACCESS EXCLUSIVE MODE", locker, holding))
        {
            await command.ExecuteNonQueryAsync();
        }

        var get = db.Members.GetAsync(id);
        var exists = db.Members.ExistsAsync(id);
        var count = db.Members.CountAsync();
        Assert.False(get.IsCompleted);
        Assert.False(exists.IsCompleted);
        Assert.False(count.IsCompleted);

        await holding.CommitAsync();
        Assert.Equal("ada", (await get)?.Handle);
        Assert.True(await exists);
        Assert.Equal(1, await count);
    }

    [Fact]
    public async Task A_cancelled_async_read_is_cancelled_and_a_transaction_reads_its_own_writes()
    {
        await using var db = MemberDb.OpenPostgres(server.NewSchema());
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await db.Members.GetAsync(1, new CancellationToken(canceled: true)));

        using var transaction = db.BeginTransaction();
        var id = db.Members.Insert(transaction, TypedCollectionSemantics.NewMember("grace", 40));
        Assert.Equal("grace", (await db.Members.GetAsync(transaction, id))?.Handle);
        Assert.True(await db.Members.ExistsAsync(transaction, id));
        Assert.Equal(1, await db.Members.CountAsync(transaction));
        Assert.Equal(0, await db.Members.CountAsync());
    }
}
