using System.Diagnostics;
using System.Net;
using System.Net.Sockets;

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

        _binaries = FindBinaries() ?? throw new InvalidOperationException($"No PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup) were found on PATH, in /usr/local/bin or /usr/lib/postgresql/*/bin; install PostgreSQL or set {EnvironmentVariable} to a connection string.");
        _folder = Directory.CreateTempSubdirectory("docstore-pg-").FullName;
        var data = Path.Combine(_folder, "data");
        var port = FreePort();
        if (IsRoot)
        {
            Run("chown", $"postgres {_folder}", asPostgres: false);
        }

        Run(Path.Combine(_binaries, "initdb"), $"-D {data} -U postgres --auth=trust -E UTF8 --locale=C --no-sync", asPostgres: IsRoot);
        Run(Path.Combine(_binaries, "pg_ctl"), $"-D {data} -l {Path.Combine(_folder, "server.log")} -w -t 60 -o \"-p {port} -k {_folder} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off\" start", asPostgres: IsRoot);
        ConnectionString = $"Host={_folder};Port={port};Username=postgres;Database=postgres";

        var standbyPort = FreePort();
        Run(Path.Combine(_binaries, "pg_basebackup"), $"-h {_folder} -p {port} -U postgres -D {Path.Combine(_folder, "standby")} -R -X stream", asPostgres: IsRoot);
        Run(Path.Combine(_binaries, "pg_ctl"), $"-D {Path.Combine(_folder, "standby")} -l {Path.Combine(_folder, "standby.log")} -w -t 60 -o \"-p {standbyPort} -k {_folder} -c listen_addresses=127.0.0.1 -c fsync=off\" start", asPostgres: IsRoot);
        StandbyConnectionString = $"Host={_folder};Port={standbyPort};Username=postgres;Database=postgres";
    }

    /// <summary>The server's connection string (its default schema is shared: use <see cref="NewSchema"/> per test).</summary>
    public string ConnectionString { get; }

    /// <summary>A streaming standby of the server, or null when <c>DOCSTORE_POSTGRES</c> names a server without one.</summary>
    public string? StandbyConnectionString { get; }

    internal static bool IsRoot => Environment.UserName == "root";

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

    internal static string? FindBinaries()
    {
        var candidates = (Environment.GetEnvironmentVariable("PATH") ?? string.Empty).Split(':', StringSplitOptions.RemoveEmptyEntries)
            .Append("/usr/local/bin")
            .Concat(Directory.Exists("/usr/lib/postgresql") ? Directory.GetDirectories("/usr/lib/postgresql").OrderDescending().Select(d => Path.Combine(d, "bin")) : []);
        // /usr/local/bin may hold links to a few of the tools: follow initdb's link to the folder with all of them.
        return candidates
            .Where(d => File.Exists(Path.Combine(d, "initdb")))
            .Select(d => Path.GetDirectoryName(new FileInfo(Path.Combine(d, "initdb")).ResolveLinkTarget(returnFinalTarget: true)?.FullName ?? Path.Combine(d, "initdb"))!)
            .FirstOrDefault(d => File.Exists(Path.Combine(d, "pg_ctl")) && File.Exists(Path.Combine(d, "pg_basebackup")));
    }

    internal static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }

    internal static void Run(string program, string arguments, bool asPostgres)
    {
        var start = asPostgres
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
