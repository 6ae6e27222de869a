using DocStore.Bson.Model;
using DocStore.Catalog;
using DocStore.Sql.Binding;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Execution;

/// <summary>
/// What a table's declared columns do to written documents (docs/sql.md, "Tables"): an inserted row gets
/// the DEFAULT of each column it leaves out, every value of a declared column is stored with the column's
/// affinity applied (text '10' into an INTEGER column stores 10), and NULL in a NOT NULL column is refused.
/// </summary>
internal sealed class TableWrites
{
    private readonly SqlCollection _table;
    private readonly Dictionary<string, TableColumn> _columns;
    private readonly Dictionary<string, Func<BsonValue>> _defaults = new(StringComparer.Ordinal);

    private TableWrites(SqlCollection table, ExecState state)
    {
        _table = table;
        _columns = table.Columns.ToDictionary(c => c.Name, StringComparer.Ordinal);
        foreach (var column in table.Columns)
        {
            if (column.Default is { } text)
            {
                var value = DefaultValues.Compile(text, column.Name, state);
                _defaults[column.Name] = () => ColumnValue(column, value());
            }
        }
    }

    /// <summary>The rules of <paramref name="table"/> for one run of a statement, or null when it declares no columns.</summary>
    public static TableWrites? For(SqlCollection table, ExecState state) => table.Columns.Count == 0 ? null : new TableWrites(table, state);

    /// <summary>Fills defaults, applies affinity and checks NOT NULL on a document about to be inserted.</summary>
    /// <param name="document">The document.</param>
    /// <param name="ignoreNotNull">True when a NULL in a NOT NULL column leaves the row out (<c>OR IGNORE</c>) instead of failing.</param>
    /// <param name="defaultForNull">True when a NULL in a NOT NULL column with a DEFAULT takes the default (<c>OR REPLACE</c>, as SQLite does).</param>
    /// <returns>False when a NOT NULL column is NULL and <paramref name="ignoreNotNull"/> lets the row be left out (else that throws).</returns>
    public bool PrepareInsert(BsonDocument document, bool ignoreNotNull = false, bool defaultForNull = false)
    {
        foreach (var column in _table.Columns)
        {
            if (defaultForNull && column.NotNull && document.TryGetValue(column.Name, out var given) && given is BsonNull && _defaults.ContainsKey(column.Name))
            {
                document.Remove(column.Name);
            }

            if (!document.TryGetValue(column.Name, out var value))
            {
                if (_defaults.TryGetValue(column.Name, out var fallback))
                {
                    document[column.Name] = fallback();
                }
                else if (!CheckNotNull(column, BsonNull.Value, document, ignoreNotNull))
                {
                    return false;
                }

                continue;
            }

            document[column.Name] = ColumnValue(column, value);
            if (!CheckNotNull(column, document[column.Name], document, ignoreNotNull))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>Applies affinity and checks NOT NULL on the top-level columns an UPDATE assigned.</summary>
    public void PrepareUpdate(BsonDocument document, string[][] targets)
    {
        foreach (var target in targets)
        {
            if (target.Length == 1 && _columns.TryGetValue(target[0], out var column))
            {
                document[column.Name] = ColumnValue(column, document[column.Name]);
                _ = CheckNotNull(column, document[column.Name], document);
            }
        }
    }

    private static BsonValue ColumnValue(TableColumn column, BsonValue value) =>
        column.Affinity == ColumnAffinity.Blob || value is BsonNull
            ? value
            : DocumentPaths.Storable(BsonValues.ToBson(ColumnAffinityRules.Apply(column.Affinity, BsonValues.FromBson(value))));

    private bool CheckNotNull(TableColumn column, BsonValue value, BsonDocument document, bool ignore = false)
    {
        // The key column is numbered on insert when it is missing or NULL, as SQLite's rowid alias is.
        if (column.NotNull && value is BsonNull && column.Name != _table.KeyField)
        {
            if (ignore)
            {
                return false;
            }

            var key = document.TryGetValue(_table.KeyField, out var k) && k is not BsonNull ? $" (key {k})" : string.Empty;
            throw SqlErrors.Type($"NOT NULL constraint failed: {_table.Name}.{column.Name}{key} is NULL");
        }

        return true;
    }
}
