using DocStore.Sql.Bound;

namespace DocStore.Sql.Binding;

/// <summary>
/// <c>*</c> and <c>alias.*</c> over a table with declared columns give one output column per declared
/// column, in declared order, as SQLite does; over a collection without them, one column holding the
/// whole document. A write's own query keeps the document (it replaces whole documents).
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

        var fields = Fields(source, false);
        foreach (var column in source.Collection.Columns)
        {
            // Declared columns are given ids when the table is created, so each resolves.
            BoundExpr value = fields.TryGetId(column.Name, out var id)
                ? new PathExpr(source.Index, [id], -1, -1, column.Name) { Text = column.Name }
                : new LiteralExpr(SqlValue.Null) { Text = column.Name };
            columns.Add(new OutputColumn(column.Name, value));
        }
    }
}
