using System.Collections.Immutable;
using DocStore.Sql.Ast;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Binding;

/// <summary>
/// A join's condition as an expression: its ON, or for <c>USING (a, b)</c> the equalities
/// <c>left.a = right.a AND left.b = right.b</c>, each name matched in the nearest earlier source that has it.
/// </summary>
internal static class JoinConditions
{
    /// <summary>The condition of <paramref name="join"/>, or null when it has none (a comma or CROSS JOIN).</summary>
    /// <param name="sql">The statement text, for errors.</param>
    /// <param name="join">The join.</param>
    /// <param name="earlier">The sources before the joined one, in FROM order.</param>
    /// <param name="joined">The joined source.</param>
    /// <param name="hasField">True when a source has a field of that name.</param>
    public static SqlExpression? Condition(string sql, JoinClause join, IReadOnlyList<BoundSource> earlier, BoundSource joined, Func<BoundSource, SqlName, bool> hasField)
    {
        var used = join.Natural ? NaturalJoins.SharedColumns(sql, join, earlier, joined) : join.Using;
        if (used.IsEmpty)
        {
            return join.On;
        }

        SqlExpression? condition = null;
        foreach (var name in used)
        {
            var left = earlier.LastOrDefault(s => hasField(s, name))
                ?? throw SqlErrors.UnknownName(sql, name.Span, $"USING names '{name.Text}', which no source before '{joined.Alias}' has");
            if (!hasField(joined, name))
            {
                throw SqlErrors.UnknownName(sql, name.Span, $"USING names '{name.Text}', which '{joined.Alias}' does not have");
            }

            var equal = new BinaryExpression(BinaryOperator.Equal, Qualified(left.Alias, name), Qualified(joined.Alias, name), name.Span);
            condition = condition is null ? equal : new BinaryExpression(BinaryOperator.And, condition, equal, name.Span);
        }

        return condition;
    }

    private static PathExpression Qualified(string alias, SqlName name) => new(
        [new PathSegment(new SqlName(alias, Quoted: true, name.Span), AnyElement: false, name.Span), new PathSegment(name, AnyElement: false, name.Span)],
        name.Span);
}
