using Microsoft.Extensions.Logging;

namespace DocStore.PostgreSQL;

/// <summary>
/// How a context opened with <c>OpenPostgres(connectionString, options)</c> routes its reads: to the primary,
/// or to a standby with an optional wait for the context's own writes (docs/postgresql.md, "Replica routing").
/// </summary>
public sealed class PostgresOptions
{
    /// <summary>
    /// Where reads outside a transaction and read-only transactions (<c>BeginReadOnlyTransaction</c>) go. Default
    /// <see cref="ReadFrom.Primary"/>. With <see cref="ReadFrom.Replica"/> the connection string lists the primary
    /// and its standbys (<c>Host=db1,db2</c>); writes and read-write transactions always go to the primary.
    /// </summary>
    public ReadFrom ReadFrom { get; init; } = ReadFrom.Primary;

    /// <summary>
    /// With <see cref="ReadFrom.Replica"/>: after each commit the context notes the primary's WAL position, and a
    /// read on a standby first waits until the standby has replayed it, so the context reads its own writes.
    /// Default false (a standby read may miss the context's latest writes).
    /// </summary>
    public bool ReadYourWrites { get; init; }

    /// <summary>
    /// How long a standby read waits for the standby to replay the context's last commit (<see cref="ReadYourWrites"/>);
    /// past it, the read goes to the primary and a warning is logged. Default 5 seconds.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is negative.</exception>
    public TimeSpan ReplicaWaitTimeout
    {
        get;
        init
        {
            ArgumentOutOfRangeException.ThrowIfLessThan(value, TimeSpan.Zero, nameof(ReplicaWaitTimeout));
            field = value;
        }
    } = TimeSpan.FromSeconds(5);

    /// <summary>
    /// Receives the routing warnings (no standby reachable, a replay wait that timed out) and, at debug level, the
    /// server each routed read ran on. Default none.
    /// </summary>
    public ILogger? Logger { get; init; }
}
