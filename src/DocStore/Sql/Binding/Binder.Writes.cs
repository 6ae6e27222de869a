using System.Collections.Immutable;
using DocStore.Sql.Ast;
using DocStore.Sql.Bound;
using DocStore.Sql.Execution;

namespace DocStore.Sql.Binding;

internal sealed partial class Binder
{
    /// <summary>
    /// Binds a write as the query that finds what it changes: <c>SELECT *, value, ... FROM collection
    /// WHERE where</c>. Column 0 is the whole document; column 1 + i is <paramref name="values"/>[i],
    /// so UPDATE's new values and INSERT's row values resolve names, parameters and subqueries exactly as
    /// a SELECT's do, and UPDATE and DELETE get the SELECT planner's access path.
    /// </summary>
    public BoundSelect BindWrite(SqlName collection, SqlExpression? where, IReadOnlyList<SqlExpression> values, SourceSpan span)
    {
        var items = ImmutableArray.CreateBuilder<SelectItem>(values.Count + 1);
        items.Add(new AllColumnsItem(collection.Span));
        foreach (var value in values)
        {
            items.Add(new ExpressionItem(value, null, value.Span));
        }

        var query = new SelectQuery(false, items.MoveToImmutable(), new TableSource(collection, null, collection.Span), [], where, [], null, [], null, null, span);
        _documentsOnly = true;
        var bound = Bind(query);
        if (bound.IsAggregate)
        {
            var aggregate = values.FirstOrDefault(v => v is FunctionCall call && AggregateNames.Contains(call.Name.Text)) ?? (SqlNode?)where ?? collection;
            throw SqlErrors.NotSupported(_sql, aggregate.Span, "Aggregates are not allowed in INSERT, UPDATE or DELETE");
        }

        return bound;
    }
}
