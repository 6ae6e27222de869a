using DocStore.BTree;
using DocStore.Indexing;
using DocStore.Metadata;
using DocStore.PostgreSQL.Documents;
using DocStore.Storage.Pages;

namespace DocStore.PostgreSQL.Schema;

/// <summary>
/// Where a collection lives in PostgreSQL: its table (<c>id</c> typed primary key, <c>sort_key</c> the
/// encoded key that orders scans as the embedded engine does, <c>doc</c> jsonb, and one <c>key_…</c> column
/// per single-key index holding the embedded engine's index tree key, with a B-tree index on it), one entry
/// table per multikey index (<c>entry</c> the tree key, <c>id</c> the document), for sequence keys a one-row
/// table holding the last key stored or handed out, and the typed columns SQL users query (<see cref="Sql"/>).
/// </summary>
internal sealed class CollectionTable<T, TKey>
    where TKey : notnull
{
    /// <param name="model">The collection's model.</param>
    /// <param name="key">The key column; by default the one of <typeparamref name="TKey"/> (an untyped copy passes the declared key type's).</param>
    /// <param name="fieldTypes">The members' types, for the typed columns; by default the model's (an untyped copy passes the catalog's).</param>
    public CollectionTable(ICollectionModel<T, TKey> model, KeyColumn<TKey>? key = null, IReadOnlyList<StoredFieldType>? fieldTypes = null)
    {
        Model = model;
        Collection = model.CollectionName;
        Table = SqlNames.Quote(Collection, $"table of collection '{Collection}'");
        TableName = Collection;
        IndexTableNames = [.. model.Indexes.Select(i => $"{Collection}__{i.Name}")];
        IndexTables = [.. model.Indexes.Select((i, n) => SqlNames.Quote(IndexTableNames[n], $"index '{i.Name}' of collection '{Collection}'"))];
        KeyColumns = [.. model.Indexes.Select(i => i.Multikey ? null : SqlNames.Quote($"key_{i.Name}", $"key column of index '{i.Name}' of collection '{Collection}'"))];
        Sequence = SqlNames.Quote($"{Collection}__seq", $"key sequence of collection '{Collection}'");
        Key = key ?? KeyColumn<TKey>.Create();
        Sql = SqlColumns.Of(Collection, model.Indexes, fieldTypes ?? model.FieldTypes);

        // The embedded engine's limits with its default page size, so a key refused there is refused here.
        MaxKeyLength = TreeLimits.MaxKeyLength(PageLayout.DefaultPageSize);
        Entries = new IndexEntries(Collection, model.Indexes, MaxKeyLength);
        Documents = new JsonDocuments<T, TKey>(model);
    }

    /// <summary>The documents' JSON form (one field dictionary per collection).</summary>
    public JsonDocuments<T, TKey> Documents { get; }

    public ICollectionModel<T, TKey> Model { get; }

    public string Collection { get; }

    /// <summary>The quoted table name.</summary>
    public string Table { get; }

    public string TableName { get; }

    /// <summary>The quoted entry table of each multikey index, by index position; for a single-key index the name of its B-tree index on <see cref="KeyColumns"/>.</summary>
    public string[] IndexTables { get; }

    /// <summary>The unquoted names of <see cref="IndexTables"/>: what a unique violation's constraint is called.</summary>
    public string[] IndexTableNames { get; }

    /// <summary>The quoted key column of each single-key index in the collection's table, by index position; null for a multikey index (an entry table).</summary>
    public string?[] KeyColumns { get; }

    public string Sequence { get; }

    public KeyColumn<TKey> Key { get; }

    /// <summary>The typed columns and their indexes, for PostgreSQL users (DocStore's own queries read the key columns).</summary>
    public SqlColumns Sql { get; }

    public int MaxKeyLength { get; }

    public IndexEntries Entries { get; }

    public bool UsesSequence => Model.KeyGeneration == KeyGeneration.Sequence;

    /// <summary>True when index <paramref name="index"/> is a key column of the collection's table (every index but a multikey one).</summary>
    public bool IsColumn(int index) => KeyColumns[index] is not null;

    /// <summary>The index (by name) whose entry table or B-tree index is <paramref name="relation"/>, or null.</summary>
    public string? IndexOfTable(string? relation)
    {
        var position = Array.IndexOf(IndexTableNames, relation);
        return position < 0 ? null : Model.Indexes[position].Name;
    }

    /// <summary>What an index is, as its entry table records it: rebuilt when this changes.</summary>
    public string Declaration(int index)
    {
        var definition = Model.Indexes[index];
        return $"{SchemaDdl.IndexDeclarationPrefix}{(definition.Unique ? "unique " : string.Empty)}{(definition.Multikey ? "multikey " : string.Empty)}on {string.Join(", ", definition.Paths)}";
    }
}
