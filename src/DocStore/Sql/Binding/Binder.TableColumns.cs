using DocStore.Sql.Bound;

namespace DocStore.Sql.Binding;

/// <summary>
/// <c>*</c> and <c>alias.*</c> over a table with declared columns give one output column per declared
/// column, in declared order, as SQLite does, then one per other name the table has stored, in the order the
/// names were first stored (the hidden key aside); over a collection without declared columns, one
/// column holding the whole document. A write's own query keeps the document (it replaces whole documents).
/// </summary>
internal sealed partial class Binder
{
    private bool _documentsOnly;

    private void AddSourceColumns(List<OutputColumn> columns, BoundSource source)
    {
        if (_documentsOnly || source.Collection.Columns.Count == 0)
        {
            columns.Add(new OutputColumn(source.Alias, new DocumentExpr(source.Index) { Text = source.Alias }));
            return;
        }

        // Fresh names, so the statement is planned again when a write stores a new one.
        var fields = Fields(source, true);
        var declared = new HashSet<string>(StringComparer.Ordinal);
        foreach (var column in source.Collection.Columns)
        {
            // Declared columns are given ids when the table is created, so each resolves.
            BoundExpr value = fields.TryGetId(column.Name, out var id)
                ? WithColumnCollation(source.Collection, column.Name, new PathExpr(source.Index, [id], -1, -1, column.Name) { Text = column.Name })
                : new LiteralExpr(SqlValue.Null) { Text = column.Name };
            columns.Add(new OutputColumn(column.Name, value));
            declared.Add(column.Name);
        }

        foreach (var entry in fields.OrderBy(e => e.Id))
        {
            // A key field that is no declared column is the hidden key, which * leaves out.
            if (!declared.Contains(entry.Name) && entry.Name != source.Collection.KeyField)
            {
                columns.Add(new OutputColumn(entry.Name, new PathExpr(source.Index, [entry.Id], -1, -1, entry.Name) { Text = entry.Name }));
            }
        }
    }

    /// <summary>
    /// A path to one top-level field, marked with the collation it has: a table column's declared one
    /// (implicit, as SQLite's column collation), or the one a subquery in FROM gave the column.
    /// </summary>
    private static BoundExpr WithColumnCollation(SqlCollection collection, string name, PathExpr path)
    {
        if (collection.DerivedCollations.TryGetValue(name, out var derived))
        {
            return new CollateExpr(path, derived, isExplicit: true) { Text = path.Text };
        }

        foreach (var column in collection.Columns)
        {
            if (column.Collation is { } declared && column.Name == name)
            {
                var collation = declared == Catalog.ColumnCollations.NoCase ? SqlCollation.NoCase : SqlCollation.RTrim;
                return new CollateExpr(path, collation, isExplicit: false) { Text = path.Text };
            }
        }

        return path;
    }
}
