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
/// (<see cref="SchemaBuilder.Create"/>), rows and entries from the writes' own (<see cref="PostgresStatements{T, TKey}"/>).
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

    /// <summary>Inserts one collection's documents, each row with its entries and, for sequence keys, the sequence moved past its key.</summary>
    internal sealed class Writer
    {
        private readonly CollectionTable<BsonDocument, BsonValue> _table;
        private readonly PostgresStatements<BsonDocument, BsonValue> _statements;
        private readonly WriteCall _call;

        public Writer(CollectionTable<BsonDocument, BsonValue> table, NpgsqlConnection connection)
        {
            _table = table;
            _statements = new PostgresStatements<BsonDocument, BsonValue>(table);
            _call = new WriteCall(async: false, default) { Scope = OperationScope.Borrowing(null, connection) };
        }

        /// <exception cref="DocStoreException">The document cannot be stored (a duplicate unique value, a key over the limit), naming the collection and key.</exception>
        public void Insert(BsonDocument document)
        {
            var key = _table.Model.GetKey(document);
            _call.Key = key.ToString();
            try
            {
                Synchronously.Run(_statements.InsertAsync(_call, DocumentRows.Of(_table, document, key)));
                if (_table.UsesSequence)
                {
                    Synchronously.Run(_statements.AdvanceSequenceAsync(_call, _table.Model.GetSequence(key)));
                }
            }
            catch (Exception e) when (PostgresErrors.Translate(e, _table.Collection, _call.Key, _table.IndexOfTable) is { } translated)
            {
                throw translated;
            }
        }
    }
}
