using static DocStore.Testing.Postgres.PostgresProcesses;

namespace DocStore.PostgreSQL.Tests.Server;

/// <summary>
/// The PostgreSQL server the tests run against: the one <c>DOCSTORE_POSTGRES</c> names (CI starts it, with a
/// standby), or else a private server started here: initdb into a temporary folder, a free port, its Unix
/// socket in that folder, fsync off (nothing here must survive a crash). PostgreSQL refuses to run as root,
/// so as root the server runs as the <c>postgres</c> user. A streaming standby of it (<c>pg_basebackup -R</c>)
/// comes from <c>DOCSTORE_POSTGRES_STANDBY</c>, or is started beside the private server. Both are stopped
/// and removed when the test run ends.
/// </summary>
public sealed class PostgresServer : IDisposable
{
    private const string EnvironmentVariable = "DOCSTORE_POSTGRES";
    private const string StandbyVariable = "DOCSTORE_POSTGRES_STANDBY";

    private readonly string? _folder;
    private readonly string? _binaries;
    private int _schemas;

    public PostgresServer()
    {
        if (Environment.GetEnvironmentVariable(EnvironmentVariable) is { Length: > 0 } given)
        {
            ConnectionString = given;
            StandbyConnectionString = Environment.GetEnvironmentVariable(StandbyVariable) is { Length: > 0 } standby ? standby : null;
            return;
        }

        _binaries = FindOrInstallBinaries() ?? throw new InvalidOperationException($"No PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup) were found on PATH, in /usr/local/bin or /usr/lib/postgresql/*/bin, and apt-get could not install them (it runs only as root); install PostgreSQL or set {EnvironmentVariable} to a connection string.");
        _folder = Directory.CreateTempSubdirectory("docstore-pg-").FullName;
        ConnectionString = StartPrimary(_binaries, _folder);
        var port = new Npgsql.NpgsqlConnectionStringBuilder(ConnectionString).Port;

        var standbyPort = FreePort();
        Run(Path.Combine(_binaries, "pg_basebackup"), $"-h {_folder} -p {port} -U postgres -D {Path.Combine(_folder, "standby")} -R -X stream", asPostgres: IsRoot);
        Run(Path.Combine(_binaries, "pg_ctl"), $"-D {Path.Combine(_folder, "standby")} -l {Path.Combine(_folder, "standby.log")} -w -t 60 -o \"-p {standbyPort} -k {_folder} -c listen_addresses=127.0.0.1 -c fsync=off\" start", asPostgres: IsRoot);
        StandbyConnectionString = $"Host={_folder};Port={standbyPort};Username=postgres;Database=postgres";
    }

    /// <summary>The server's connection string (its default schema is shared: use <see cref="NewSchema"/> per test).</summary>
    public string ConnectionString { get; }

    /// <summary>A streaming standby of the server, or null when <c>DOCSTORE_POSTGRES</c> names a server without one.</summary>
    public string? StandbyConnectionString { get; }

    /// <summary>A connection string whose search path is a new, empty schema, so each test starts from nothing.</summary>
    public string NewSchema()
    {
        // Unique across processes and tests; cut to stay well inside PostgreSQL's 63-byte names.
        var name = $"t{Environment.ProcessId}_{Interlocked.Increment(ref _schemas)}_{Guid.NewGuid():N}";
        name = name[..Math.Min(name.Length, 40)];
        using var dataSource = Npgsql.NpgsqlDataSource.Create(ConnectionString);
        using var command = dataSource.CreateCommand($"CREATE SCHEMA \"{name}\"");
        command.ExecuteNonQuery();
        return new Npgsql.NpgsqlConnectionStringBuilder(ConnectionString) { SearchPath = name }.ConnectionString;
    }

    public void Dispose()
    {
        if (_folder is null || _binaries is null)
        {
            return;
        }

        Npgsql.NpgsqlConnection.ClearAllPools();
        foreach (var node in new[] { "standby", "data" })
        {
            if (File.Exists(Path.Combine(_folder, node, "postmaster.pid")))
            {
                Run(Path.Combine(_binaries, "pg_ctl"), $"-D {Path.Combine(_folder, node)} -m immediate -w stop", asPostgres: IsRoot);
            }
        }

        Directory.Delete(_folder, recursive: true);
    }
}
