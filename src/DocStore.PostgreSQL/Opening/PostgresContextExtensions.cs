using DocStore.PostgreSQL.Backend;
using Npgsql;

namespace DocStore.PostgreSQL;

/// <summary>
/// Opens a generated <see cref="DocStoreContext"/> over PostgreSQL: <c>AppDb.OpenPostgres("Host=db;Database=app;Username=app")</c>.
/// The context's typed collections, their generated <c>FindBy…</c>, <c>CountBy…</c>, range and paging methods,
/// and its explicit transactions work as on an embedded database; each collection is a table (docs/postgresql.md).
/// </summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("Design", "CA1000:Do not declare static members on generic types", Justification = "Static extension members: called on the context type, AppDb.OpenPostgres(...), which is the point.")]
public static class PostgresContextExtensions
{
    /// <summary>The static members every generated context gains from this package.</summary>
    /// <typeparam name="TContext">The generated context type.</typeparam>
    extension<TContext>(TContext)
        where TContext : DocStoreContext, IOpenableContext<TContext>
    {
        /// <summary>
        /// Opens the context on the PostgreSQL database <paramref name="connectionString"/> names (Npgsql syntax;
        /// several hosts for failover). Each collection's table, sequence and index tables are created when
        /// missing; an index whose declaration changed is rebuilt from the stored documents.
        /// </summary>
        /// <param name="connectionString">An Npgsql connection string.</param>
        /// <returns>The open context; disposing it closes the connection pool it created.</returns>
        /// <exception cref="ArgumentException">The connection string is empty or malformed.</exception>
        /// <exception cref="StorageFailedException">The server cannot be reached, refuses the login, or has no such database; the message names the host, port, database and user (never the password), the inner exception is Npgsql's.</exception>
        public static TContext OpenPostgres(string connectionString)
        {
            ArgumentException.ThrowIfNullOrWhiteSpace(connectionString);
            var dataSource = NpgsqlDataSource.Create(connectionString);
            try
            {
                return DocStoreContext.OpenOn<TContext>(new PostgresBackend(dataSource, ownsDataSource: true));
            }
            catch
            {
                // OpenOn disposes a backend it was given; this covers a backend that was never made.
                dataSource.Dispose();
                throw;
            }
        }

        /// <summary>
        /// Opens the context on the PostgreSQL servers <paramref name="connectionString"/> names, routing reads as
        /// <paramref name="options"/> says. Writes always go to the primary among the hosts (<c>Target Session
        /// Attributes=primary</c>, whatever the list's order); with <see cref="ReadFrom.Replica"/>, list the primary
        /// and its standbys (<c>Host=db1,db2</c>), and reads outside a
        /// transaction and read-only transactions to a standby (<c>prefer-standby</c>), or to the primary with a
        /// logged warning when no standby answers.
        /// </summary>
        /// <param name="connectionString">An Npgsql connection string; its own <c>Target Session Attributes</c> is replaced by the routing.</param>
        /// <param name="options">How reads are routed.</param>
        /// <returns>The open context; disposing it closes the connection pools it created.</returns>
        /// <exception cref="ArgumentException">The connection string is empty or malformed.</exception>
        /// <exception cref="ArgumentNullException"><paramref name="options"/> is null.</exception>
        /// <exception cref="StorageFailedException">The server cannot be reached, refuses the login, or has no such database; the message names the host, port, database and user (never the password), the inner exception is Npgsql's.</exception>
        public static TContext OpenPostgres(string connectionString, PostgresOptions options)
        {
            ArgumentException.ThrowIfNullOrWhiteSpace(connectionString);
            ArgumentNullException.ThrowIfNull(options);

            // Every host is tried for the primary whatever its place in the list; reads take a standby only when asked.
            var hosts = new NpgsqlDataSourceBuilder(connectionString).BuildMultiHost();
            try
            {
                var replica = options.ReadFrom == ReadFrom.Replica ? hosts.WithTargetSession(TargetSessionAttributes.PreferStandby) : null;
                return DocStoreContext.OpenOn<TContext>(new PostgresBackend(hosts.WithTargetSession(TargetSessionAttributes.Primary), replica, options, hosts));
            }
            catch
            {
                hosts.Dispose();
                throw;
            }
        }

        /// <summary>Opens the context on <paramref name="dataSource"/>, which the caller keeps owning (disposing the context leaves it open).</summary>
        /// <param name="dataSource">The data source (single or multi-host).</param>
        /// <returns>The open context.</returns>
        /// <exception cref="StorageFailedException">The server cannot be reached, refuses the login, or has no such database; the message names the host, port, database and user (never the password), the inner exception is Npgsql's.</exception>
        public static TContext OpenPostgres(NpgsqlDataSource dataSource)
        {
            ArgumentNullException.ThrowIfNull(dataSource);
            return DocStoreContext.OpenOn<TContext>(new PostgresBackend(dataSource, ownsDataSource: false));
        }
    }
}
