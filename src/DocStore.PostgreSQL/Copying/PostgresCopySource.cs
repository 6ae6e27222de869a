using System.Data;
using DocStore.Bson;
using DocStore.Bson.Model;
using DocStore.Collections.Untyped;
using DocStore.Indexing;
using DocStore.Metadata;
using DocStore.PostgreSQL.Errors;
using Npgsql;

namespace DocStore.PostgreSQL.Copying;

/// <summary>
/// The PostgreSQL side a copy reads: the collections a schema holds and their documents in key order, all
/// in one REPEATABLE READ, READ ONLY transaction (one snapshot). PostgreSQL records no key field or key
/// generation, so they are read off the documents (docs/postgresql.md, "Moving data").
/// </summary>
internal sealed class PostgresCopySource : IDisposable
{
    // Enough rows to tell the key field from another field that happens to hold the same value in a few documents.
    private const int KeySample = 100;

    private readonly NpgsqlDataSource? _dataSource;
    private readonly NpgsqlConnection _connection;
    private readonly NpgsqlTransaction? _transaction;

    private PostgresCopySource(NpgsqlDataSource? dataSource, NpgsqlConnection connection, NpgsqlTransaction? transaction)
    {
        _dataSource = dataSource;
        _connection = connection;
        _transaction = transaction;
    }

    /// <summary>Connects and begins the read snapshot.</summary>
    public static PostgresCopySource Open(string connectionString)
    {
        var dataSource = NpgsqlDataSource.Create(connectionString);
        NpgsqlConnection? connection = null;
        try
        {
            connection = dataSource.OpenConnection();
            var transaction = connection.BeginTransaction(IsolationLevel.RepeatableRead);
            using (var readOnly = new NpgsqlCommand("SET TRANSACTION READ ONLY", connection))
            {
                readOnly.ExecuteNonQuery();
            }

            return new PostgresCopySource(dataSource, connection, transaction);
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

    /// <summary>Reads in the transaction <paramref name="connection"/> has open (a copy reading back what it wrote); disposing leaves the connection open.</summary>
    public static PostgresCopySource Over(NpgsqlConnection connection) => new(null, connection, null);

    /// <summary>Every collection of the connection's current schema, by name (ordinal).</summary>
    /// <exception cref="InvalidDataException">An index declaration cannot be read, or a collection's documents hold no field that is their key.</exception>
    public IReadOnlyList<CopiedCollection> Collections()
    {
        var tables = Run(null, () => RecordedLayout.Collections(_connection));
        var keyColumns = Run(null, () => RecordedLayout.KeyColumns(_connection));
        var entryTables = Run(null, () => RecordedLayout.IndexTables(_connection));
        var collections = new List<CopiedCollection>();
        foreach (var (name, keySqlType) in tables)
        {
            var indexes = new List<IndexDefinition>();
            foreach (var (table, index, declaration) in keyColumns)
            {
                if (table == name)
                {
                    indexes.Add(RecordedLayout.ParseDeclaration(index, $"key column 'key_{index}' of table '{table}'", declaration));
                }
            }

            foreach (var (table, declaration) in entryTables)
            {
                // The longest collection name the entry table starts with owns it ("A" and "A__B" may both be collections).
                if (table.StartsWith(name + "__", StringComparison.Ordinal) && !tables.Any(t => t.Name.Length > name.Length && table.StartsWith(t.Name + "__", StringComparison.Ordinal)))
                {
                    indexes.Add(RecordedLayout.ParseDeclaration(table[(name.Length + 2)..], $"entry table '{table}'", declaration));
                }
            }

            indexes.Sort((a, b) => string.CompareOrdinal(a.Name, b.Name));
            var sequence = Run(name, () => RecordedLayout.TablesOf(_connection, name)).Contains(name + "__seq");
            collections.Add(Infer(name, keySqlType, sequence, indexes));
        }

        return collections;
    }

    /// <summary>The collection's documents in key order (the engine's, byte for byte).</summary>
    public IEnumerable<BsonDocument> Documents(CopiedCollection collection)
    {
        var table = UntypedTables.Of(collection);
        using var command = new NpgsqlCommand($"SELECT doc::text FROM {table.Table} ORDER BY sort_key", _connection);
        using var reader = Run(collection.Name, command.ExecuteReader);
        while (Run(collection.Name, reader.Read))
        {
            yield return table.Documents.Read(reader.GetString(0));
        }
    }

    public void Dispose()
    {
        if (_dataSource is not null)
        {
            _transaction?.Dispose();
            _connection.Dispose();
            _dataSource.Dispose();
        }
    }

    // The key field is the top-level field whose encoded value is the row's sort_key in every sampled row.
    private CopiedCollection Infer(string name, string keySqlType, bool sequence, List<IndexDefinition> indexes)
    {
        var probe = UntypedTables.Of(new CopiedCollection(name, "_id", KeyGeneration.None, null, []));
        var rows = new List<(byte[] SortKey, BsonDocument Document)>();
        using (var command = new NpgsqlCommand($"SELECT sort_key, doc::text FROM {probe.Table} ORDER BY sort_key LIMIT {KeySample}", _connection))
        using (var reader = Run(name, command.ExecuteReader))
        {
            while (Run(name, reader.Read))
            {
                rows.Add(((byte[])reader[0], probe.Documents.Read(reader.GetString(1))));
            }
        }

        if (rows.Count == 0)
        {
            // Nothing to read the key off: the conventions of an untyped collection, and the generation the table shows.
            var empty = sequence ? KeyGeneration.Sequence : keySqlType == "uuid" ? KeyGeneration.Guid : KeyGeneration.None;
            return new CopiedCollection(name, "_id", empty, null, indexes);
        }

        var candidates = rows[0].Document.Select(e => e.Name).Where(field => rows.All(r => r.Document.TryGetValue(field, out var value) && Encodes(value, r.SortKey))).ToList();
        if (candidates.Count == 0)
        {
            throw new InvalidDataException($"No field of the documents of collection '{name}' holds their key (the sort_key column), so the key field cannot be told; is the table from DocStore?");
        }

        var keyField = candidates.Contains("_id") ? "_id" : candidates[0];
        var key = rows[0].Document[keyField];
        var generation = sequence ? KeyGeneration.Sequence
            : key is BsonObjectId ? KeyGeneration.ObjectId
            : key is BsonBinaryData { Subtype: BsonBinarySubtype.Uuid } ? KeyGeneration.Guid
            : KeyGeneration.None;
        return new CopiedCollection(name, keyField, generation, keySqlType == "bytea" ? null : CopiedCollection.KeyTypeOf(key), indexes);
    }

    private static bool Encodes(BsonValue value, byte[] sortKey)
    {
        var builder = new IndexKeyBuilder();
        return BsonKeyValues.TryAppend(builder, value) && builder.ToArray().AsSpan().SequenceEqual(sortKey);
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
}
