using DocStore.Sql.Bound;
using BinaryOperator = DocStore.Sql.Ast.BinaryOperator;

namespace DocStore.Linq.Translation;

/// <summary>
/// C#'s NaN in comparisons of <c>double</c> and <c>float</c> members. SQL orders NaN below every number (and
/// equal to itself), so <c>m &lt; v</c> would match a stored NaN, where C#'s <c>NaN &lt; v</c> is false; a bound
/// at negative infinity, which NaN sorts below, leaves it out and keeps the condition an index range.
/// </summary>
internal static class FloatingPoint
{
    private static readonly LiteralExpr NegativeInfinity = new(SqlValue.FromDouble(double.NegativeInfinity)) { Text = "-Infinity" };

    /// <summary>True for <c>double</c>, <c>float</c> and their nullable forms.</summary>
    public static bool Is(Type type) => (Nullable.GetUnderlyingType(type) ?? type) is var t && (t == typeof(double) || t == typeof(float));

    /// <summary>
    /// <paramref name="comparison"/> (<c>m OP v</c>), with <c>m &gt;= -Infinity</c> first when it stands for C#'s
    /// <c>&lt;</c> or <c>&lt;=</c> operator (<paramref name="operatorNaN"/>) on a floating-point member.
    /// </summary>
    public static BoundExpr AboveNaN(bool operatorNaN, BinaryOperator op, Type type, BoundExpr member, BoundExpr comparison) =>
        operatorNaN && op is BinaryOperator.Less or BinaryOperator.LessOrEqual && Is(type)
            ? PredicateTranslator.And(new BinaryExpr(BinaryOperator.GreaterOrEqual, member, NegativeInfinity) { Text = $"{member.Text} >= {NegativeInfinity.Text}" }, comparison)
            : comparison;
}
