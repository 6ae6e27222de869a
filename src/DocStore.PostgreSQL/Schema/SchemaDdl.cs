namespace DocStore.PostgreSQL.Schema;

/// <summary>
/// The statements that create a collection's layout (docs/postgresql.md, "Layout"): one place for their text,
/// which the open runs and <c>docstore schema</c> prints, so the two never differ.
/// </summary>
internal static class SchemaDdl
{
    /// <summary>
    /// How every index declaration a key column or entry table records as its comment begins: the open finds
    /// DocStore's own columns and tables by it, and <c>docstore copy</c> reads the layout back by it.
    /// </summary>
    public const string IndexDeclarationPrefix = "docstore index ";

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
    /// index had while it was single-key goes first (with its B-tree index). No foreign key: the collection
    /// table's triggers (<see cref="EntryTriggers"/>) delete a document's entries with it, which costs inserts nothing.
    /// </summary>
    public static string[] EntryTable<T, TKey>(CollectionTable<T, TKey> table, int index)
        where TKey : notnull =>
    [
        $"ALTER TABLE {table.Table} DROP COLUMN IF EXISTS {SqlNames.Quote($"key_{table.Model.Indexes[index].Name}", "key column")}",
        $"DROP TABLE IF EXISTS {table.IndexTables[index]}",
        $"CREATE TABLE {table.IndexTables[index]} (entry bytea PRIMARY KEY, id {table.Key.SqlType} NOT NULL)",
        $"CREATE INDEX ON {table.IndexTables[index]} (id)",
        $"COMMENT ON TABLE {table.IndexTables[index]} IS {Literal(table.Declaration(index))}",
    ];

    /// <summary>
    /// The trigger functions of <see cref="EntryTriggers"/>, in the current schema: one deletes the entries of the
    /// deleted rows (or empties the entry tables on TRUNCATE) from each entry table its trigger names, one
    /// refuses a new <c>id</c> for a row whose entries refer to the old one. The tables are named by the
    /// trigger's arguments and looked up in the schema of the table that fired it, so one function serves
    /// every collection; a table since dropped is skipped.
    /// </summary>
    public static string[] EntryFunctions { get; } =
    [
        $$"""
        CREATE OR REPLACE FUNCTION {{DeleteEntries}}() RETURNS trigger LANGUAGE plpgsql AS $body$
        DECLARE entries text;
        BEGIN
          FOREACH entries IN ARRAY TG_ARGV LOOP
            IF to_regclass(format('%I.%I', TG_TABLE_SCHEMA, entries)) IS NOT NULL THEN
              IF TG_OP = 'TRUNCATE' THEN
                EXECUTE format('TRUNCATE %I.%I', TG_TABLE_SCHEMA, entries);
              ELSE
                EXECUTE format('DELETE FROM %I.%I e USING old_rows o WHERE e.id = o.id', TG_TABLE_SCHEMA, entries);
              END IF;
            END IF;
          END LOOP;
          RETURN NULL;
        END $body$
        """,
        $$"""
        CREATE OR REPLACE FUNCTION {{KeepId}}() RETURNS trigger LANGUAGE plpgsql AS $body$
        BEGIN
          RAISE EXCEPTION USING ERRCODE = 'foreign_key_violation',
            MESSAGE = format('The id of a row of %I.%I cannot change: DocStore index entries refer to it (delete the row and insert it again)', TG_TABLE_SCHEMA, TG_TABLE_NAME);
        END $body$
        """,
    ];

    /// <summary>The name of the function deleting entries with their rows.</summary>
    public const string DeleteEntries = "docstore_delete_entries";

    /// <summary>The name of the function refusing a changed <c>id</c>.</summary>
    public const string KeepId = "docstore_keep_id";

    /// <summary>
    /// The collection table's triggers that keep its entry tables (<paramref name="entryTables"/>, unquoted
    /// names) in step with SQL users' writes, as a cascading foreign key would: a statement-level trigger per
    /// DELETE (over the deleted rows at once) and per TRUNCATE, and a row trigger refusing a changed <c>id</c>.
    /// With no entry tables, the triggers are dropped.
    /// </summary>
    public static string[] EntryTriggers<T, TKey>(CollectionTable<T, TKey> table, IReadOnlyList<string> entryTables)
        where TKey : notnull
    {
        var drop = new[]
        {
            $"DROP TRIGGER IF EXISTS {DeleteEntries} ON {table.Table}",
            $"DROP TRIGGER IF EXISTS docstore_truncate_entries ON {table.Table}",
            $"DROP TRIGGER IF EXISTS {KeepId} ON {table.Table}",
        };
        if (entryTables.Count == 0)
        {
            return drop;
        }

        var arguments = string.Join(", ", entryTables.Select(Literal));
        return
        [
            .. drop,
            $"CREATE TRIGGER {DeleteEntries} AFTER DELETE ON {table.Table} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION {DeleteEntries}({arguments})",
            $"CREATE TRIGGER docstore_truncate_entries AFTER TRUNCATE ON {table.Table} FOR EACH STATEMENT EXECUTE FUNCTION {DeleteEntries}({arguments})",
            $"CREATE TRIGGER {KeepId} BEFORE UPDATE OF id ON {table.Table} FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION {KeepId}()",
        ];
    }

    /// <summary>The unquoted entry tables of the collection's multikey indexes, in <see cref="IndexOrder"/>.</summary>
    public static string[] EntryTableNames<T, TKey>(CollectionTable<T, TKey> table)
        where TKey : notnull =>
        [.. IndexOrder(table).Where(i => !table.IsColumn(i)).Select(i => table.IndexTableNames[i])];

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

        var entryTables = EntryTableNames(table);
        if (entryTables.Length > 0)
        {
            foreach (var statement in EntryFunctions.Concat(EntryTriggers(table, entryTables)))
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
