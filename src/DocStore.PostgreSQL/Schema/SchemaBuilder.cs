using System.Text;
using Npgsql;

namespace DocStore.PostgreSQL.Schema;

/// <summary>
/// Creates a collection's table, key sequence, index key columns and entry tables when missing, in one
/// transaction under an advisory lock (two processes opening the same collection at once would otherwise race
/// on CREATE), with the statements of <see cref="SchemaDdl"/>. An index whose recorded declaration (the key
/// column's or entry table's comment) differs from the model's, or is missing, is rebuilt from the stored documents.
/// </summary>
internal static class SchemaBuilder
{
    public static void Ensure<T, TKey>(NpgsqlDataSource dataSource, CollectionTable<T, TKey> table)
        where TKey : notnull
    {
        using var connection = dataSource.OpenConnection();
        if (Scalar(connection, "SELECT pg_is_in_recovery()") is true)
        {
            throw new DatabaseReadOnlyException($"The PostgreSQL server of collection '{table.Collection}' is a read-only standby: open the context on the primary (with several hosts, Target Session Attributes=primary).");
        }

        using var transaction = connection.BeginTransaction();
        Create(connection, table);
        transaction.Commit();
    }

    /// <summary>Creates what is missing of the collection's layout in the connection's open transaction (the open's, or a copy's).</summary>
    public static void Create<T, TKey>(NpgsqlConnection connection, CollectionTable<T, TKey> table)
        where TKey : notnull
    {
        Execute(connection, "SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.' || @name))", ("name", table.TableName));
        Execute(connection, SchemaDdl.Table(table));
        if (table.UsesSequence)
        {
            // A one-row table rather than a SEQUENCE: it rolls back with a failed insert, so keys have no gaps the embedded engine would not have.
            ExecuteAll(connection, SchemaDdl.Sequence(table));
        }

        var triggered = TriggeredEntryTables(connection, table);
        var foreignKeys = ForeignKeysTo(connection, table);
        DropUndeclared(connection, table, triggered, foreignKeys);
        var toTrigger = new List<string>();
        foreach (var i in SchemaDdl.IndexOrder(table))
        {
            if (table.IsColumn(i))
            {
                EnsureColumn(connection, table, i);
            }
            else if (!EnsureEntryTable(connection, table, i, triggered, foreignKeys))
            {
                toTrigger.Add(table.IndexTableNames[i]);
            }
        }

        EnsureEntryTriggers(connection, table, triggered, toTrigger);
        EnsureSqlColumns(connection, table);
    }

    /// <summary>
    /// The typed columns and their indexes, each recorded by its comment: a missing or differently declared one is
    /// (re)made, and the server fills a new column from the stored documents (a database laid out before typed
    /// columns gains them at its first open).
    /// </summary>
    private static void EnsureSqlColumns<T, TKey>(NpgsqlConnection connection, CollectionTable<T, TKey> table)
        where TKey : notnull
    {
        foreach (var column in table.Sql.Columns)
        {
            var recorded = Scalar(connection, "SELECT col_description(attrelid, attnum) FROM pg_attribute WHERE attrelid = to_regclass(@table) AND attname = @column AND NOT attisdropped", ("table", table.Table), ("column", column.Name));
            if (recorded as string != column.Declaration)
            {
                ExecuteAll(connection, SchemaDdl.SqlColumn(table, column));
            }
        }

        foreach (var index in table.Sql.Indexes.OfType<SqlIndex>())
        {
            if (Scalar(connection, "SELECT obj_description(to_regclass(@name), 'pg_class')", ("name", index.Quoted)) as string != index.Declaration)
            {
                ExecuteAll(connection, SchemaDdl.SqlIndex(table, index));
            }
        }
    }

    /// <summary>
    /// A single-key index is a column of the collection's table with a B-tree index on it, recorded by the
    /// column's comment. A missing or differently declared one is (re)built: an entry table of the same
    /// index (how every index was laid out before single-key indexes became columns) is dropped first.
    /// </summary>
    private static void EnsureColumn<T, TKey>(NpgsqlConnection connection, CollectionTable<T, TKey> table, int index)
        where TKey : notnull
    {
        var recorded = Scalar(connection, "SELECT col_description(attrelid, attnum) FROM pg_attribute WHERE attrelid = to_regclass(@table) AND attname = @column AND NOT attisdropped", ("table", table.Table), ("column", $"key_{table.Model.Indexes[index].Name}"));
        if (recorded is string text && text == table.Declaration(index))
        {
            return;
        }

        // The older entry table shares its name with the B-tree index; dropping the column drops that index.
        if (Scalar(connection, "SELECT relkind::text FROM pg_class WHERE oid = to_regclass(@name)", ("name", table.IndexTables[index])) is "r")
        {
            Execute(connection, SchemaDdl.OldEntryTable(table, index));
        }

        ExecuteAll(connection, SchemaDdl.KeyColumn(table, index));
        IndexBuild.Fill(connection, table, index);
        ExecuteAll(connection, SchemaDdl.KeyColumnIndex(table, index));
    }

