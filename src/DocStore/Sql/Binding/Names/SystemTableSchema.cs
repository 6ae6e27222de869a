namespace DocStore.Sql.Binding.Names;

/// <summary>
/// The system tables' names and the fields their rows carry: the one list that the binder resolves names
/// against and that the SQL analyzer (which compiles this file in) checks constant SQL against.
/// </summary>
internal static class SystemTableSchema
{
    public const string CollectionsTable = "docstore_collections";
    public const string IndexesTable = "docstore_indexes";
    public const string FieldsTable = "docstore_fields";

    public static readonly string[] Tables = [CollectionsTable, IndexesTable, FieldsTable];

    /// <summary>Every system table's field names, in field-id order (one dictionary serves all three tables).</summary>
    public static readonly string[] Fields =
        ["name", "key_field", "index_count", "field_count", "collection", "unique", "multikey", "paths", "path", "id", "key_type", "type", "columns", "column_types"];
}
