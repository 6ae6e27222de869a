namespace DocStore.PostgreSQL.Schema;

/// <summary>
/// The statements that create a collection's layout (docs/postgresql.md, "Layout"): one place for their text,
/// which the open runs and <c>docstore schema</c> prints, so the two never differ.
/// </summary>
internal static class SchemaDdl
{
    /// <summary>The collection's table.</summary>
    public static string Table<T, TKey>(CollectionTable<T, TKey> table)
        where TKey : notnull =>
        $"CREATE TABLE IF NOT EXISTS {table.Table} (id {table.Key.SqlType} PRIMARY KEY, sort_key bytea NOT NULL UNIQUE, doc jsonb NOT NULL)";

    /// <summary>The key sequence's one-row table and its row, for sequence keys.</summary>
    public static string[] Sequence<T, TKey>(CollectionTable<T, TKey> table)
        where TKey : notnull =>
    [
        $"CREATE TABLE IF NOT EXISTS {table.Sequence} (last bigint NOT NULL)",
        $"INSERT INTO {table.Sequence} (last) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM {table.Sequence})",
    ];

    /// <summary>A single-key index's key column, (re)added empty; the stored documents fill it before <see cref="KeyColumnIndex"/> runs.</summary>
    public static string[] KeyColumn<T, TKey>(CollectionTable<T, TKey> table, int index)
        where TKey : notnull =>
    [
        $"ALTER TABLE {table.Table} DROP COLUMN IF EXISTS {table.KeyColumns[index]}",
        $"ALTER TABLE {table.Table} ADD COLUMN {table.KeyColumns[index]} bytea",
    ];

    /// <summary>
    /// The B-tree index on a filled key column (UNIQUE for a unique index: it refuses duplicates as it is built)
    /// and the column's comment, the index's recorded declaration.
    /// </summary>
    public static string[] KeyColumnIndex<T, TKey>(CollectionTable<T, TKey> table, int index)
        where TKey : notnull =>
    [
        $"CREATE {(table.Model.Indexes[index].Unique ? "UNIQUE " : string.Empty)}INDEX {table.IndexTables[index]} ON {table.Table} ({table.KeyColumns[index]})",
        $"COMMENT ON COLUMN {table.Table}.{table.KeyColumns[index]} IS {Literal(table.Declaration(index))}",
    ];

    /// <summary>
    /// A multikey index's entry table, (re)created with its declaration as the table's comment; a key column the
    /// index had while it was single-key goes first (with its B-tree index).
    /// </summary>
    public static string[] EntryTable<T, TKey>(CollectionTable<T, TKey> table, int index)
        where TKey : notnull =>
    [
        $"ALTER TABLE {table.Table} DROP COLUMN IF EXISTS {SqlNames.Quote($"key_{table.Model.Indexes[index].Name}", "key column")}",
        $"DROP TABLE IF EXISTS {table.IndexTables[index]}",
        $"CREATE TABLE {table.IndexTables[index]} (entry bytea PRIMARY KEY, id {table.Key.SqlType} NOT NULL REFERENCES {table.Table} (id) ON DELETE CASCADE)",
        $"CREATE INDEX ON {table.IndexTables[index]} (id)",
        $"COMMENT ON TABLE {table.IndexTables[index]} IS {Literal(table.Declaration(index))}",
    ];

    /// <summary>An entry table of a single-key index (the layout before such indexes became columns): its name is the B-tree index's.</summary>
    public static string OldEntryTable<T, TKey>(CollectionTable<T, TKey> table, int index)
        where TKey : notnull =>
        $"DROP TABLE {table.IndexTables[index]}";

    /// <summary>
    /// A typed column, (re)added as a stored column the server generates from <c>doc</c> (so it is filled for the
    /// stored rows now and by every write after), with its declaration as its comment.
    /// </summary>
    public static string[] SqlColumn<T, TKey>(CollectionTable<T, TKey> table, SqlColumn column)
        where TKey : notnull =>
    [
        $"ALTER TABLE {table.Table} DROP COLUMN IF EXISTS {column.Quoted}",
        $"ALTER TABLE {table.Table} ADD COLUMN {column.Quoted} {column.SqlType} GENERATED ALWAYS AS ({column.Expression}) STORED",
        $"COMMENT ON COLUMN {table.Table}.{column.Quoted} IS {Literal(column.Declaration)}",
    ];

    /// <summary>The B-tree index over an index's typed columns, nulls first as the embedded engine orders them (never UNIQUE: the key column enforces uniqueness).</summary>
    public static string[] SqlIndex<T, TKey>(CollectionTable<T, TKey> table, SqlIndex index)
        where TKey : notnull =>
    [
        $"DROP INDEX IF EXISTS {index.Quoted}",
        $"CREATE INDEX {index.Quoted} ON {table.Table} ({string.Join(", ", index.Columns.Select(c => c.Quoted + " NULLS FIRST"))})",
        $"COMMENT ON INDEX {index.Quoted} IS {Literal(index.Declaration)}",
    ];

    /// <summary>Every statement an open runs on a schema without the collection, in order (an empty table needs no filling).</summary>
    public static IEnumerable<string> Script<T, TKey>(CollectionTable<T, TKey> table)
        where TKey : notnull
    {
        yield return Table(table);
        if (table.UsesSequence)
        {
            foreach (var statement in Sequence(table))
            {
                yield return statement;
            }
        }

        foreach (var i in IndexOrder(table))
        {
            var statements = table.IsColumn(i) ? [.. KeyColumn(table, i), .. KeyColumnIndex(table, i)] : EntryTable(table, i);
            foreach (var statement in statements)
            {
                yield return statement;
            }
        }

        foreach (var statement in table.Sql.Columns.SelectMany(c => SqlColumn(table, c)).Concat(table.Sql.Indexes.OfType<SqlIndex>().SelectMany(i => SqlIndex(table, i))))
        {
            yield return statement;
        }
    }

    /// <summary>
    /// The positions of the collection's indexes by name (ordinal), the order their columns and tables are made
    /// in: the model's and the catalog's order of one collection's indexes may differ, its layout may not.
    /// </summary>
    public static IEnumerable<int> IndexOrder<T, TKey>(CollectionTable<T, TKey> table)
        where TKey : notnull =>
        Enumerable.Range(0, table.IndexTables.Length).OrderBy(i => table.Model.Indexes[i].Name, StringComparer.Ordinal);

    private static string Literal(string text) => "'" + text.Replace("'", "''", StringComparison.Ordinal) + "'";
}
