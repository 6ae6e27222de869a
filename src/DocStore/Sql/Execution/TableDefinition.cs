using DocStore.Catalog;
using DocStore.Sql.Ast;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Execution;

/// <summary>
/// What <c>CREATE TABLE t (columns)</c> records (docs/sql.md, "Tables"): the columns in order with their
/// type names, NOT NULL and literal DEFAULTs, and the key convention. An <c>INTEGER PRIMARY KEY</c> column
/// is the collection's key, numbered by sequence when a row leaves it out, as SQLite's rowid alias is;
/// without one, documents are keyed by a hidden <c>_id</c> sequence.
/// </summary>
internal sealed record TableDefinition(IReadOnlyList<TableColumn> Columns, string KeyField)
{
    /// <summary>The key field of a table without an <c>INTEGER PRIMARY KEY</c>: not a declared column, so <c>SELECT *</c> leaves it out.</summary>
    public const string HiddenKey = "_id";

    public static TableDefinition From(string sql, CreateCollectionStatement statement)
    {
        if (statement.Unsupported is { } unsupported)
        {
            throw SqlErrors.NotSupported(sql, unsupported.Span, unsupported.What);
        }

        var columns = new List<TableColumn>();
        var names = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        string? key = null;
        ColumnDefinition? primary = null;
        foreach (var column in statement.Columns!)
        {
            if (!names.Add(column.Name.Text))
            {
                throw SqlErrors.At(sql, column.Name.Span, DocStoreErrorCode.SqlNameTaken, $"Table '{statement.Name.Text}' declares the column '{column.Name.Text}' twice");
            }

            if (column.PrimaryKey)
            {
                if (primary is not null)
                {
                    throw SqlErrors.At(sql, column.Span, DocStoreErrorCode.SqlNameTaken, $"Table '{statement.Name.Text}' declares more than one PRIMARY KEY ('{primary.Name.Text}' and '{column.Name.Text}')");
                }

                primary = column;
                if (column.TypeName.Equals("INTEGER", StringComparison.OrdinalIgnoreCase))
                {
                    key = column.Name.Text;
                }
            }

            columns.Add(new TableColumn(column.Name.Text, column.TypeName, column.NotNull, column.Default is null ? null : DefaultText(sql, column)));
        }

        return new TableDefinition(columns, key ?? HiddenKey);
    }

    /// <summary>The DEFAULT as the text of a literal (parentheses dropped); anything but a constant literal is refused.</summary>
    private static string DefaultText(string sql, ColumnDefinition column)
    {
        var value = column.Default!;
        return value is IntegerLiteral or RealLiteral or StringLiteral or NullLiteral or BooleanLiteral
            ? sql.Substring(value.Span.Start, value.Span.Length).Trim('(', ')', ' ')
            : throw SqlErrors.NotSupported(sql, value.Span, $"DEFAULT of column '{column.Name.Text}' is an expression: only literal defaults (a number, a string, NULL, TRUE, FALSE) are supported");
    }
}
