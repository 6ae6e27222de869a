using DocStore.PostgreSQL.Tests.Models;
using DocStore.PostgreSQL.Tests.Semantics;
using DocStore.PostgreSQL.Tests.Server;
using Npgsql;

namespace DocStore.PostgreSQL.Tests.Routing;

/// <summary>
/// Reads routed to a streaming standby, writes to the primary: the standby's own <c>pg_is_in_recovery()</c>
/// (logged as ReadOnStandby with its port) shows where each read ran; read-your-writes waits for replay.
/// </summary>
[Xunit.Collection(PostgresServerGroup.Name)]
public sealed class ReplicaRoutingTests(PostgresServer server)
{
    // The replay wait ends on the standby's replay position; on a busy machine replay can lag for seconds, so
    // the tests that expect the standby to serve give it a hang guard, not the 5-second default.
    private static readonly TimeSpan HangGuard = TimeSpan.FromMinutes(10);

    [Fact]
    public void A_standby_read_sees_the_contexts_own_commits()
    {
        var log = new RecordingLogger();
        var schema = server.NewSchema();
        var (connectionString, standbyPort) = Routed(schema, Standby());
        using var db = MemberDb.OpenPostgres(connectionString, new PostgresOptions { ReadFrom = ReadFrom.Replica, ReadYourWrites = true, ReplicaWaitTimeout = HangGuard, Logger = log });

        // Each read follows its write at once: without the replay wait a standby would often not have it yet.
        for (var i = 0; i < 25; i++)
        {
            var id = db.Members.Insert(TypedCollectionSemantics.NewMember($"m{i}", i));
            Assert.Equal($"m{i}", db.Members.Get(id)?.Handle);
            Assert.Equal(i + 1, db.Members.Count());
        }

        var onStandby = log.Named("ReadOnStandby");
        Assert.Equal(50, onStandby.Count);
        Assert.All(onStandby, message => Assert.EndsWith($":{standbyPort}.", message, StringComparison.Ordinal));
        Assert.Empty(log.Named("NoStandbyReachable"));
        Assert.Empty(log.Named("ReplayWaitTimedOut"));

        using var direct = MemberDb.OpenPostgres(schema);
        Assert.Equal(25, direct.Members.Count());
    }

    [Fact]
    public async Task A_read_only_transaction_reads_on_the_standby_and_refuses_writes()
    {
        var log = new RecordingLogger();
        var (connectionString, standbyPort) = Routed(server.NewSchema(), Standby());
        await using var db = MemberDb.OpenPostgres(connectionString, new PostgresOptions { ReadFrom = ReadFrom.Replica, ReadYourWrites = true, ReplicaWaitTimeout = HangGuard, Logger = log });
        var id = await db.Members.InsertAsync(TypedCollectionSemantics.NewMember("ada", 36));

        await using var transaction = await db.BeginReadOnlyTransactionAsync();
        Assert.EndsWith($":{standbyPort}.", Assert.Single(log.Named("ReadOnStandby")), StringComparison.Ordinal);
        Assert.Equal("ada", db.Members.Get(transaction, id)?.Handle);

        var error = Assert.Throws<DatabaseReadOnlyException>(() => db.Members.Insert(transaction, TypedCollectionSemantics.NewMember("bob", 40)));
        Assert.Contains("'Members'", error.Message, StringComparison.Ordinal);
        Assert.Contains("read-only transaction", error.Message, StringComparison.Ordinal);

        // The refused write left the transaction usable, and nothing was written.
        Assert.Equal(1, db.Members.Count(transaction));
        Assert.Equal(1, db.Members.Count());
    }

