using System.Linq.Expressions;

namespace DocStore.Generators.RuntimeTests.Linq.Edge;

/// <summary>Builds <c>p =&gt; left op right</c> over <see cref="LinqItem"/> for tests that run every comparison operator.</summary>
internal static class ComparisonLambdas
{
    /// <summary>The lambda comparing <paramref name="left"/> with <paramref name="right"/> by <paramref name="op"/> (&lt; &lt;= &gt; &gt;= == !=).</summary>
    public static Expression<Func<LinqItem, bool>> Build(ParameterExpression p, string op, Expression left, Expression right)
    {
        Expression body = op switch
        {
            "<" => Expression.LessThan(left, right),
            "<=" => Expression.LessThanOrEqual(left, right),
            ">" => Expression.GreaterThan(left, right),
            ">=" => Expression.GreaterThanOrEqual(left, right),
            "==" => Expression.Equal(left, right),
            _ => Expression.NotEqual(left, right),
        };
        return Expression.Lambda<Func<LinqItem, bool>>(body, p);
    }
}