    /// <summary>
    /// A multikey index is an entry table (one row per distinct element), recorded by the table's comment;
    /// rebuilt when missing or declared differently, or when nothing deleted its entries with their documents
    /// (neither the collection table's delete trigger nor a foreign key covered it: the index was left out of
    /// the model for a while). The older layout's cascading foreign key is dropped, the triggers taking its
    /// place; a foreign key the user added under another name is kept, and then the triggers leave the table
    /// to it (returns true).
    /// </summary>
    private static bool EnsureEntryTable<T, TKey>(NpgsqlConnection connection, CollectionTable<T, TKey> table, int index, IReadOnlyList<string> triggered, List<ForeignKey> foreignKeysTo)
        where TKey : notnull
    {
        var recorded = Scalar(connection, "SELECT obj_description(to_regclass(@name), 'pg_class')", ("name", table.IndexTables[index]));
        if (recorded is string text && text == table.Declaration(index))
        {
            // The older layout's key has PostgreSQL's default name; one named otherwise is the user's (docs/scale-out.md) and stays.
            var foreignKeys = foreignKeysTo.Where(k => k.Table == table.IndexTableNames[index]).Select(k => k.Name).ToList();
            var older = foreignKeys.Where(k => k.EndsWith("_id_fkey", StringComparison.Ordinal)).ToList();
            foreach (var foreignKey in older)
            {
                Execute(connection, $"ALTER TABLE {table.IndexTables[index]} DROP CONSTRAINT {SqlNames.Quote(foreignKey, "foreign key")}");
            }

            if (foreignKeys.Count > 0 || triggered.Contains(table.IndexTableNames[index]))
            {
                return foreignKeys.Count > older.Count;
            }
        }

        // The index may have been a single-key one before: its column and B-tree index go first.
        ExecuteAll(connection, SchemaDdl.EntryTable(table, index));
        IndexBuild.Fill(connection, table, index);
        return false;
    }

    /// <summary>
    /// Drops the indexes the model no longer declares, as the embedded engine does at open: key columns (with
    /// their B-tree indexes) and typed-column indexes recorded on the collection's table, and the entry tables
    /// its delete trigger names or whose older foreign key points at it. Left in place, nothing would keep them
    /// in step, and a model declaring the index again would find it recorded and stale.
    /// </summary>
    private static void DropUndeclared<T, TKey>(NpgsqlConnection connection, CollectionTable<T, TKey> table, string[] triggered, List<ForeignKey> foreignKeys)
        where TKey : notnull
    {
        var declaredColumns = new HashSet<string>(table.Model.Indexes.Where(i => !i.Multikey).Select(i => $"key_{i.Name}"), StringComparer.Ordinal);
        foreach (var column in Strings(connection, "SELECT attname::text FROM pg_attribute WHERE attrelid = to_regclass(@table) AND attnum > 0 AND NOT attisdropped AND col_description(attrelid, attnum) LIKE '" + SchemaDdl.IndexDeclarationPrefix + "%'", ("table", table.Table)))
        {
            if (!declaredColumns.Contains(column))
            {
                Execute(connection, $"ALTER TABLE {table.Table} DROP COLUMN {SqlNames.Quote(column, "key column")}");
            }
        }

        var declaredSqlIndexes = new HashSet<string>(table.Sql.Indexes.OfType<SqlIndex>().Select(i => i.Quoted), StringComparer.Ordinal);
        foreach (var index in Strings(connection, "SELECT c.relname::text FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = to_regclass(@table) AND obj_description(c.oid, 'pg_class') LIKE 'docstore sql index %'", ("table", table.Table)))
        {
            if (!declaredSqlIndexes.Contains(SqlNames.Quote(index, "index")))
            {
                Execute(connection, $"DROP INDEX {SqlNames.Quote(index, "index")}");
            }
        }

        var declaredEntryTables = new HashSet<string>(SchemaDdl.EntryTableNames(table), StringComparer.Ordinal);
        var owned = foreignKeys.Where(k => k.FromEntryTable).Select(k => k.Table);
        foreach (var entries in triggered.Concat(owned).Distinct(StringComparer.Ordinal))
        {
            if (!declaredEntryTables.Contains(entries))
            {
                Execute(connection, $"DROP TABLE IF EXISTS {SqlNames.Quote(entries, "entry table")}");
            }
        }
    }

