using DocStore.Sql.Ast;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Binding;

internal sealed partial class Binder
{
    /// <summary>The name of the row an INSERT would have written, in an <c>ON CONFLICT DO UPDATE</c>.</summary>
    public const string ExcludedAlias = "excluded";

    /// <summary>
    /// Binds an <c>ON CONFLICT ... DO UPDATE</c>'s values as <see cref="BindWrite"/> binds UPDATE's: column 0 the
    /// conflicting document, then <paramref name="values"/>. The query is bound as a subquery of one over the
    /// row the INSERT would have written, named <c>excluded</c>: unqualified names resolve in the target table,
    /// as SQLite's do, and <c>excluded.col</c> reads the enclosing row (<see cref="RowContext.Outer"/>).
    /// </summary>
    public BoundSelect BindUpsert(SqlName collection, IReadOnlyList<SqlExpression> values, SourceSpan span)
    {
        var excluded = new Binder(_sql, _catalog, _fields, _parameters, null);
        excluded.AddSource(new TableSource(collection, new SqlName(ExcludedAlias, false, collection.Span), collection.Span), null, null);
        var target = new Binder(_sql, _catalog, _fields, _parameters, excluded);
        return target.BindWrite(collection, null, values, span);
    }

    /// <summary>
    /// A column's <c>DEFAULT (expr)</c>: a constant expression, as SQLite requires (no column, parameter or
    /// subquery), bound with no sources.
    /// </summary>
    /// <param name="expression">The expression.</param>
    /// <param name="column">The column, for the refusal.</param>
    public BoundExpr BindConstant(SqlExpression expression, string column)
    {
        var bound = BindExpression(expression);
        if (bound.Walk().Any(e => e is ParameterExpr or PathExpr or DocumentExpr or ICorrelatedExpr) || _subqueries.Count > 0 || _parameters.Slots.Count > 0)
        {
            throw SqlErrors.NotSupported(_sql, expression.Span, $"DEFAULT of column '{column}' is not constant: it may not read a column, a parameter or a subquery");
        }

        return bound;
    }
}
