using System.Diagnostics;
using Npgsql;
using NpgsqlTypes;

namespace DocStore.PostgreSQL.Routing;

/// <summary>
/// Opens the connection a read runs on. Without a replica source, the primary's. With one, a prefer-standby
/// session, checked with <c>pg_is_in_recovery()</c>: when it reached the primary, or the standby's connection
/// broke, the read runs on the primary and a warning is logged once until a standby answers again. With
/// read-your-writes, a standby session first waits (polling <c>pg_last_wal_replay_lsn()</c>) until it has
/// replayed the context's last commit; past the timeout the read goes to the primary.
/// </summary>
internal sealed class ReadRoute(NpgsqlDataSource primary, NpgsqlDataSource? replica, PostgresOptions options, ReplayPosition? replay)
{
    private static readonly TimeSpan s_longestPoll = TimeSpan.FromMilliseconds(50);

    private int _standbyLost;

    /// <summary>True when every read goes to the primary (no replica source).</summary>
    public bool PrimaryOnly => replica is null;

    public async ValueTask<NpgsqlConnection> OpenAsync(bool async, CancellationToken cancellationToken)
    {
        if (replica is null)
        {
            return await OpenAsync(primary, async, cancellationToken).ConfigureAwait(false);
        }

        NpgsqlConnection? connection = null;
        try
        {
            connection = await OpenAsync(replica, async, cancellationToken).ConfigureAwait(false);
            var (standby, replayed) = await ProbeAsync(connection, async, cancellationToken).ConfigureAwait(false);
            if (!standby)
            {
                StandbyLost("the prefer-standby session reached the primary", null);
                return connection;
            }

            var wanted = replay?.Lsn ?? 0;
            if (replayed < wanted && !await WaitAsync(connection, wanted, async, cancellationToken).ConfigureAwait(false))
            {
                RoutingLog.ReplayTimeout(options.Logger, Server(connection), ReplayPosition.Format(wanted), options.ReplicaWaitTimeout);
                await DisposeAsync(connection, async).ConfigureAwait(false);
                connection = null;
                return await OpenAsync(primary, async, cancellationToken).ConfigureAwait(false);
            }

            if (Interlocked.Exchange(ref _standbyLost, 0) == 1)
            {
                RoutingLog.StandbyBack(options.Logger, Server(connection));
            }

            RoutingLog.ReadOnStandby(options.Logger, Server(connection));
            return connection;
        }
        catch (NpgsqlException e) when (connection is not null && !cancellationToken.IsCancellationRequested)
        {
            // A pooled session to a standby that went away fails here, not at open: read from the primary instead.
            await DisposeAsync(connection, async).ConfigureAwait(false);
            StandbyLost(e.Message, e);
            return await OpenAsync(primary, async, cancellationToken).ConfigureAwait(false);
        }
        catch when (connection is not null)
        {
            // Cancelled while waiting for replay, or any other failure: the session goes back to the pool.
            await DisposeAsync(connection, async).ConfigureAwait(false);
            throw;
        }
    }

    private void StandbyLost(string reason, Exception? error)
    {
        if (Interlocked.Exchange(ref _standbyLost, 1) == 0)
        {
            RoutingLog.NoStandby(options.Logger, reason, error);
        }
    }

    private async ValueTask<bool> WaitAsync(NpgsqlConnection connection, ulong wanted, bool async, CancellationToken cancellationToken)
    {
        var started = Stopwatch.GetTimestamp();
        var pause = TimeSpan.FromMilliseconds(1);
        while (Stopwatch.GetElapsedTime(started) < options.ReplicaWaitTimeout)
        {
            if (async)
            {
                await Task.Delay(pause, cancellationToken).ConfigureAwait(false);
            }
            else
            {
                Thread.Sleep(pause);
            }

            var (_, replayed) = await ProbeAsync(connection, async, cancellationToken).ConfigureAwait(false);
            if (replayed >= wanted)
            {
                return true;
            }

            pause = pause * 2 < s_longestPoll ? pause * 2 : s_longestPoll;
        }

        return false;
    }

    private static async ValueTask<(bool Standby, ulong Replayed)> ProbeAsync(NpgsqlConnection connection, bool async, CancellationToken cancellationToken)
    {
        using var command = new NpgsqlCommand("SELECT pg_is_in_recovery(), pg_last_wal_replay_lsn()", connection);
        using var reader = async ? await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false) : command.ExecuteReader();
        _ = async ? await reader.ReadAsync(cancellationToken).ConfigureAwait(false) : reader.Read();
        var standby = reader.GetBoolean(0);
        var replayed = reader.IsDBNull(1) ? 0UL : (ulong)reader.GetFieldValue<NpgsqlLogSequenceNumber>(1);
        return (standby, replayed);
    }

    private static async ValueTask<NpgsqlConnection> OpenAsync(NpgsqlDataSource source, bool async, CancellationToken cancellationToken) =>
        async ? await source.OpenConnectionAsync(cancellationToken).ConfigureAwait(false) : source.OpenConnection();

    private static async ValueTask DisposeAsync(NpgsqlConnection connection, bool async)
    {
        if (async)
        {
            await connection.DisposeAsync().ConfigureAwait(false);
        }
        else
        {
            connection.Dispose();
        }
    }

    private static string Server(NpgsqlConnection connection) => $"{connection.Host}:{connection.Port}";
}
