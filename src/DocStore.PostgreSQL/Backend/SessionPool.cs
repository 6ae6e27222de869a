using Npgsql;

namespace DocStore.PostgreSQL.Backend;

/// <summary>
/// Closed <see cref="Session"/>s over one data source, reopened for the next operation: Npgsql pools the
/// physical connections, this keeps the connection objects and their prepared commands with them. A
/// session is used by one operation at a time; at most <see cref="Kept"/> wait here, the rest are disposed.
/// </summary>
internal sealed class SessionPool(NpgsqlDataSource source) : IDisposable
{
    private const int Kept = 64;

    private readonly Stack<Session> _free = new();
    private bool _disposed;

    /// <summary>A session whose connection is open.</summary>
    public async ValueTask<Session> OpenAsync(bool async, CancellationToken cancellationToken)
    {
        Session? session = null;
        lock (_free)
        {
            _free.TryPop(out session);
        }

        session ??= new Session(source.CreateConnection());
        try
        {
            if (async)
            {
                await session.Connection.OpenAsync(cancellationToken).ConfigureAwait(false);
            }
            else
            {
                session.Connection.Open();
            }
        }
        catch
        {
            session.Dispose();
            throw;
        }

        return session;
    }

    /// <summary>Closes <paramref name="session"/>'s connection (its physical connection goes back to Npgsql's pool) and keeps the session.</summary>
    public void Return(Session session)
    {
        session.Connection.Close();
        lock (_free)
        {
            if (!_disposed && _free.Count < Kept)
            {
                _free.Push(session);
                return;
            }
        }

        session.Dispose();
    }

    public void Dispose()
    {
        lock (_free)
        {
            _disposed = true;
            while (_free.TryPop(out var session))
            {
                session.Dispose();
            }
        }
    }
}
