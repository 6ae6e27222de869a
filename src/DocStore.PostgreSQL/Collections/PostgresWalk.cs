using DocStore.PostgreSQL.Backend;
using DocStore.PostgreSQL.Queries;
using DocStore.Query;
using Npgsql;

namespace DocStore.PostgreSQL.Collections;

/// <summary>
/// The lazy walks (scans, FindBy, ranges, prefixes) of a collection on PostgreSQL. Without a transaction the
/// rows stream from one SELECT, itself one snapshot; inside one, the page is read whole first, since the
/// transaction's connection runs one command at a time and the caller may write while enumerating.
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
        return new DocumentQuery<T>(progress => transaction is null ? Stream(sql, parameters, paging.Take, progress) : Buffered(transaction, sql, parameters, paging.Take, progress));
    }

    private IEnumerable<T> Buffered(DocStoreTransaction transaction, string sql, object[] parameters, int take, ScanProgress? progress)
    {
        var rows = new List<(byte[] Json, byte[] Entry)>();
        try
        {
            using var scope = Synchronously.Result(collection.BeginAsync(transaction, write: false, async: false, default));
            using var command = Command(scope, sql, parameters);
            using var reader = command.ExecuteReader();
            while (reader.Read())
            {
                rows.Add((reader.GetFieldValue<byte[]>(0), (byte[])reader[1]));
            }
        }
        catch (Exception e) when (collection.Translate(e, null, transaction) is { } translated)
        {
            throw translated;
        }

        return Page(rows, take, progress);
    }

    private IEnumerable<T> Stream(string sql, object[] parameters, int take, ScanProgress? progress)
    {
        using var scope = Synchronously.Result(collection.BeginAsync(null, write: false, async: false, default));
        using var command = Run(() => Command(scope, sql, parameters));
        using var reader = Run(() => command.ExecuteReader());
        foreach (var document in Page(Rows(reader), take, progress))
        {
            yield return document;
        }
    }

    /// <summary>Yields up to <paramref name="take"/> documents; a row beyond them means more follow, so the last one's entry is where the next page starts.</summary>
    private IEnumerable<T> Page(IEnumerable<(byte[] Json, byte[] Entry)> rows, int take, ScanProgress? progress)
    {
        var taken = 0;
        byte[]? last = null;
        foreach (var (json, entry) in rows)
        {
            if (taken == take)
            {
                if (progress is not null)
                {
                    progress.ResumeAfter = last;
                }

                yield break;
            }

            taken++;
            last = entry;
            yield return collection.Table.Documents.Read(json);
        }

        if (progress is not null)
        {
            progress.ResumeAfter = null;
        }
    }

    private IEnumerable<(byte[] Json, byte[] Entry)> Rows(NpgsqlDataReader reader)
    {
        while (Run(reader.Read))
        {
            yield return (reader.GetFieldValue<byte[]>(0), (byte[])reader[1]);
        }
    }

    private TResult Run<TResult>(Func<TResult> step)
    {
        try
        {
            return step();
        }
        catch (Exception e) when (collection.Translate(e, null, null) is { } translated)
        {
            throw translated;
        }
    }

    private static NpgsqlCommand Command(OperationScope scope, string sql, object[] parameters)
    {
        var command = scope.Command(sql);
        foreach (var value in parameters)
        {
            command.Parameters.Add(new NpgsqlParameter { Value = value });
        }

        // Prepared once per pooled connection and walk shape; later walks send no Parse.
        command.Prepare();

        return command;
    }
}
