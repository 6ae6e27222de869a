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
            foreach (var statement in SchemaDdl.Sequence(table))
            {
                Execute(connection, statement);
            }
        }

        for (var i = 0; i < table.IndexTables.Length; i++)
        {
            var recorded = Scalar(connection, "SELECT obj_description(to_regclass(@name), 'pg_class')", ("name", table.IndexTables[i]));
            if (recorded is string text && text == table.Declaration(i))
            {
                continue;
            }

            foreach (var statement in SchemaDdl.IndexTable(table, i))
            {
                Execute(connection, statement);
            }

            IndexBuild.Fill(connection, table, i);
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
