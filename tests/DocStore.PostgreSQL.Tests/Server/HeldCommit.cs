using Npgsql;

namespace DocStore.PostgreSQL.Tests.Server;

/// <summary>
/// Holds every COMMIT of a transaction that inserted into a table until <see cref="Release"/>: a deferred
/// constraint trigger on the table takes, at COMMIT, an advisory lock this object holds. A test can then act
/// (cancel a token) while a COMMIT is known to be in flight, and let it finish. The trigger checks for a
/// pending cancel once it has the lock, so a cancel request that reached the server before the release
/// always cancels the COMMIT.
/// </summary>
internal sealed class HeldCommit : IDisposable
{
    private static readonly TimeSpan HangGuard = TimeSpan.FromMinutes(2);

    private readonly NpgsqlConnection _holder;
    private readonly int _key;

    private HeldCommit(NpgsqlConnection holder, int key)
    {
        _holder = holder;
        _key = key;
    }

    /// <summary>Installs the trigger on <paramref name="table"/> of the schema <paramref name="connectionString"/> searches, and takes the lock.</summary>
    public static HeldCommit On(string connectionString, string table)
    {
        var key = Random.Shared.Next(1, int.MaxValue);
        var holder = new NpgsqlConnection(connectionString);
        holder.Open();
        Execute(holder, $"""
            CREATE FUNCTION hold_commit() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM pg_advisory_xact_lock({key});
                PERFORM pg_sleep(0);
                RETURN NULL;
            END $$
            """);
        Execute(holder, $"CREATE CONSTRAINT TRIGGER hold_commit AFTER INSERT ON \"{table}\" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION hold_commit()");
        Execute(holder, $"SELECT pg_advisory_lock({key})");
        return new HeldCommit(holder, key);
    }

    /// <summary>Returns once a session's COMMIT waits for the lock.</summary>
    public void WaitForCommit()
    {
        using var command = new NpgsqlCommand(
            """
            SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
            WHERE l.locktype = 'advisory' AND NOT l.granted AND l.classid = 0 AND l.objid::bigint = @key AND a.query = 'COMMIT'
            """,
            _holder);
        command.Parameters.AddWithValue("key", (long)_key);
        var started = DateTime.UtcNow;
        while ((long)command.ExecuteScalar()! == 0)
        {
            if (DateTime.UtcNow - started > HangGuard)
            {
                throw new TimeoutException("No COMMIT came to wait for the held lock.");
            }

            Thread.Sleep(5);
        }
    }

    /// <summary>Lets the held COMMIT go on.</summary>
    public void Release() => Execute(_holder, $"SELECT pg_advisory_unlock({_key})");

    public void Dispose() => _holder.Dispose();

    private static void Execute(NpgsqlConnection connection, string sql)
    {
        using var command = new NpgsqlCommand(sql, connection);
        command.ExecuteNonQuery();
    }
}
