using DocStore.Bson.Model;
using DocStore.PostgreSQL.Backend;
using DocStore.PostgreSQL.Collections;
using DocStore.PostgreSQL.Errors;
using DocStore.PostgreSQL.Schema;
using Npgsql;

namespace DocStore.PostgreSQL.Copying;

/// <summary>
/// The PostgreSQL side a copy writes: one connection and one transaction for every collection, so a failure or a
/// killed process leaves the schema as it was. Tables come from the open's own statements
/// (<see cref="SchemaBuilder.Create"/>), rows and entries from the writes' own batched statements (<see cref="PostgresStatements{T, TKey}"/>).
/// </summary>
internal sealed class PostgresCopyTarget : IDisposable
{
    private readonly NpgsqlDataSource _dataSource;
    private readonly NpgsqlConnection _connection;
    private readonly NpgsqlTransaction _transaction;

    private PostgresCopyTarget(NpgsqlDataSource dataSource, NpgsqlConnection connection, NpgsqlTransaction transaction)
    {
        _dataSource = dataSource;
        _connection = connection;
        _transaction = transaction;
    }

    /// <summary>Connects and begins the copy's transaction.</summary>
    /// <exception cref="DocStoreException">The server cannot be reached or refuses (translated as the backend translates).</exception>
    public static PostgresCopyTarget Begin(string connectionString)
    {
        var dataSource = NpgsqlDataSource.Create(connectionString);
        NpgsqlConnection? connection = null;
        try
        {
            connection = dataSource.OpenConnection();
            return new PostgresCopyTarget(dataSource, connection, connection.BeginTransaction());
        }
        catch (Exception e)
        {
            connection?.Dispose();
            dataSource.Dispose();
            if (PostgresErrors.Translate(e, null, null) is { } translated)
            {
                throw translated;
            }

            throw;
        }
    }

    /// <summary>The tables collection <paramref name="name"/> already has in the destination schema.</summary>
    public IReadOnlyList<string> ExistingTables(string name) => Run(name, () => RecordedLayout.TablesOf(_connection, name));

    /// <summary>Drops the collection's tables (inside the copy's transaction: they come back if the copy fails).</summary>
    public void Drop(string name) => Run(name, () =>
    {
        foreach (var table in RecordedLayout.TablesOf(_connection, name))
        {
            SchemaBuilder.Execute(_connection, $"DROP TABLE IF EXISTS {RecordedLayout.Quote(table)} CASCADE");
        }

        return 0;
    });

    /// <summary>Creates the collection's layout and returns what inserts its documents.</summary>
    public Writer Create(CopiedCollection collection)
    {
        var table = UntypedTables.Of(collection);
        Run(collection.Name, () =>
        {
            SchemaBuilder.Create(_connection, table);
            return 0;
        });
        return new Writer(table, _connection);
    }

    /// <summary>The documents written to <paramref name="collection"/> so far, in key order, read in the copy's transaction.</summary>
    public IEnumerable<BsonDocument> Documents(CopiedCollection collection)
    {
        using var reader = PostgresCopySource.Over(_connection);
        foreach (var document in reader.Documents(collection))
        {
            yield return document;
        }
    }

    /// <summary>Commits every collection written.</summary>
    public void Commit() => Run(null, () =>
    {
        _transaction.Commit();
        return 0;
    });

    /// <summary>Rolls back whatever was not committed and closes the connection.</summary>
    public void Dispose()
    {
        _transaction.Dispose();
        _connection.Dispose();
        _dataSource.Dispose();
    }

    private static TResult Run<TResult>(string? collection, Func<TResult> action)
    {
        try
        {
            return action();
        }
        catch (Exception e) when (PostgresErrors.Translate(e, collection, null) is { } translated)
        {
            throw translated;
        }
    }

    /// <summary>
    /// Inserts one collection's documents through the writes' own statements, a batch at a time: each batch is
    /// one round trip holding the rows (with their key columns), each multikey index's entries and, for
    /// sequence keys, the sequence moved past the largest key.
    /// </summary>
    internal sealed class Writer
    {
        // Rows per batch: a round trip per thousand documents, with each batch's arrays a few megabytes at most.
        private const int BatchRows = 1000;

        private readonly CollectionTable<BsonDocument, BsonValue> _table;
        private readonly PostgresStatements<BsonDocument, BsonValue> _statements;
        private readonly WriteCall _call;

        public Writer(CollectionTable<BsonDocument, BsonValue> table, NpgsqlConnection connection)
        {
            _table = table;
            _statements = new PostgresStatements<BsonDocument, BsonValue>(table);
            _call = new WriteCall(async: false, default) { Scope = OperationScope.Borrowing(null, connection) };
        }

        /// <summary>Inserts <paramref name="documents"/>, in batches of <see cref="BatchRows"/>.</summary>
        /// <exception cref="DocStoreException">A document cannot be stored (a duplicate unique value, a key over the limit), naming the collection and key.</exception>
        public void Write(IEnumerable<BsonDocument> documents)
        {
            var rows = new List<DocumentRow>(BatchRows);
            long last = 0;
            try
            {
                foreach (var document in documents)
                {
                    var key = _table.Model.GetKey(document);
                    _call.Key = key.ToString() ?? string.Empty;
                    rows.Add(DocumentRows.ForInsert(_table, document, key, _call.Key));
                    if (_table.UsesSequence)
                    {
                        last = Math.Max(last, _table.Model.GetSequence(key));
                    }

                    if (rows.Count == BatchRows)
                    {
                        Send(rows, last);
                        rows.Clear();
                    }
                }

                if (rows.Count > 0)
                {
                    Send(rows, last);
                }
            }
            catch (Exception e) when (PostgresErrors.Translate(e, _table.Collection, _call.Key, _table.IndexOfTable) is { } translated)
            {
                throw translated;
            }
        }

        private void Send(List<DocumentRow> rows, long last)
        {
            var batch = new WriteBatch(_call.Scope);
            _statements.AddInsert(batch, rows);
            if (_table.UsesSequence)
            {
                batch.Add(_statements.AdvanceSequence, WriteBatch.Value(last));
            }

            try
            {
                Synchronously.Run(batch.ExecuteAsync(_call));
            }
            catch (PostgresException e) when (e.SqlState == PostgresErrorCodes.UniqueViolation)
            {
                // The copy's transaction is aborted: only the batch itself can tell which document repeated a value.
                _call.Key = BatchDuplicates.InBatch(_table, rows, e) ?? $"(one of the {rows.Count} documents of the batch)";
                throw;
            }
        }
    }
}
