using System.Diagnostics;
using System.Net;
using System.Net.Sockets;

namespace DocStore.Testing.Postgres;

/// <summary>
/// Starting and stopping private PostgreSQL servers for the tests and the benchmarks: finding the server
/// programs, a free port, and running them as the <c>postgres</c> user when we are root (PostgreSQL refuses
/// to run as root). Linked into each project that starts a server.
/// </summary>
internal static class PostgresProcesses
{
    /// <summary>True when this process runs as root, so the server programs must run as <c>postgres</c>.</summary>
    public static bool IsRoot => Environment.UserName == "root";

    /// <summary>The folder holding initdb, pg_ctl and pg_basebackup, or null when PostgreSQL is not installed.</summary>
    public static string? FindBinaries()
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

    /// <summary>
    /// <see cref="FindBinaries"/>, installing PostgreSQL with apt-get first when none is found and this process
    /// may (root on a Debian-like machine), as .ci/postgres.sh does, so the README's test command needs no set-up.
    /// </summary>
    public static string? FindOrInstallBinaries()
    {
        if (FindBinaries() is not null || !IsRoot || !File.Exists("/usr/bin/apt-get"))
        {
            return FindBinaries();
        }

        Run("/bin/sh", "-c \"apt-get update -qq && (apt-get install -y -qq postgresql-15 || apt-get install -y -qq postgresql)\"", asPostgres: false);
        return FindBinaries();
    }

    /// <summary>A loopback port nothing listens on now.</summary>
    public static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }

    /// <summary>
    /// Creates a cluster in <paramref name="folder"/>/data and starts it on a free port with its socket in
    /// <paramref name="folder"/>, durability off (nothing a test writes must survive a crash).
    /// </summary>
    /// <returns>The connection string of the server's <c>postgres</c> database.</returns>
    public static string StartPrimary(string binaries, string folder)
    {
        var data = Path.Combine(folder, "data");
        var port = FreePort();
        if (IsRoot)
        {
            Run("chown", $"postgres {folder}", asPostgres: false);
        }

        Run(Path.Combine(binaries, "initdb"), $"-D {data} -U postgres --auth=trust -E UTF8 --locale=C --no-sync", asPostgres: IsRoot);
        Run(Path.Combine(binaries, "pg_ctl"), $"-D {data} -l {Path.Combine(folder, "server.log")} -w -t 60 -o \"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off\" start", asPostgres: IsRoot);
        return $"Host={folder};Port={port};Username=postgres;Database=postgres";
    }

    /// <summary>Runs a program to its end, as <c>postgres</c> when <paramref name="asPostgres"/>; a non-zero exit is an exception with its output.</summary>
    public static void Run(string program, string arguments, bool asPostgres)
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
