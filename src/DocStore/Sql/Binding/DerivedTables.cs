using DocStore.Bson;
using DocStore.Sql.Ast;
using DocStore.Sql.Bound;
using DocStore.Sql.Execution;

namespace DocStore.Sql.Binding;

/// <summary>
/// A subquery in FROM as a source: a collection made when read, one document per result row, with a field
/// per result column. A column is named by its alias, else by the last name of its path (<c>t.a</c> gives
/// <c>a</c>, as in SQLite), else by its text; a later column with a name already taken is not reachable by
/// that name. A subquery without an alias is named <c>(subquery-N)</c> after its place in FROM.
/// </summary>
internal static class DerivedTables
{
    public static BoundSource Source(string sql, TableSource table, BoundSelect query, List<BoundSource> sources, int slot, JoinKind? join, BoundExpr? on)
    {
        // An unaliased subquery gets a name of its own, as SQLite's (subquery-N): two never clash, and no query can name it.
        var alias = table.Alias?.Text ?? $"(subquery-{sources.Count + 1})";
        if (sources.Any(s => string.Equals(s.Alias, alias, StringComparison.OrdinalIgnoreCase)))
        {
            throw SqlErrors.UnknownName(sql, (table.Alias ?? table.Collection).Span, $"The name '{alias}' is used for two sources; give one an alias");
        }

        var names = Names(table.Subquery!, query);
        var fields = new FieldDictionary(names.Distinct(StringComparer.Ordinal).Select((n, i) => new FieldDictionaryEntry((ushort)(i + 1), n)));
        var collection = new SqlCollection(alias, string.Empty, string.Empty, [], fields) { IsSystem = true, DerivedSlot = slot, DerivedColumns = names, DerivedCollations = ColumnCollations(names, query) };
        return new BoundSource(sources.Count, alias, collection, join, on);
    }

    // A column's collation goes with it out of the subquery, as in SQLite (for a compound, the first select's).
    private static Dictionary<string, SqlCollation> ColumnCollations(string[] names, BoundSelect query)
    {
        var columns = query.Compound.Length > 0 ? query.Compound[0].Query.Columns : query.Columns;
        var collations = new Dictionary<string, SqlCollation>(StringComparer.Ordinal);
        for (var i = 0; i < names.Length && i < columns.Length; i++)
        {
            if (CollateExpr.For(columns[i].Value) is not SqlCollation.Binary and var collation)
            {
                collations.TryAdd(names[i], collation);
            }
        }

        return collations;
    }

    private static string[] Names(SelectQuery query, BoundSelect bound)
    {
        var columns = bound.Columns.Select(c => c.Name).ToArray();
        if (query.Items.Length != columns.Length)
        {
            return columns;
        }

        for (var i = 0; i < columns.Length; i++)
        {
            if (query.Items[i] is ExpressionItem { Alias: null, Expression: PathExpression { Segments: [.., { AnyElement: false } last] } })
            {
                columns[i] = last.Name.Text;
            }
        }

        return columns;
    }
}
