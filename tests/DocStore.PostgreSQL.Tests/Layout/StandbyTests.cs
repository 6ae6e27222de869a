using DocStore.PostgreSQL.Tests.Models;
using DocStore.PostgreSQL.Tests.Semantics;
using DocStore.PostgreSQL.Tests.Server;
using Npgsql;

namespace DocStore.PostgreSQL.Tests.Layout;

/// <summary>A primary and its streaming standby: several hosts in one connection string, and a standby alone.</summary>
[Xunit.Collection(PostgresServerGroup.Name)]
public sealed class StandbyTests(PostgresServer server)
{
    [Fact]
    public void Several_hosts_with_primary_as_target_write_to_the_primary()
    {
        var primary = new NpgsqlConnectionStringBuilder(server.NewSchema());
        var standby = new NpgsqlConnectionStringBuilder(Standby());

        // The standby first: the session attributes, not the order, pick the host.
        var both = new NpgsqlConnectionStringBuilder(primary.ConnectionString)
        {
            Host = $"{standby.Host}:{standby.Port},{primary.Host}:{primary.Port}",
            TargetSessionAttributes = "primary",
        };
        using var db = MemberDb.OpenPostgres(both.ConnectionString);
        var id = db.Members.Insert(TypedCollectionSemantics.NewMember("ada", 36));
        Assert.Equal("ada", db.Members.Get(id)!.Handle);

        using var direct = MemberDb.OpenPostgres(primary.ConnectionString);
        Assert.Equal("ada", direct.Members.Get(id)!.Handle);
    }

    [Fact]
    public void A_standby_alone_is_refused_as_read_only()
    {
        var schema = new NpgsqlConnectionStringBuilder(server.NewSchema()).SearchPath;
        var standby = new NpgsqlConnectionStringBuilder(Standby()) { SearchPath = schema };
        var error = Assert.Throws<DatabaseReadOnlyException>(() => MemberDb.OpenPostgres(standby.ConnectionString));
        Assert.Equal(DocStoreErrorCode.ReadOnly, error.ErrorCode);
        Assert.Contains("standby", error.Message, StringComparison.Ordinal);
    }

    private string Standby() =>
        server.StandbyConnectionString ?? throw new InvalidOperationException("DOCSTORE_POSTGRES names a server but DOCSTORE_POSTGRES_STANDBY names no standby of it (.ci/postgres.sh sets both).");
}
