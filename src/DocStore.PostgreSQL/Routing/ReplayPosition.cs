using Npgsql;
using NpgsqlTypes;

namespace DocStore.PostgreSQL.Routing;

/// <summary>
/// The primary's WAL position after the context's latest commit (read-your-writes): a standby that has
/// replayed up to it holds every write this context committed.
/// </summary>
internal sealed class ReplayPosition
{
    private long _lsn;

    /// <summary>The position to wait for; 0 before the first commit.</summary>
    public ulong Lsn => (ulong)Interlocked.Read(ref _lsn);

    /// <summary>Notes the primary's current WAL position, read on <paramref name="connection"/> just after a commit on it (any server session sees the same position).</summary>
    public async ValueTask RecordAsync(NpgsqlConnection connection, bool async, CancellationToken cancellationToken)
    {
        // The insert position is past the commit record even when synchronous_commit is off and the record is
        // not yet written out (pg_current_wal_lsn(), the write position, can then be before it).
        using var command = new NpgsqlCommand("SELECT pg_current_wal_insert_lsn()", connection);
        var value = async ? await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false) : command.ExecuteScalar();
        var lsn = (long)(ulong)(NpgsqlLogSequenceNumber)value!;
        long seen;
        do
        {
            seen = Interlocked.Read(ref _lsn);
        }
        while (lsn > seen && Interlocked.CompareExchange(ref _lsn, lsn, seen) != seen);
    }

    public static string Format(ulong lsn) => new NpgsqlLogSequenceNumber(lsn).ToString();
}
