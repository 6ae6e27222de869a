using Npgsql;

namespace DocStore.PostgreSQL.Schema;

/// <summary>
/// Creates a collection's table, key sequence, index key columns and entry tables when missing, in one
/// transaction under an advisory lock (two processes opening the same collection at once would otherwise race
/// on CREATE). An index whose recorded declaration (the key column's or entry table's comment) differs from the
/// model's, or is missing, is rebuilt from the stored documents.
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
        Execute(connection, "SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.' || @name))", ("name", table.TableName));
        Execute(connection, $"CREATE TABLE IF NOT EXISTS {table.Table} (id {table.Key.SqlType} PRIMARY KEY, sort_key bytea NOT NULL UNIQUE, doc jsonb NOT NULL)");
        if (table.UsesSequence)
        {
            // A one-row table rather than a SEQUENCE: it rolls back with a failed insert, so keys have no gaps the embedded engine would not have.
            Execute(connection, $"CREATE TABLE IF NOT EXISTS {table.Sequence} (last bigint NOT NULL)");
            Execute(connection, $"INSERT INTO {table.Sequence} (last) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM {table.Sequence})");
        }

        for (var i = 0; i < table.IndexTables.Length; i++)
        {
            if (table.IsColumn(i))
            {
                EnsureColumn(connection, table, i);
            }
            else
            {
                EnsureEntryTable(connection, table, i);
            }
        }

        transaction.Commit();
    }

    /// <summary>
    /// A single-key index is a column of the collection's table with a B-tree index on it, recorded by the
    /// column's comment. A missing or differently declared one is (re)built: an entry table of the same
    /// index (how every index was laid out before single-key indexes became columns) is dropped first.
    /// </summary>
    private static void EnsureColumn<T, TKey>(NpgsqlConnection connection, CollectionTable<T, TKey> table, int index)
        where TKey : notnull
    {
        var declaration = table.Declaration(index);
        var column = table.KeyColumns[index]!;
        var recorded = Scalar(connection, "SELECT col_description(attrelid, attnum) FROM pg_attribute WHERE attrelid = to_regclass(@table) AND attname = @column AND NOT attisdropped", ("table", table.Table), ("column", $"key_{table.Model.Indexes[index].Name}"));
        if (recorded is string text && text == declaration)
        {
            return;
        }

        // The older entry table shares its name with the B-tree index; dropping the column drops that index.
        if (Scalar(connection, "SELECT relkind::text FROM pg_class WHERE oid = to_regclass(@name)", ("name", table.IndexTables[index])) is "r")
        {
            Execute(connection, $"DROP TABLE {table.IndexTables[index]}");
        }

        Execute(connection, $"ALTER TABLE {table.Table} DROP COLUMN IF EXISTS {column}");
        Execute(connection, $"ALTER TABLE {table.Table} ADD COLUMN {column} bytea");
        IndexBuild.Fill(connection, table, index);
        var unique = table.Model.Indexes[index].Unique ? "UNIQUE " : string.Empty;
        Execute(connection, $"CREATE {unique}INDEX {table.IndexTables[index]} ON {table.Table} ({column})");
        Execute(connection, $"COMMENT ON COLUMN {table.Table}.{column} IS {Literal(declaration)}");
    }

    /// <summary>A multikey index is an entry table (one row per distinct element), recorded by the table's comment; rebuilt when missing or declared differently.</summary>
    private static void EnsureEntryTable<T, TKey>(NpgsqlConnection connection, CollectionTable<T, TKey> table, int index)
        where TKey : notnull
    {
        var declaration = table.Declaration(index);
        var recorded = Scalar(connection, "SELECT obj_description(to_regclass(@name), 'pg_class')", ("name", table.IndexTables[index]));
        if (recorded is string text && text == declaration)
        {
            return;
        }

        // The index may have been a single-key one before: its column and B-tree index go.
        Execute(connection, $"ALTER TABLE {table.Table} DROP COLUMN IF EXISTS {SqlNames.Quote($"key_{table.Model.Indexes[index].Name}", "key column")}");
        Execute(connection, $"DROP TABLE IF EXISTS {table.IndexTables[index]}");
        Execute(connection, $"CREATE TABLE {table.IndexTables[index]} (entry bytea PRIMARY KEY, id {table.Key.SqlType} NOT NULL REFERENCES {table.Table} (id) ON DELETE CASCADE)");
        Execute(connection, $"CREATE INDEX ON {table.IndexTables[index]} (id)");
        Execute(connection, $"COMMENT ON TABLE {table.IndexTables[index]} IS {Literal(declaration)}");
        IndexBuild.Fill(connection, table, index);
    }

    private static string Literal(string text) => "'" + text.Replace("'", "''", StringComparison.Ordinal) + "'";

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
