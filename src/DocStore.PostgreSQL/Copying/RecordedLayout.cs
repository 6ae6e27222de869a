using DocStore.PostgreSQL.Schema;
using Npgsql;

namespace DocStore.PostgreSQL.Copying;

/// <summary>
/// What a schema holds of the layout (docs/postgresql.md, "Layout"), read from PostgreSQL's catalog: the
/// collection tables (those with <c>sort_key</c> and <c>doc</c>), their single-key indexes' <c>key_…</c> columns
/// and multikey indexes' entry tables (each by the declaration it records as its comment) and their key sequences.
/// </summary>
internal static class RecordedLayout
{
    /// <summary>The collection tables of the connection's current schema and the SQL type of each one's key column, by name.</summary>
    public static List<(string Name, string KeyType)> Collections(NpgsqlConnection connection)
    {
        const string sql = """
            SELECT c.relname, format_type(k.atttypid, k.atttypmod)
            FROM pg_class c JOIN pg_attribute k ON k.attrelid = c.oid AND k.attname = 'id' AND NOT k.attisdropped
            WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
              AND EXISTS (SELECT 1 FROM pg_attribute s WHERE s.attrelid = c.oid AND s.attname = 'sort_key' AND NOT s.attisdropped)
              AND EXISTS (SELECT 1 FROM pg_attribute d WHERE d.attrelid = c.oid AND d.attname = 'doc' AND NOT d.attisdropped)
            ORDER BY c.relname COLLATE "C"
            """;
        var found = new List<(string, string)>();
        using var command = new NpgsqlCommand(sql, connection);
        using var reader = command.ExecuteReader();
        while (reader.Read())
        {
            found.Add((reader.GetString(0), reader.GetString(1)));
        }

        return found;
    }

    /// <summary>The index key columns of the current schema's tables (<c>key_&lt;index&gt;</c>) with their recorded declarations.</summary>
    public static List<(string Table, string Index, string Declaration)> KeyColumns(NpgsqlConnection connection)
    {
        const string sql = """
            SELECT c.relname, substr(a.attname, 5), col_description(c.oid, a.attnum)
            FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
            WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
              AND starts_with(a.attname, 'key_') AND starts_with(col_description(c.oid, a.attnum), @prefix)
            """;
        var found = new List<(string, string, string)>();
        using var command = new NpgsqlCommand(sql, connection);
        command.Parameters.AddWithValue("prefix", SchemaDdl.IndexDeclarationPrefix);
        using var reader = command.ExecuteReader();
        while (reader.Read())
        {
            found.Add((reader.GetString(0), reader.GetString(1), reader.GetString(2)));
        }

        return found;
    }

    /// <summary>The index entry tables of the current schema with their recorded declarations.</summary>
    public static List<(string Table, string Declaration)> IndexTables(NpgsqlConnection connection)
    {
        const string sql = """
            SELECT c.relname, obj_description(c.oid, 'pg_class')
            FROM pg_class c
            WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND starts_with(obj_description(c.oid, 'pg_class'), @prefix)
            """;
        var found = new List<(string, string)>();
        using var command = new NpgsqlCommand(sql, connection);
        command.Parameters.AddWithValue("prefix", SchemaDdl.IndexDeclarationPrefix);
        using var reader = command.ExecuteReader();
        while (reader.Read())
        {
            found.Add((reader.GetString(0), reader.GetString(1)));
        }

        return found;
    }

    /// <summary>The tables of collection <paramref name="name"/> in the current schema: its table, key sequence and every index entry table it has.</summary>
    public static List<string> TablesOf(NpgsqlConnection connection, string name)
    {
        const string sql = """
            SELECT c.relname FROM pg_class c
            WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
              AND (c.relname = @name OR c.relname = @name || '__seq'
                   OR (starts_with(c.relname, @name || '__') AND starts_with(obj_description(c.oid, 'pg_class'), @prefix)))
            ORDER BY c.relname COLLATE "C"
            """;
        var found = new List<string>();
        using var command = new NpgsqlCommand(sql, connection);
        command.Parameters.AddWithValue("name", name);
        command.Parameters.AddWithValue("prefix", SchemaDdl.IndexDeclarationPrefix);
        using var reader = command.ExecuteReader();
        while (reader.Read())
        {
            found.Add(reader.GetString(0));
        }

        return found;
    }

    /// <summary>
    /// The index a key column's or entry table's comment declares (the inverse of <see cref="CollectionTable{T, TKey}.Declaration"/>):
    /// <c>docstore index unique multikey on Tags[], Name</c>.
    /// </summary>
    /// <param name="name">The index's name.</param>
    /// <param name="where">What holds the comment, for the error (<c>entry table 'People__ByTag'</c>).</param>
    /// <param name="declaration">The comment.</param>
    /// <exception cref="InvalidDataException">The comment is not such a declaration.</exception>
    public static IndexDefinition ParseDeclaration(string name, string where, string declaration)
    {
        var rest = declaration.StartsWith(SchemaDdl.IndexDeclarationPrefix, StringComparison.Ordinal) ? declaration[SchemaDdl.IndexDeclarationPrefix.Length..] : throw Unreadable(where, declaration);
        var unique = Take(ref rest, "unique ");
        var multikey = Take(ref rest, "multikey ");
        if (!Take(ref rest, "on ") || rest.Length == 0)
        {
            throw Unreadable(where, declaration);
        }

        return new IndexDefinition(name, unique, multikey, rest.Split(", "));
    }

    /// <summary>Quoted for SQL, with the length check every layout name gets.</summary>
    public static string Quote(string table) => SqlNames.Quote(table, $"table '{table}'");

    private static bool Take(ref string text, string word)
    {
        if (!text.StartsWith(word, StringComparison.Ordinal))
        {
            return false;
        }

        text = text[word.Length..];
        return true;
    }

    private static InvalidDataException Unreadable(string where, string declaration) =>
        new($"The {where} records the index declaration '{declaration}', which this version cannot read.");
}