    /// <summary>
    /// The foreign keys pointing at the collection's table, read once per open: the table holding each, its
    /// name, and whether that table is recorded as an entry table (its comment is an index declaration).
    /// </summary>
    private static List<ForeignKey> ForeignKeysTo<T, TKey>(NpgsqlConnection connection, CollectionTable<T, TKey> table)
        where TKey : notnull
    {
        const string sql = "SELECT c.relname::text, k.conname::text, coalesce(obj_description(c.oid, 'pg_class') LIKE '" + SchemaDdl.IndexDeclarationPrefix + "%', false) " +
            "FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid WHERE k.confrelid = to_regclass(@table) AND k.contype = 'f'";
        using var command = Command(connection, sql, [("table", table.Table)]);
        using var reader = command.ExecuteReader();
        var keys = new List<ForeignKey>();
        while (reader.Read())
        {
            keys.Add(new ForeignKey(reader.GetString(0), reader.GetString(1), reader.GetBoolean(2)));
        }

        return keys;
    }

    /// <summary>The entry tables the collection table's delete trigger names now (none without the trigger).</summary>
    private static string[] TriggeredEntryTables<T, TKey>(NpgsqlConnection connection, CollectionTable<T, TKey> table)
        where TKey : notnull
    {
        var arguments = Scalar(connection, "SELECT tgargs FROM pg_trigger WHERE tgrelid = to_regclass(@table) AND tgname = @name", ("table", table.Table), ("name", SchemaDdl.DeleteEntries));
        return arguments is byte[] bytes
            ? Encoding.UTF8.GetString(bytes).Split('\0', StringSplitOptions.RemoveEmptyEntries)
            : [];
    }

    /// <summary>
    /// The triggers deleting entries with their documents, (re)made when the entry tables they name are not
    /// <paramref name="entryTables"/> (the model's, less those a user's foreign key keeps); the shared trigger
    /// functions are made under their own advisory lock, as two collections of one schema may be opened at once.
    /// </summary>
    private static void EnsureEntryTriggers<T, TKey>(NpgsqlConnection connection, CollectionTable<T, TKey> table, IReadOnlyList<string> triggered, List<string> entryTables)
        where TKey : notnull
    {
        if (entryTables.SequenceEqual(triggered, StringComparer.Ordinal))
        {
            return;
        }

        if (entryTables.Count > 0)
        {
            Execute(connection, "SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.' || @name))", ("name", SchemaDdl.DeleteEntries));
            ExecuteAll(connection, SchemaDdl.EntryFunctions);
        }

        ExecuteAll(connection, SchemaDdl.EntryTriggers(table, entryTables));
    }

    private static List<string> Strings(NpgsqlConnection connection, string sql, params (string Name, object Value)[] parameters)
    {
        using var command = Command(connection, sql, parameters);
        using var reader = command.ExecuteReader();
        var values = new List<string>();
        while (reader.Read())
        {
            values.Add(reader.GetString(0));
        }

        return values;
    }

    private static void ExecuteAll(NpgsqlConnection connection, IEnumerable<string> statements)
    {
        foreach (var statement in statements)
        {
            Execute(connection, statement);
        }
    }

    public static void Execute(NpgsqlConnection connection, string sql, params (string Name, object Value)[] parameters)
    {
        using var command = Command(connection, sql, parameters);
        command.ExecuteNonQuery();
    }

    private static object? Scalar(NpgsqlConnection connection, string sql, params (string Name, object Value)[] parameters)
    {
        using var command = Command(connection, sql, parameters);
        return command.ExecuteScalar();
    }

    private static NpgsqlCommand Command(NpgsqlConnection connection, string sql, (string Name, object Value)[] parameters)
    {
        var command = new NpgsqlCommand(sql, connection);
        foreach (var (name, value) in parameters)
        {
            command.Parameters.AddWithValue(name, value);
        }

        return command;
    }
}

/// <summary>A foreign key on <paramref name="Table"/> named <paramref name="Name"/>; <paramref name="FromEntryTable"/> when that table is recorded as an entry table.</summary>
internal sealed record ForeignKey(string Table, string Name, bool FromEntryTable);
