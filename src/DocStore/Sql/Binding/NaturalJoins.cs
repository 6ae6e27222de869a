using System.Collections.Immutable;
using DocStore.Sql.Ast;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Binding;

/// <summary>
/// <c>NATURAL JOIN</c>: the joined source's columns that an earlier source also has (names compared
/// ignoring case, as SQLite does), in the joined source's order, become its USING list. Columns are a
/// table's declared columns or a FROM subquery's result columns; a collection without declared columns has
/// no fixed columns to match, so joining it naturally is an error naming it.
/// </summary>
internal static class NaturalJoins
{
    public static ImmutableArray<SqlName> SharedColumns(string sql, JoinClause join, IReadOnlyList<BoundSource> earlier, BoundSource joined)
    {
        var left = earlier.SelectMany(source => ColumnsOf(sql, join, source)).ToHashSet(StringComparer.OrdinalIgnoreCase);
        return [.. ColumnsOf(sql, join, joined).Where(left.Contains).Distinct(StringComparer.OrdinalIgnoreCase).Select(name => new SqlName(name, Quoted: false, join.Span))];
    }

    private static IEnumerable<string> ColumnsOf(string sql, JoinClause join, BoundSource source)
    {
        var collection = source.Collection;
        if (collection.Columns.Count > 0)
        {
            return collection.Columns.Select(c => c.Name);
        }

        return collection.DerivedSlot >= 0
            ? collection.DerivedColumns
            : throw SqlErrors.NotSupported(sql, join.Span, $"NATURAL JOIN needs declared columns on both sides, and '{source.Alias}' declares none (a collection of documents has no fixed columns to match): write JOIN ... USING (names) or ON");
    }
}
