using DocStore.Testing.Postgres;
using Npgsql;

namespace DocStore.PostgreSQL.Tests.Server;

/// <summary>
/// A streaming standby of the test server made for one test (<c>pg_basebackup -R</c>), so a test may stop it
/// with <c>pg_ctl</c> without taking the shared standby from the others. Removed on dispose.
/// </summary>
public sealed class ThrowawayStandby : IDisposable
{
    private readonly string _binaries;
    private readonly string _folder;
    private bool _running;

    public ThrowawayStandby(string primaryConnectionString)
    {
        _binaries = PostgresProcesses.FindBinaries() ?? throw new InvalidOperationException("No PostgreSQL server binaries (pg_ctl, pg_basebackup) were found to start a standby of the test server.");
        _folder = Directory.CreateTempSubdirectory("docstore-standby-").FullName;
        if (PostgresProcesses.IsRoot)
        {
            PostgresProcesses.Run("chown", $"postgres {_folder}", asPostgres: false);
        }

        var primary = new NpgsqlConnectionStringBuilder(primaryConnectionString);
        var data = Path.Combine(_folder, "data");
        var port = PostgresProcesses.FreePort();
        PostgresProcesses.Run(Path.Combine(_binaries, "pg_basebackup"), $"-h {primary.Host} -p {primary.Port} -U postgres -D {data} -R -X stream", asPostgres: PostgresProcesses.IsRoot);
        PostgresProcesses.Run(Path.Combine(_binaries, "pg_ctl"), $"-D {data} -l {Path.Combine(_folder, "standby.log")} -w -t 60 -o \"-p {port} -k {_folder} -c listen_addresses=127.0.0.1 -c fsync=off\" start", asPostgres: PostgresProcesses.IsRoot);
        _running = true;
        ConnectionString = new NpgsqlConnectionStringBuilder(primaryConnectionString) { Host = _folder, Port = port }.ConnectionString;
    }

    /// <summary>The standby's connection string (the primary's, with this server's socket folder and port).</summary>
    public string ConnectionString { get; }

    /// <summary>Stops the standby (fast shutdown: its sessions are ended).</summary>
    public void Stop()
    {
        if (_running)
        {
            _running = false;
            PostgresProcesses.Run(Path.Combine(_binaries, "pg_ctl"), $"-D {Path.Combine(_folder, "data")} -m fast -w stop", asPostgres: PostgresProcesses.IsRoot);
        }
    }

    public void Dispose()
    {
        Stop();
        Directory.Delete(_folder, recursive: true);
    }
}
