using DocStore.PostgreSQL.Tests.Models;
using DocStore.PostgreSQL.Tests.Semantics;
using DocStore.PostgreSQL.Tests.Server;
using Npgsql;

namespace DocStore.PostgreSQL.Tests.Errors;

/// <summary>PostgreSQL's failures surface as the embedded engine's exceptions, with nothing half-written.</summary>
[Xunit.Collection(PostgresServerGroup.Name)]
public sealed class PostgresErrorTests(PostgresServer server)
{
    [Fact]
    public void A_write_conflict_between_snapshots_is_a_write_lock_timeout_and_blocks_the_commit()
    {
        var connectionString = server.NewSchema();
        using var db = MemberDb.OpenPostgres(connectionString);
        var id = db.Members.Insert(TypedCollectionSemantics.NewMember("ada", 1));
        using var first = db.BeginTransaction();
        using var second = db.BeginTransaction();
        Assert.Equal(1, db.Members.Get(second, id)!.Score);

        var update = db.Members.Get(first, id)!;
        update.Score = 2;
        db.Members.Update(first, update);
        first.Commit();

        var late = db.Members.Get(second, id)!;
        late.Score = 3;
        var error = Assert.Throws<WriteLockTimeoutException>(() => db.Members.Update(second, late));
        Assert.Equal(DocStoreErrorCode.WriteLockTimeout, error.ErrorCode);
        Assert.Contains("Members", error.Message, StringComparison.Ordinal);
        Assert.Throws<InvalidOperationException>(second.Commit);
        Assert.Equal(2, db.Members.Get(id)!.Score);
    }

    [Fact]
    public void A_write_held_up_by_another_open_transaction_past_the_command_timeout_is_a_write_lock_timeout()
    {
        // The second transaction's update waits for the row the first one changed; the first commits only after
        // the wait ends, so the wait ends at the command timeout (short here; the default is 30 s).
        var connectionString = new NpgsqlConnectionStringBuilder(server.NewSchema()) { CommandTimeout = 2 }.ConnectionString;
        using var db = MemberDb.OpenPostgres(connectionString);
        var id = db.Members.Insert(TypedCollectionSemantics.NewMember("ada", 1));
        using var first = db.BeginTransaction();
        using var second = db.BeginTransaction();
        var update = db.Members.Get(first, id)!;
        update.Score = 2;
        db.Members.Update(first, update);

        var late = db.Members.Get(second, id)!;
        late.Score = 3;
        var error = Assert.Throws<WriteLockTimeoutException>(() => db.Members.Update(second, late));
        Assert.Equal(DocStoreErrorCode.WriteLockTimeout, error.ErrorCode);
        Assert.Contains("'Members'", error.Message, StringComparison.Ordinal);
        Assert.Throws<InvalidOperationException>(second.Commit);
        first.Commit();
        Assert.Equal(2, db.Members.Get(id)!.Score);
    }

    [Fact]
    public void A_lost_connection_is_a_storage_failure_and_the_transaction_writes_nothing()
    {
        var connectionString = server.NewSchema();
        using var db = MemberDb.OpenPostgres(connectionString);
        using var transaction = db.BeginTransaction();
        db.Members.Insert(transaction, TypedCollectionSemantics.NewMember("ada", 1));

        // End the server process of this transaction's connection: the PostgreSQL tests run one at a time,
        // so it is the one session idle in a transaction that has written.
        using (var admin = NpgsqlDataSource.Create(server.ConnectionString))
        using (var kill = admin.CreateCommand("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE state LIKE 'idle in transaction%' AND backend_xid IS NOT NULL AND pid <> pg_backend_pid()"))
        {
            Assert.Equal(1L, kill.ExecuteScalar());
        }

        var error = Assert.ThrowsAny<DocStoreException>(() => db.Members.Insert(transaction, TypedCollectionSemantics.NewMember("bob", 2)));
        Assert.Equal(DocStoreErrorCode.StorageFailed, error.ErrorCode);
        Assert.Throws<InvalidOperationException>(transaction.Commit);
        Assert.Equal(0, db.Members.Count());
    }

    [Fact]
    public void Embedded_only_members_say_so()
    {
        using var db = MemberDb.OpenPostgres(server.NewSchema());
        Assert.Contains("PostgreSQL", db.Path, StringComparison.Ordinal);
        var error = Assert.Throws<NotSupportedException>(() => db.GetCollectionNames());
        Assert.Contains("embedded engine", error.Message, StringComparison.Ordinal);
        Assert.Throws<NotSupportedException>(() => db.Members.Query().Where(m => m.Score > 1).ToList());
        Assert.Throws<NotSupportedException>(() => db.Sql.Query("SELECT * FROM Members"));
    }

    [Fact]
    public void An_unreachable_server_is_a_storage_failure()
    {
        var error = Assert.Throws<StorageFailedException>(() => MemberDb.OpenPostgres("Host=127.0.0.1;Port=1;Username=nobody;Timeout=2"));
        Assert.Equal(DocStoreErrorCode.StorageFailed, error.ErrorCode);
    }
}
