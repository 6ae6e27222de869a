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

    /// <summary>An index's entry table, (re)created with its declaration as the table's comment.</summary>
    public static string[] IndexTable<T, TKey>(CollectionTable<T, TKey> table, int index)
        where TKey : notnull =>
    [
        $"DROP TABLE IF EXISTS {table.IndexTables[index]}",
        $"CREATE TABLE {table.IndexTables[index]} (entry bytea PRIMARY KEY, id {table.Key.SqlType} NOT NULL REFERENCES {table.Table} (id) ON DELETE CASCADE)",
        $"CREATE INDEX ON {table.IndexTables[index]} (id)",
        $"COMMENT ON TABLE {table.IndexTables[index]} IS '{table.Declaration(index).Replace("'", "''", StringComparison.Ordinal)}'",
    ];

    /// <summary>Every statement an open runs on a database without the collection, in order.</summary>
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

        for (var i = 0; i < table.IndexTables.Length; i++)
        {
            foreach (var statement in IndexTable(table, i))
            {
                yield return statement;
            }
        }
    }
}
