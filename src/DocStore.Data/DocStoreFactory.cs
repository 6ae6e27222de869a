using System.Data.Common;

namespace DocStore.Data;

/// <summary>Creates the provider's objects; register it with <c>DbProviderFactories.RegisterFactory("DocStore.Data", DocStoreFactory.Instance)</c>.</summary>
public sealed class DocStoreFactory : DbProviderFactory
{
    private DocStoreFactory()
    {
    }

    /// <summary>The one instance.</summary>
    public static readonly DocStoreFactory Instance = new();

    /// <summary>Creates a command.</summary>
    /// <returns>The command.</returns>
    public override DbCommand CreateCommand() => new DocStoreCommand();

    /// <summary>Creates a connection.</summary>
    /// <returns>The connection.</returns>
    public override DbConnection CreateConnection() => new DocStoreConnection();

    /// <summary>Creates a connection string builder.</summary>
    /// <returns>The builder.</returns>
    public override DbConnectionStringBuilder CreateConnectionStringBuilder() => new DocStoreConnectionStringBuilder();

    /// <summary>Creates a data source, the owner of the database for <paramref name="connectionString"/>.</summary>
    /// <param name="connectionString">The connection string.</param>
    /// <returns>The data source.</returns>
    public override DbDataSource CreateDataSource(string connectionString) => DocStoreDataSource.Create(connectionString);

    /// <summary>Creates a parameter.</summary>
    /// <returns>The parameter.</returns>
    public override DbParameter CreateParameter() => new DocStoreParameter();
}
