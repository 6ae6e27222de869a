using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using Npgsql;

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
            Run(Path.Combine(_binaries, "pg_ctl"), $"-D {Path.Combine(_folder, "data")} -m immediate -w stop");
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
        var data = Path.Combine(_folder, "data");
        var port = FreePort();
        if (IsRoot)
        {
            Run("chown", $"postgres {_folder}", asPostgres: false);
        }

        Run(Path.Combine(_binaries, "initdb"), $"-D {data} -U postgres --auth=trust -E UTF8 --locale=C --no-sync");
        Run(Path.Combine(_binaries, "pg_ctl"), $"-D {data} -l {Path.Combine(_folder, "server.log")} -w -t 60 -o \"-p {port} -k {_folder} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off\" start");
        return $"Host={_folder};Port={port};Username=postgres;Database=postgres";
    }

    private static bool IsRoot => Environment.UserName == "root";

    private static string? FindBinaries()
    {
        var candidates = (Environment.GetEnvironmentVariable("PATH") ?? string.Empty).Split(':', StringSplitOptions.RemoveEmptyEntries)
            .Append("/usr/local/bin")
            .Concat(Directory.Exists("/usr/lib/postgresql") ? Directory.GetDirectories("/usr/lib/postgresql").OrderDescending().Select(d => Path.Combine(d, "bin")) : []);
        return candidates.FirstOrDefault(d => File.Exists(Path.Combine(d, "initdb")) && File.Exists(Path.Combine(d, "pg_ctl")));
    }

    private static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }

    private static void Run(string program, string arguments, bool asPostgres = true)
    {
        var start = asPostgres && IsRoot
            ? new ProcessStartInfo("runuser", $"-u postgres -- {program} {arguments}")
            : new ProcessStartInfo(program, arguments);
        start.RedirectStandardOutput = true;
        start.RedirectStandardError = true;
        using var process = Process.Start(start) ?? throw new InvalidOperationException($"Could not start {program}.");
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEnd();
        process.WaitForExit();
        if (process.ExitCode != 0)
        {
            throw new InvalidOperationException($"{program} {arguments} failed with exit code {process.ExitCode}: {error}{output.Result}");
        }
    }
}
