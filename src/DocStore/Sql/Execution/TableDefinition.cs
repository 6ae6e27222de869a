using DocStore.Catalog;
using DocStore.Sql.Ast;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Execution;

/// <summary>
/// What <c>CREATE TABLE t (columns)</c> records (docs/sql.md, "Tables"): the columns in order with their
/// type names, NOT NULL, literal DEFAULTs and collations, the key convention, and the unique keys. An
/// <c>INTEGER PRIMARY KEY</c> column is the collection's key, numbered by sequence when a row leaves it out,
/// as SQLite's rowid alias is; without one, documents are keyed by a hidden <c>_id</c> sequence. Every other
/// PRIMARY KEY and UNIQUE becomes a unique key, enforced by an index whose NULLs are distinct.
/// </summary>
internal sealed record TableDefinition(IReadOnlyList<TableColumn> Columns, string KeyField, IReadOnlyList<UniqueKey> UniqueKeys)
{
    /// <summary>The key field of a table without an <c>INTEGER PRIMARY KEY</c>: not a declared column, so <c>SELECT *</c> leaves it out.</summary>
    public const string HiddenKey = "_id";

    public static TableDefinition From(string sql, CreateCollectionStatement statement)
    {
        if (statement.Unsupported is { } unsupported)
        {
            throw SqlErrors.NotSupported(sql, unsupported.Span, unsupported.What);
        }

        var table = statement.Name.Text;
        var columns = new List<TableColumn>();
        var byName = new Dictionary<string, TableColumn>(StringComparer.OrdinalIgnoreCase);
        var keys = new List<(bool PrimaryKey, SqlName[] Columns, SourceSpan Span)>();
        foreach (var column in statement.Columns!)
        {
            var declared = new TableColumn(column.Name.Text, column.TypeName, column.NotNull, column.Default is null ? null : DefaultText(sql, column))
            {
                Collation = column.Collation is null or ColumnCollations.Binary ? null : column.Collation,
            };
            if (!byName.TryAdd(column.Name.Text, declared))
            {
                throw SqlErrors.At(sql, column.Name.Span, DocStoreErrorCode.SqlNameTaken, $"Table '{table}' declares the column '{column.Name.Text}' twice");
            }

            columns.Add(declared);
            if (column.PrimaryKey)
            {
                keys.Add((true, [column.Name], column.Span));
            }

            if (column.Unique)
            {
                keys.Add((false, [column.Name], column.Span));
            }
        }

        keys.AddRange(statement.Constraints.Select(c => (c.PrimaryKey, c.Columns.ToArray(), c.Span)));
        var primaries = keys.Where(k => k.PrimaryKey).ToList();
        if (primaries.Count > 1)
        {
            throw SqlErrors.At(sql, primaries[1].Span, DocStoreErrorCode.SqlNameTaken, $"Table '{table}' declares more than one PRIMARY KEY");
        }

        string? key = null;
        var unique = new List<UniqueKey>();
        foreach (var (primaryKey, names, span) in keys)
        {
            var resolved = names.Select(n => byName.TryGetValue(n.Text, out var c) ? c.Name : throw SqlErrors.UnknownName(sql, n.Span, $"Table '{table}' has no column '{n.Text}' for its {(primaryKey ? "PRIMARY KEY" : "UNIQUE")} constraint")).ToArray();
            if (resolved.Distinct(StringComparer.OrdinalIgnoreCase).Count() != resolved.Length)
            {
                throw SqlErrors.At(sql, span, DocStoreErrorCode.SqlNameTaken, $"Table '{table}' names a column twice in a {(primaryKey ? "PRIMARY KEY" : "UNIQUE")} constraint");
            }

            // SQLite's rowid alias: exactly the type name INTEGER on a one-column primary key.
            if (primaryKey && resolved.Length == 1 && byName[resolved[0]].DeclaredType.Equals("INTEGER", StringComparison.OrdinalIgnoreCase))
            {
                key = resolved[0];
            }
            else if (!unique.Any(u => u.Columns.SequenceEqual(resolved, StringComparer.Ordinal)))
            {
                unique.Add(new UniqueKey(primaryKey, resolved) { Collations = Indexing.KeyCollations.Of(resolved.Select(n => byName[n].Collation)) });
            }
        }

        return new TableDefinition(columns, key ?? HiddenKey, unique);
    }

    /// <summary>The DEFAULT as text: a literal without its parentheses, an expression as written (<see cref="DefaultValues"/> checks it is constant).</summary>
    private static string DefaultText(string sql, ColumnDefinition column)
    {
        var value = column.Default!;
        var text = sql.Substring(value.Span.Start, value.Span.Length);
        return value is IntegerLiteral or RealLiteral or StringLiteral or NullLiteral or BooleanLiteral ? text.Trim('(', ')', ' ') : text;
    }
}

/// <summary>A PRIMARY KEY (other than the rowid alias) or UNIQUE constraint: no two rows share values in <paramref name="Columns"/> unless one is NULL.</summary>
/// <param name="PrimaryKey">True for PRIMARY KEY.</param>
/// <param name="Columns">The declared column names, in order.</param>
internal sealed record UniqueKey(bool PrimaryKey, IReadOnlyList<string> Columns)
{
    /// <summary>The columns' collations as index key collations (<see cref="IndexDefinition.Collations"/>): 'A' and 'a' conflict in a NOCASE column.</summary>
    public string? Collations { get; init; }

    /// <summary>The name of the index that enforces it, which errors show: <c>UNIQUE (a, b)</c>, <c>PRIMARY KEY (a)</c>.</summary>
    public string IndexName => $"{(PrimaryKey ? "PRIMARY KEY" : "UNIQUE")} ({string.Join(", ", Columns)})";

    /// <summary>The index definition: non-unique layout, unique when no value is NULL.</summary>
    public IndexDefinition Index => new(IndexName, false, false, [.. Columns]) { UniqueNonNull = true, Collations = Collations };
}
