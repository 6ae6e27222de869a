using DocStore.PostgreSQL.Tests.Models;
using DocStore.PostgreSQL.Tests.Server;
using Npgsql;

namespace DocStore.PostgreSQL.Tests.Semantics;

/// <summary>
/// The generated asynchronous finds, counts, ranges and pages wait on the server without holding the
/// calling thread, and cancelling their token cancels the statement on the server.
/// </summary>
[Xunit.Collection(PostgresServerGroup.Name)]
public sealed class AsyncQueryTests(PostgresServer server)
{
    [Fact]
    public async Task Async_finds_counts_ranges_and_pages_wait_for_the_server_and_then_complete()
    {
        // A lock timeout as the hang guard: a read that ran synchronously would wait here, then fail.
        var connectionString = new NpgsqlConnectionStringBuilder(server.NewSchema()) { Options = "-c lock_timeout=30000" }.ConnectionString;
        await using var db = MemberDb.OpenPostgres(connectionString);
        db.Members.InsertMany([TypedCollectionSemantics.NewMember("ada", 36), TypedCollectionSemantics.NewMember("grace", 40), TypedCollectionSemantics.NewMember("alan", 41)]);

        await using var dataSource = NpgsqlDataSource.Create(connectionString);
        await using var locker = await dataSource.OpenConnectionAsync();
        var holding = await LockMembersAsync(locker);

        var find = db.Members.FindByHandleAsync("grace");
        var count = db.Members.CountByScoreAsync(40);
        var range = ToListAsync(db.Members.FindByScoreRangeAsync(36, 40));
        var page = db.Members.FindByScoreRange(30, 50, new QueryOptions { Take = 2 }).ToPageAsync();
        Assert.False(find.IsCompleted);
        Assert.False(count.IsCompleted);
        Assert.False(range.IsCompleted);
        Assert.False(page.IsCompleted);

        await holding.CommitAsync();
        Assert.Equal(40, (await find)?.Score);
        Assert.Equal(1, await count);
        Assert.Equal(["ada", "grace"], (await range).Select(m => m.Handle));
        var first = await page;
        Assert.Equal(["ada", "grace"], first.Items.Select(m => m.Handle));
        var rest = await db.Members.FindByScoreRange(30, 50, new QueryOptions { Take = 2, After = first.Continuation }).ToPageAsync();
        Assert.Equal(["alan"], rest.Items.Select(m => m.Handle));
        Assert.Null(rest.Continuation);
    }

    [Fact]
    public async Task Cancelling_async_reads_that_wait_on_a_lock_cancels_them_on_the_server()
    {
        var connectionString = new NpgsqlConnectionStringBuilder(server.NewSchema()) { Options = "-c lock_timeout=60000" }.ConnectionString;
        await using var db = MemberDb.OpenPostgres(connectionString);
        db.Members.Insert(TypedCollectionSemantics.NewMember("ada", 36));

        await using var dataSource = NpgsqlDataSource.Create(connectionString);
        await using var locker = await dataSource.OpenConnectionAsync();
        var holding = await LockMembersAsync(locker);

        using var cancel = new CancellationTokenSource();
        var find = db.Members.FindByHandleAsync("ada", cancel.Token).AsTask();
        var count = db.Members.CountByScoreAsync(36, cancel.Token).AsTask();
        var range = ToListAsync(db.Members.FindByScoreRangeAsync(30, 40, cancellationToken: cancel.Token));
        var get = db.Members.GetAsync(1, cancel.Token).AsTask();

        // The event: the server reports all four reads waiting for the table's lock.
        await WaitForLockWaitersAsync(dataSource, 4);
        cancel.Cancel();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => find);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => count);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => range);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => get);

        // Cancelled on the server, not only abandoned by the client: nothing waits for the lock that is still held.
        await WaitForLockWaitersAsync(dataSource, 0);
        await holding.RollbackAsync();

        // The connections the cancelled reads used serve the next reads.
        Assert.Equal(36, (await db.Members.FindByHandleAsync("ada"))?.Score);
        Assert.Equal(1, await db.Members.CountByScoreAsync(36));
        Assert.Single(await ToListAsync(db.Members.FindByScoreRangeAsync(30, 40)));
    }

    /// <summary>Another session locks the table, so no read of it can finish until that session ends.</summary>
    private static async Task<NpgsqlTransaction> LockMembersAsync(NpgsqlConnection locker)
    {
        var holding = await locker.BeginTransactionAsync();
        await using var command = new NpgsqlCommand("LOCK TABLE \"Members\" IN ACCESS EXCLUSIVE MODE", locker, holding);
        await command.ExecuteNonQueryAsync();
        return holding;
    }

    /// <summary>Polls pg_stat_activity until exactly <paramref name="expected"/> sessions wait for a lock on this schema's tables; a minute is the hang guard.</summary>
    private static async Task WaitForLockWaitersAsync(NpgsqlDataSource dataSource, int expected)
    {
        var waiting = -1L;
        for (var attempt = 0; attempt < 6000 && waiting != expected; attempt++)
        {
            if (attempt > 0)
            {
                await Task.Delay(10);
            }

            // A statement of its own each time: pg_stat_activity is a snapshot per transaction.
            await using var command = dataSource.CreateCommand(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%\"Members\"%' AND pid <> pg_backend_pid()");
            waiting = (long)(await command.ExecuteScalarAsync())!;
        }

        Assert.Equal(expected, waiting);
    }

    private static async Task<List<Member>> ToListAsync(IAsyncEnumerable<Member> members)
    {
        var list = new List<Member>();
        await foreach (var member in members)
        {
            list.Add(member);
        }

        return list;
    }
}
