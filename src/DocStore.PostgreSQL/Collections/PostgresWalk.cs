using System.Runtime.CompilerServices;
using DocStore.PostgreSQL.Backend;
using DocStore.PostgreSQL.Documents;
using DocStore.PostgreSQL.Queries;
using DocStore.Query;
using Npgsql;

namespace DocStore.PostgreSQL.Collections;

/// <summary>
/// The lazy walks (scans, FindBy, ranges, prefixes) of a collection on PostgreSQL. Without a transaction the
/// rows stream from one SELECT, itself one snapshot; inside one, the page is read whole first, since the
/// transaction's connection runs one command at a time and the caller may write while enumerating. Each
/// document is decoded from Npgsql's row buffer; only the last one's entry is copied out, for the next
/// page's token. The asynchronous enumeration awaits Npgsql's asynchronous reads, honouring the token.
/// </summary>
internal sealed class PostgresWalk<T, TKey>(PostgresCollection<T, TKey> collection)
    where TKey : notnull
{
    private readonly WalkSql _sql = new(collection.Table.Table, collection.Table.IndexTables, collection.Table.KeyColumns);

    public DocumentQuery<T> Query(DocStoreTransaction? transaction, int index, byte[] low, byte[]? high, QueryOptions? options)
    {
        ArgumentNullException.ThrowIfNull(low);
        collection.Context.ThrowIfDisposed();
        transaction?.ThrowIfUnusable(collection.Context);
        var paging = QueryOptions.ToPaging(options);
        var (sql, parameters) = _sql.Build(index, low, high, paging);
        return new DocumentQuery<T>(
            progress => transaction is null ? Stream(sql, parameters, paging.Take, progress) : Buffered(transaction, sql, parameters, paging.Take, progress),
            (progress, token) => StreamAsync(transaction, sql, parameters, paging.Take, progress, token));
    }

    private List<T> Buffered(DocStoreTransaction transaction, string sql, object[] parameters, int take, ScanProgress? progress)
    {
        var rows = new List<T>();
        var page = new PageState(take, progress);
        try
        {
            using var scope = Synchronously.Result(collection.BeginAsync(transaction, write: false, async: false, default));
            using var reader = Prepared(scope, sql, parameters).ExecuteReader();
            while (reader.Read() && page.Next(reader))
            {
                rows.Add(collection.Table.Documents.Read(JsonbColumn.Read(reader, 0)));
            }
        }
        catch (Exception e) when (collection.Translate(e, null, transaction) is { } translated)
        {
            throw translated;
        }

        page.End();
        return rows;
    }

    private IEnumerable<T> Stream(string sql, object[] parameters, int take, ScanProgress? progress)
    {
        using var scope = Synchronously.Result(collection.BeginAsync(null, write: false, async: false, default));
        using var reader = Execute(scope, sql, parameters);
        var page = new PageState(take, progress);
        while (Next(reader) && page.Next(reader))
        {
            yield return collection.Table.Documents.Read(JsonbColumn.Read(reader, 0));
        }

        page.End();
    }

    /// <summary>The walk with Npgsql's asynchronous I/O; in a transaction its rows are read before the first is yielded, as <see cref="Buffered"/>.</summary>
    private async IAsyncEnumerable<T> StreamAsync(DocStoreTransaction? transaction, string sql, object[] parameters, int take, ScanProgress? progress, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        var page = new PageState(take, progress);
        List<T>? buffered = transaction is null ? null : [];
        NpgsqlDataReader? reader = null;
        OperationScope? scope = null;
        try
        {
            try
            {
                scope = await collection.BeginAsync(transaction, write: false, async: true, cancellationToken).ConfigureAwait(false);
                var command = Command(scope, sql, parameters);

                // Prepared once per physical connection and walk shape; the first Parse may wait on a lock, as the query would.
                await command.PrepareAsync(cancellationToken).ConfigureAwait(false);
                reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
                while (buffered is not null && await reader.ReadAsync(cancellationToken).ConfigureAwait(false) && page.Next(reader))
                {
                    buffered.Add(collection.Table.Documents.Read(JsonbColumn.Read(reader, 0)));
                }
            }
            catch (Exception e) when (collection.Translate(e, null, transaction) is { } translated)
            {
                throw translated;
            }

            if (buffered is not null)
            {
                page.End();
                foreach (var document in buffered)
                {
                    yield return document;
                }

                yield break;
            }

            while (await NextAsync(reader, cancellationToken).ConfigureAwait(false) && page.Next(reader))
            {
                yield return collection.Table.Documents.Read(JsonbColumn.Read(reader, 0));
            }

            page.End();
        }
        finally
        {
            if (reader is not null)
            {
                await reader.DisposeAsync().ConfigureAwait(false);
            }

            if (scope is not null)
            {
                await scope.DisposeAsync().ConfigureAwait(false);
            }
        }
    }

    private NpgsqlDataReader Execute(OperationScope scope, string sql, object[] parameters)
    {
        try
        {
            return Prepared(scope, sql, parameters).ExecuteReader();
        }
        catch (Exception e) when (collection.Translate(e, null, null) is { } translated)
        {
            throw translated;
        }
    }

    private bool Next(NpgsqlDataReader reader)
    {
        try
        {
            return reader.Read();
        }
        catch (Exception e) when (collection.Translate(e, null, null) is { } translated)
        {
            throw translated;
        }
    }

    private async ValueTask<bool> NextAsync(NpgsqlDataReader reader, CancellationToken cancellationToken)
    {
        try
        {
            return await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (collection.Translate(e, null, null) is { } translated)
        {
            throw translated;
        }
    }

    /// <summary>The walk's command, kept on the connection object per walk shape, with this walk's bounds and paging.</summary>
    private static NpgsqlCommand Command(OperationScope scope, string sql, object[] parameters)
    {
        var command = scope.Kept(sql, out _);
        for (var i = 0; i < parameters.Length; i++)
        {
            CommandParameters.Set(command.Parameters, i, parameters[i]);
        }

        return command;
    }

    /// <summary>As <see cref="Command"/>, prepared once per physical connection and walk shape: later walks send no Parse.</summary>
    private static NpgsqlCommand Prepared(OperationScope scope, string sql, object[] parameters)
    {
        var command = Command(scope, sql, parameters);
        command.Prepare();
        return command;
    }

    /// <summary>
    /// Counts the documents yielded against the page's size: a row beyond them means more follow, so the last
    /// yielded one's entry (copied into a buffer the walk reuses) is where the next page starts.
    /// </summary>
    private sealed class PageState(int take, ScanProgress? progress)
    {
        private byte[] _last = [];
        private int _lastLength = -1;
        private int _taken;

        /// <summary>True when the current row is to be yielded; false when the page is full (the token is then set).</summary>
        public bool Next(NpgsqlDataReader reader)
        {
            if (_taken == take)
            {
                if (progress is not null)
                {
                    progress.ResumeAfter = _last.AsSpan(0, _lastLength).ToArray();
                }

                _taken = -1;
                return false;
            }

            _taken++;
            if (progress is not null)
            {
                var length = (int)reader.GetBytes(1, 0, null, 0, 0);
                if (_last.Length < length)
                {
                    _last = new byte[Math.Max(length, 64)];
                }

                _lastLength = (int)reader.GetBytes(1, 0, _last, 0, length);
            }

            return true;
        }

        /// <summary>The walk ended: when no row past the page was seen, no page follows.</summary>
        public void End()
        {
            if (progress is not null && _taken >= 0)
            {
                progress.ResumeAfter = null;
            }
        }
    }
}
