using Npgsql;
using static DocStore.Testing.Postgres.PostgresProcesses;

namespace DocStore.Benchmarks.Compare.Engines.Postgres;

/// <summary>
/// The PostgreSQL server the <c>pg_*</c> rows run on: the one <c>DOCSTORE_POSTGRES</c> names, or else a
/// private one started on first use (initdb into a temporary folder, a free loopback port, fsync off, as
/// root run as the <c>postgres</c> user, which PostgreSQL requires) and stopped by <see cref="Stop"/>.
/// Each engine of each row gets a schema of its own, dropped when the engine closes.
/// </summary>
internal static class BenchmarkPostgres
{
    public const string EnvironmentVariable = "DOCSTORE_POSTGRES";

    private static readonly Lock Gate = new();
    private static string? _connectionString;
    private static string? _folder;
    private static string? _binaries;
    private static int _schemas;

    /// <summary>The server's connection string, starting a private server the first time when none is given.</summary>
    public static string ConnectionString
    {
        get
        {
            lock (Gate)
            {
                return _connectionString ??= Environment.GetEnvironmentVariable(EnvironmentVariable) is { Length: > 0 } given ? given : StartPrivate();
            }
        }
    }

    /// <summary>Creates an empty schema and returns its name.</summary>
    public static string NewSchema(string prefix)
    {
        var name = $"{prefix}_{Environment.ProcessId}_{Interlocked.Increment(ref _schemas)}";
        Execute($"CREATE SCHEMA \"{name}\"");
        return name;
    }

    public static void DropSchema(string name) => Execute($"DROP SCHEMA IF EXISTS \"{name}\" CASCADE");

    /// <summary>A connection string whose search path is <paramref name="schema"/>.</summary>
    public static string InSchema(string schema) => new NpgsqlConnectionStringBuilder(ConnectionString) { SearchPath = schema }.ConnectionString;

    /// <summary>Stops and removes the private server, if one was started.</summary>
    public static void Stop()
    {
        lock (Gate)
        {
            if (_folder is null || _binaries is null)
            {
                return;
            }

            NpgsqlConnection.ClearAllPools();
            Run(Path.Combine(_binaries, "pg_ctl"), $"-D {Path.Combine(_folder, "data")} -m immediate -w stop", asPostgres: IsRoot);
            Directory.Delete(_folder, recursive: true);
            (_folder, _binaries, _connectionString) = (null, null, null);
        }
    }

    private static void Execute(string sql)
    {
        using var connection = new NpgsqlConnection(ConnectionString);
        connection.Open();
        using var command = new NpgsqlCommand(sql, connection);
        command.ExecuteNonQuery();
    }

    private static string StartPrivate()
    {
        _binaries = FindBinaries() ?? throw new InvalidOperationException($"compare: the pg_* rows need PostgreSQL: set {EnvironmentVariable} to a connection string, or install the server (initdb and pg_ctl on PATH or in /usr/lib/postgresql/*/bin).");
        _folder = Directory.CreateTempSubdirectory("docstore-compare-pg-").FullName;
        return StartPrimary(_binaries, _folder);
    }
}
