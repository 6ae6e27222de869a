using DocStore.PostgreSQL.Tests.Models;
using DocStore.PostgreSQL.Tests.Server;

namespace DocStore.PostgreSQL.Tests.Semantics;

/// <summary>The embedded engine, in memory.</summary>
public sealed class EmbeddedBackend : IBackend
{
    public MemberDb Open() => MemberDb.OpenInMemory();
}

/// <summary>PostgreSQL, each context on a new, empty schema of the shared test server.</summary>
public sealed class PostgresBackend(PostgresServer server) : IBackend
{
    public MemberDb Open() => MemberDb.OpenPostgres(server.NewSchema());
}
