using DocStore.Sql.Ast;
using DocStore.Sql.Binding.Names;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Binding;

/// <summary>One select of a compound and how it combines with the rows before it (null for the first).</summary>
internal sealed record CompoundMember(CompoundOperator? Operator, BoundSelect Query);

/// <summary>
/// Binds a compound select: each select on its own (its own sources and names), the same number of
/// result columns in each, then the ORDER BY of the whole, whose terms name a result column by number,
/// by name, or by repeating a column's expression of the first select.
/// </summary>
internal static class CompoundBinder
{
    public static BoundSelect Bind(string sql, SelectQuery query, Func<SelectQuery, BoundSelect> bindSelect, Func<SqlExpression, BoundExpr> bindValue)
    {
        var first = bindSelect(query with { Compound = [], OrderBy = [], Limit = null, Offset = null });
        var members = new List<CompoundMember> { new(null, first) };
        foreach (var part in query.Compound)
        {
            var bound = bindSelect(part.Query);
            if (bound.Columns.Length != first.Columns.Length)
            {
                throw SqlErrors.At(sql, part.Span, DocStoreErrorCode.SqlSyntax,
                    $"The selects on either side of {Spelling(part.Operator)} return different numbers of columns ({first.Columns.Length} and {bound.Columns.Length}); a compound select needs the same number in each");
            }

            members.Add(new CompoundMember(part.Operator, bound));
        }

        var columns = first.Columns.Select((c, i) => new OutputColumn(c.Name, new ColumnRefExpr(i) { Text = c.Name })).ToArray();
        var texts = query.Items.Select(item => item is ExpressionItem expression ? Normalize(sql.Substring(expression.Expression.Span.Start, expression.Expression.Span.Length)) : null).ToArray();
        var orderBy = new List<SortKey>();
        for (var i = 0; i < query.OrderBy.Length; i++)
        {
            var term = query.OrderBy[i];
            var index = ColumnOf(sql, term.Expression, columns, texts);
            if (index < 0)
            {
                throw SqlErrors.UnknownName(sql, term.Expression.Span,
                    $"ORDER BY term {i + 1} of a compound select matches no result column: name one by number, by name, or by its expression in the first select");
            }

            orderBy.Add(new SortKey(new ColumnRefExpr(index) { Text = columns[index].Name }, term.Descending));
        }

        return new BoundSelect
        {
            Sources = [],
            Where = null,
            GroupBy = [],
            Aggregates = [],
            Having = null,
            Columns = columns,
            OrderBy = [.. orderBy],
            Distinct = false,
            Limit = query.Limit is null ? null : bindValue(query.Limit),
            Offset = query.Offset is null ? null : bindValue(query.Offset),
            Subqueries = [],
            // Each select binds against the same enclosing query: the compound reads what any of them reads.
            Correlated = members.Any(m => m.Query.Correlated),
            OuterSource = members.Max(m => m.Query.OuterSource),
            OuterSources = members.Aggregate(0UL, (mask, m) => mask | m.Query.OuterSources),
            ElementSlots = 0,
            WholeDocumentSource = null,
            Compound = [.. members],
        };
    }

    /// <summary>The result column an ORDER BY term names, or -1.</summary>
    private static int ColumnOf(string sql, SqlExpression expression, OutputColumn[] columns, string?[] texts)
    {
        if (expression is IntegerLiteral ordinal)
        {
            return ordinal.Value >= 1 && ordinal.Value <= columns.Length ? (int)ordinal.Value - 1
                : throw SqlErrors.UnknownName(sql, ordinal.Span, $"ORDER BY {ordinal.Value} is not a column number (the query has {columns.Length})");
        }

        if (expression is PathExpression { Segments: [{ AnyElement: false } segment] })
        {
            var name = SqlNameMatch.Resolve(columns.Select(c => c.Name), segment.Name.Text, segment.Name.Quoted, out _);
            if (name is not null)
            {
                return Array.FindIndex(columns, c => c.Name == name);
            }
        }

        var text = Normalize(sql.Substring(expression.Span.Start, expression.Span.Length));
        return Array.FindIndex(texts, t => t == text);
    }

    private static string Normalize(string text) => string.Concat(text.Where(c => !char.IsWhiteSpace(c))).ToUpperInvariant();

    private static string Spelling(CompoundOperator op) => op switch
    {
        CompoundOperator.UnionAll => "UNION ALL",
        CompoundOperator.Except => "EXCEPT",
        CompoundOperator.Intersect => "INTERSECT",
        _ => "UNION",
    };
}