    [Fact]
    public void Reads_go_to_the_primary_with_a_warning_once_the_standby_is_stopped()
    {
        using var standby = new ThrowawayStandby(server.ConnectionString);
        var log = new RecordingLogger();
        var (connectionString, standbyPort) = Routed(server.NewSchema(), standby.ConnectionString);
        using var db = MemberDb.OpenPostgres(connectionString, new PostgresOptions { ReadFrom = ReadFrom.Replica, ReadYourWrites = true, ReplicaWaitTimeout = HangGuard, Logger = log });
        var ada = db.Members.Insert(TypedCollectionSemantics.NewMember("ada", 36));
        Assert.Equal("ada", db.Members.Get(ada)?.Handle);
        Assert.EndsWith($":{standbyPort}.", Assert.Single(log.Named("ReadOnStandby")), StringComparison.Ordinal);
        Assert.Empty(log.Named("NoStandbyReachable"));

        standby.Stop();

        var bob = db.Members.Insert(TypedCollectionSemantics.NewMember("bob", 40));
        Assert.Equal("bob", db.Members.Get(bob)?.Handle);
        Assert.Equal(2, db.Members.Count());
        Assert.Single(log.Named("NoStandbyReachable"));
        Assert.Single(log.Named("ReadOnStandby"));
    }

    [Fact]
    public void A_standby_that_has_not_replayed_the_commit_in_time_leaves_the_read_to_the_primary()
    {
        var log = new RecordingLogger();
        var (connectionString, _) = Routed(server.NewSchema(), Standby());
        using var db = MemberDb.OpenPostgres(connectionString, new PostgresOptions { ReadFrom = ReadFrom.Replica, ReadYourWrites = true, ReplicaWaitTimeout = TimeSpan.FromMilliseconds(200), Logger = log });
        using var standby = NpgsqlDataSource.Create(Standby());
        using (var pause = standby.CreateCommand("SELECT pg_wal_replay_pause()"))
        {
            pause.ExecuteNonQuery();
        }

        try
        {
            // Replay is paused, so the standby cannot reach the commit's position: the primary answers.
            var id = db.Members.Insert(TypedCollectionSemantics.NewMember("ada", 36));
            Assert.Equal("ada", db.Members.Get(id)?.Handle);
            Assert.Single(log.Named("ReplayWaitTimedOut"));
            Assert.Empty(log.Named("ReadOnStandby"));
        }
        finally
        {
            using var resume = standby.CreateCommand("SELECT pg_wal_replay_resume()");
            resume.ExecuteNonQuery();
        }
    }

    [Fact]
    public void Reading_from_the_primary_routes_nothing()
    {
        var log = new RecordingLogger();
        var (connectionString, _) = Routed(server.NewSchema(), Standby());
        using var db = MemberDb.OpenPostgres(connectionString, new PostgresOptions { ReadFrom = ReadFrom.Primary, Logger = log });
        var id = db.Members.Insert(TypedCollectionSemantics.NewMember("ada", 36));
        Assert.Equal("ada", db.Members.Get(id)?.Handle);
        Assert.Empty(log.Entries);
    }

    [Fact]
    public void A_negative_replica_wait_is_refused()
    {
        var error = Assert.Throws<ArgumentOutOfRangeException>(() => new PostgresOptions { ReplicaWaitTimeout = TimeSpan.FromSeconds(-1) });
        Assert.Equal("ReplicaWaitTimeout", error.ParamName);
    }

    /// <summary>The standby listed first, then the primary, on the primary's test schema; the standby's port.</summary>
    internal static (string ConnectionString, int StandbyPort) Routed(string primaryConnectionString, string standbyConnectionString)
    {
        var primary = new NpgsqlConnectionStringBuilder(primaryConnectionString);
        var standby = new NpgsqlConnectionStringBuilder(standbyConnectionString);
        var both = new NpgsqlConnectionStringBuilder(primary.ConnectionString) { Host = $"{standby.Host}:{standby.Port},{primary.Host}:{primary.Port}" };
        return (both.ConnectionString, standby.Port);
    }

    private string Standby() =>
        server.StandbyConnectionString ?? throw new InvalidOperationException("DOCSTORE_POSTGRES names a server but DOCSTORE_POSTGRES_STANDBY names no standby of it (.ci/postgres.sh sets both).");
}
