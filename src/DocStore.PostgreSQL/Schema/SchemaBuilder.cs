using Npgsql;

namespace DocStore.PostgreSQL.Schema;

/// <summary>
/// Creates a collection's table, key sequence and index entry tables when missing, in one transaction under an
/// advisory lock (two processes opening the same collection at once would otherwise race on CREATE). An index
/// whose recorded declaration (the entry table's comment) differs from the model's is rebuilt from the stored documents.
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
            var declaration = table.Declaration(i);
            var recorded = Scalar(connection, "SELECT obj_description(to_regclass(@name), 'pg_class')", ("name", table.IndexTables[i]));
            if (recorded is string text && text == declaration)
            {
                continue;
            }

            Execute(connection, $"DROP TABLE IF EXISTS {table.IndexTables[i]}");
            Execute(connection, $"CREATE TABLE {table.IndexTables[i]} (entry bytea PRIMARY KEY, id {table.Key.SqlType} NOT NULL REFERENCES {table.Table} (id) ON DELETE CASCADE)");
            Execute(connection, $"CREATE INDEX ON {table.IndexTables[i]} (id)");
            Execute(connection, $"COMMENT ON TABLE {table.IndexTables[i]} IS '{declaration.Replace("'", "''", StringComparison.Ordinal)}'");
            IndexBuild.Fill(connection, table, i);
        }

        transaction.Commit();
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
