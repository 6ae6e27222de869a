using DocStore.PostgreSQL.Tests.Models;
using DocStore.PostgreSQL.Tests.Routing;
using DocStore.PostgreSQL.Tests.Server;

namespace DocStore.PostgreSQL.Tests.Semantics;

/// <summary>
/// Cancellation as on the embedded engine: a write of its own whose token is cancelled before its COMMIT
/// throws and writes nothing; once the COMMIT is sent, the write is reported as committed. An explicit
/// transaction's commit is made whatever its token says. A COMMIT is held on the server (<see cref="HeldCommit"/>)
/// so the token is cancelled while it is known to be in flight.
/// </summary>
[Xunit.Collection(PostgresServerGroup.Name)]
public sealed class CancelledWriteTests(PostgresServer server)
{
    private static readonly TimeSpan HangGuard = TimeSpan.FromMinutes(10);

    [Fact]
    public async Task A_write_of_its_own_cancelled_while_its_documents_are_read_writes_nothing_and_leaves_no_key_gap()
    {
        await using var db = MemberDb.OpenPostgres(server.NewSchema());
        using var cancel = new CancellationTokenSource();

        // An explicit key among generated ones: the write takes a transaction of its own for the key sequence.
        var documents = Enumerable.Range(0, 3).Select(i =>
        {
            if (i == 1)
            {
                cancel.Cancel();
            }

            var member = TypedCollectionSemantics.NewMember($"m{i}", i);
            member.Id = i == 0 ? 5 : 0;
            return member;
        });

        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await db.Members.InsertManyAsync(documents, cancel.Token));

        Assert.Equal(0, db.Members.Count());
        Assert.Equal(1, await db.Members.InsertAsync(TypedCollectionSemantics.NewMember("next", 9)));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task A_write_of_its_own_cancelled_during_its_commit_is_reported_committed(bool readYourWrites)
    {
        var schema = server.NewSchema();
        await using var db = Open(schema, readYourWrites);
        using var held = HeldCommit.On(schema, "Members");
        using var cancel = new CancellationTokenSource();
        var explicitKey = TypedCollectionSemantics.NewMember("explicit", 1);
        explicitKey.Id = 5;

        var insert = db.Members.InsertManyAsync([explicitKey, TypedCollectionSemantics.NewMember("generated", 2)], cancel.Token).AsTask();
        held.WaitForCommit();
        cancel.Cancel();
        held.Release();

        Assert.Equal(new[] { 5, 6 }, await insert);
        using var direct = MemberDb.OpenPostgres(schema);
        Assert.Equal(new[] { "explicit", "generated" }, direct.Members.FindAll().Select(m => m.Handle).ToArray());
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task An_explicit_commit_cancelled_while_in_flight_commits(bool readYourWrites)
    {
        var schema = server.NewSchema();
        await using var db = Open(schema, readYourWrites);
        using var held = HeldCommit.On(schema, "Members");
        using var cancel = new CancellationTokenSource();
        await using var transaction = await db.BeginTransactionAsync();
        var id = db.Members.Insert(transaction, TypedCollectionSemantics.NewMember("ada", 36));

        var commit = transaction.CommitAsync(cancel.Token).AsTask();
        held.WaitForCommit();
        cancel.Cancel();
        held.Release();

        await commit;
        using var direct = MemberDb.OpenPostgres(schema);
        Assert.Equal("ada", direct.Members.Get(id)?.Handle);
    }

    [Fact]
    public async Task An_explicit_commit_given_a_cancelled_token_commits()
    {
        var schema = server.NewSchema();
        await using var db = MemberDb.OpenPostgres(schema);
        await using var transaction = await db.BeginTransactionAsync();
        var id = db.Members.Insert(transaction, TypedCollectionSemantics.NewMember("ada", 36));

        await transaction.CommitAsync(new CancellationToken(canceled: true));

        Assert.Equal("ada", db.Members.Get(id)?.Handle);
    }

    /// <summary>The context on the primary alone, or with reads on the standby waiting for the context's commits (which notes each commit's position).</summary>
    private MemberDb Open(string schema, bool readYourWrites)
    {
        if (!readYourWrites)
        {
            return MemberDb.OpenPostgres(schema);
        }

        var standby = server.StandbyConnectionString ?? throw new InvalidOperationException("DOCSTORE_POSTGRES names a server but DOCSTORE_POSTGRES_STANDBY names no standby of it (.ci/postgres.sh sets both).");
        var (routed, _) = ReplicaRoutingTests.Routed(schema, standby);
        return MemberDb.OpenPostgres(routed, new PostgresOptions { ReadFrom = ReadFrom.Replica, ReadYourWrites = true, ReplicaWaitTimeout = HangGuard });
    }
}
