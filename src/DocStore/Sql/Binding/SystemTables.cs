using DocStore.Bson;
using DocStore.Bson.Interop;
using DocStore.Bson.Model;
using DocStore.Sql.Binding.Names;

namespace DocStore.Sql.Binding;

/// <summary>
/// The system tables, what <c>sqlite_schema</c> is to SQLite: <c>docstore_collections</c> (name,
/// key_field, key_type, index_count, field_count, and a table's declared columns and their type names),
/// <c>docstore_indexes</c> (collection, name, unique, multikey,
/// paths, path) and <c>docstore_fields</c> (collection, id, name, type). The types are those a typed model
/// recorded in the catalog (NULL when none has). Their rows are documents built from
/// the catalog when a statement reads them, so every SQL feature works on them.
/// </summary>
internal static class SystemTables
{
    public const string CollectionsTable = SystemTableSchema.CollectionsTable;
    public const string IndexesTable = SystemTableSchema.IndexesTable;
    public const string FieldsTable = SystemTableSchema.FieldsTable;

    public static readonly string[] Names = SystemTableSchema.Tables;

    /// <summary>The one dictionary naming every system table's fields.</summary>
    public static readonly FieldDictionary Fields = new(SystemTableSchema.Fields.Select((n, i) => new FieldDictionaryEntry((ushort)(i + 1), n)));

    /// <summary>The rows of <paramref name="table"/>, as C-BSON documents over <see cref="Fields"/>.</summary>
    public static List<byte[]> Rows(string table, SqlCatalog catalog, Func<SqlCollection, IFieldDictionary> fieldsOf)
    {
        var rows = new List<byte[]>();
        foreach (var collection in catalog.Collections)
        {
            switch (table)
            {
                case CollectionsTable:
                    rows.Add(Encode(new BsonDocument
                    {
                        { "name", collection.Name },
                        { "key_field", collection.KeyField },
                        { "key_type", collection.Types?.FirstOrDefault(t => t.Path == collection.KeyField)?.Type },
                        { "index_count", collection.Indexes.Count },
                        { "field_count", fieldsOf(collection).Count },
                        { "columns", new BsonArray(collection.Columns.Select(c => (BsonValue)c.Name)) },
                        { "column_types", new BsonArray(collection.Columns.Select(c => (BsonValue)c.DeclaredType)) },
                    }));
                    break;
                case IndexesTable:
                    foreach (var index in collection.Indexes)
                    {
                        rows.Add(Encode(new BsonDocument
                        {
                            { "collection", collection.Name },
                            { "name", index.Name },
                            { "unique", index.Unique || index.UniqueNonNull },
                            { "multikey", index.Multikey },
                            { "paths", new BsonArray(index.Paths.Select(p => (BsonValue)CollatedPaths.Stored(p))) },
                            { "path", string.Join(", ", index.Paths.Select(CollatedPaths.Stored)) },
                        }));
                    }

                    break;
                default:
                    foreach (var field in fieldsOf(collection).OrderBy(f => f.Id))
                    {
                        rows.Add(Encode(new BsonDocument { { "collection", collection.Name }, { "id", (int)field.Id }, { "name", field.Name }, { "type", TypeOf(collection, field.Name) } }));
                    }

                    break;
            }
        }

        return rows;
    }

    /// <summary>
    /// The declared type of a field name: the type of the top-level member so named; for a name used only
    /// inside documents, each declared path ending in it with its type (<c>Address.City string?</c>); else NULL.
    /// </summary>
    private static string? TypeOf(SqlCollection collection, string name)
    {
        if (collection.Types is not { } types)
        {
            return null;
        }

        if (types.FirstOrDefault(t => t.Path == name) is { } top)
        {
            return top.Type;
        }

        var nested = types.Where(t => t.Path.EndsWith("." + name, StringComparison.Ordinal)).Select(t => $"{t.Path} {t.Type}").ToList();
        return nested.Count > 0 ? string.Join(", ", nested) : null;
    }

    private static byte[] Encode(BsonDocument document) => CBsonDocumentConverter.FromDocument(document, Fields);
}
