namespace DocStore.PostgreSQL.Tests.Server;

/// <summary>Every test class that needs PostgreSQL shares one server per test run.</summary>
[CollectionDefinition(Name)]
public sealed class PostgresServerGroup : ICollectionFixture<PostgresServer>
{
    public const string Name = "PostgreSQL";
}
