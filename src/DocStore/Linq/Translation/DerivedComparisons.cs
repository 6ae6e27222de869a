using System.Linq.Expressions;
using DocStore.Sql.Bound;
using BinaryOperator = DocStore.Sql.Ast.BinaryOperator;

namespace DocStore.Linq.Translation;

/// <summary>
/// Comparisons over a value computed from a member rather than the member itself:
/// <c>string.CompareOrdinal(p.Email, x) &gt; 0</c> and <c>string.Compare(p.Email, x, StringComparison.Ordinal)</c>
/// (an ordinal comparison of the member with <c>x</c>, null sorting before every string, as .NET does),
/// <c>p.Age.CompareTo(x) &lt; 0</c> on a non-string member (the comparison itself), and
/// <c>p.Tags.Length</c>, <c>.Count</c>, <c>.Count()</c> (the array's length; false for a missing or null
/// array, also under <c>!</c>, where C# would throw). <c>string.CompareTo</c> and <c>string.Compare</c>
/// without <c>StringComparison.Ordinal</c> compare by culture and are refused.
/// </summary>
internal sealed class DerivedComparisons(TranslationContext context, PredicateTranslator predicates)
{
    /// <summary>The condition <c><paramref name="derived"/> op value</c>; null when <paramref name="derived"/> is no form handled here.</summary>
    public BoundExpr? TryTranslate(Expression origin, Expression derived, BinaryOperator op, Expression valueSide, int slot, object? value)
    {
        derived = MemberResolver.StripConversions(derived);
        if (Counted(derived) is { } array)
        {
            return Length(origin, array, op, valueSide, slot, value);
        }

        if (derived is MethodCallExpression call && Compared(call) is { } pair)
        {
            if (value is not 0)
            {
                throw PredicateTranslator.Refuse(origin, $"the result of {call.Method.Name} translates only compared with 0 (its magnitude is not defined)");
            }

            return CompareCall(origin, call, pair.Left, pair.Right, op);
        }

        return null;
    }

    /// <summary>The array of <c>a.Length</c>, <c>a.Count</c> or <c>a.Count()</c> over a member; null otherwise.</summary>
    private static Expression? Counted(Expression node) => node switch
    {
        UnaryExpression { NodeType: ExpressionType.ArrayLength, Operand: var array } => array,
        MemberExpression { Member.Name: "Length", Expression: { Type.IsArray: true } array } => array,
        MemberExpression { Member: { Name: "Count", DeclaringType: { } type }, Expression: { } list } when IsSequence(type) => list,
        MethodCallExpression { Method: { Name: "Count", DeclaringType: var type }, Arguments: [var source] } when type == typeof(Enumerable) => source,
        _ => null,
    };

    /// <summary>A list or collection type of the framework (a dictionary is stored as a document, not an array).</summary>
    private static bool IsSequence(Type type) =>
        type.Namespace is { } ns && ns.StartsWith("System.Collections", StringComparison.Ordinal) && !type.Name.Contains("Dictionary", StringComparison.Ordinal);

    /// <summary>The two operands of an ordinal <c>string.Compare</c>, <c>string.CompareOrdinal</c> or a non-string <c>CompareTo</c>.</summary>
    private (Expression Left, Expression Right)? Compared(MethodCallExpression call)
    {
        var method = call.Method;
        if (method.DeclaringType == typeof(string) && call.Object is null)
        {
            return method.Name switch
            {
                "CompareOrdinal" when call.Arguments.Count == 2 => (call.Arguments[0], call.Arguments[1]),
                "Compare" when call.Arguments.Count == 3 && call.Arguments[2].Type == typeof(StringComparison) =>
                    context.TryValue(call.Arguments[2], out _, out var comparison) && comparison is StringComparison.Ordinal
                        ? (call.Arguments[0], call.Arguments[1])
                        : throw PredicateTranslator.Refuse(call, "string.Compare translates with StringComparison.Ordinal only (strings are stored and ordered ordinally)"),
                "Compare" => throw PredicateTranslator.Refuse(call, "string.Compare without StringComparison.Ordinal compares by culture; use string.CompareOrdinal or StringComparison.Ordinal"),
                _ => null,
            };
        }

        if (method.Name == "CompareTo" && call.Object is not null && call.Arguments.Count == 1)
        {
            return call.Object.Type == typeof(string)
                ? throw PredicateTranslator.Refuse(call, "string.CompareTo compares by culture; use string.CompareOrdinal(a, b) or string.Compare(a, b, StringComparison.Ordinal)")
                : (call.Object, call.Arguments[0]);
        }

        return null;
    }

    private BinaryExpr Length(Expression origin, Expression array, BinaryOperator op, Expression valueSide, int slot, object? value)
    {
        var member = predicates.Member(array);
        if (value is not int)
        {
            throw PredicateTranslator.Refuse(origin, "an array's length compares with an int value");
        }

        var length = new ArrayLengthExpr(member.Value) { Text = $"length({member.Value.Text})" };
        var parameter = context.Parameter(ParameterKind.Value, slot, -1, MemberResolver.StripConversions(valueSide));
        return new BinaryExpr(op, length, parameter) { Text = $"{length.Text} {PredicateTranslator.Symbol(op)} {parameter.Text}" };
    }

    /// <summary><c>Compare(left, right) op 0</c>: one side a member, the other a value.</summary>
    private BoundExpr CompareCall(Expression origin, MethodCallExpression call, Expression left, Expression right, BinaryOperator op)
    {
        if (context.TryValue(left, out _, out _))
        {
            (left, right) = (right, left);
            op = PredicateTranslator.Mirror(op);
        }

        if (!context.TryValue(right, out var slot, out var value))
        {
            throw PredicateTranslator.Refuse(call, $"{call.Method.Name} needs a value on one side (comparing two members does not translate)");
        }

        var member = predicates.Member(left);
        if (call.Method.Name == "CompareTo")
        {
            // A value type's CompareTo orders as its comparison operators do.
            var parameter = value is null ? null : context.Parameter(ParameterKind.Value, slot, -1, MemberResolver.StripConversions(right));
            return PredicateTranslator.Compare(origin, op, member, (BoundExpr?)parameter ?? new LiteralExpr(SqlValue.Null) { Text = "NULL" }, value is null ? 0 : ClrDefaults.SignAgainstDefault(value), value is null);
        }

        // Ordinal string order, null before every string: Compare(null, v) is -1, Compare(m, null) is 1, Compare(null, null) is 0.
        var text = value is null ? null : context.Parameter(ParameterKind.Value, slot, -1, MemberResolver.StripConversions(right));
        if (member.Deserialized is { } read && text is not null)
        {
            // A missing member reads as its initializer: the stored order first (an index range, its NULL
            // entries only when null or the initializer compares so), then the member as the document reads it.
            var stored = new BinaryExpr(op, member.Value, text) { Text = $"{member.Value.Text} {PredicateTranslator.Symbol(op)} {text.Text}" };
            var exact = new BinaryExpr(op, read, text) { Text = $"{read.Text} {PredicateTranslator.Symbol(op)} {text.Text}" };
            return Holds(op, -1)
                ? PredicateTranslator.And(PredicateTranslator.OrNull(stored, member.Value), PredicateTranslator.OrNull(exact, read))
                : PredicateTranslator.And(
                    PredicateTranslator.OrMissing(stored, member, missing => new BinaryExpr(op, missing, text) { Text = $"{missing.Text} {PredicateTranslator.Symbol(op)} {text.Text}" }),
                    exact);
        }

        var path = member.Deserialized ?? member.Value;
        if (value is null)
        {
            var (whenNull, whenSet) = (Holds(op, 0), Holds(op, 1));
            return whenNull == whenSet ? Literal(whenNull) : PredicateTranslator.IsNull(path, negated: whenSet);
        }

        var comparison = new BinaryExpr(op, path, text!) { Text = $"{path.Text} {PredicateTranslator.Symbol(op)} {text!.Text}" };
        return Holds(op, -1) ? PredicateTranslator.OrNull(comparison, path) : comparison;
    }

    private static bool Holds(BinaryOperator op, int sign) => op switch
    {
        BinaryOperator.Equal => sign == 0,
        BinaryOperator.NotEqual => sign != 0,
        BinaryOperator.Less => sign < 0,
        BinaryOperator.LessOrEqual => sign <= 0,
        BinaryOperator.Greater => sign > 0,
        _ => sign >= 0,
    };

    private static LiteralExpr Literal(bool value) => new(SqlValue.FromBoolean(value)) { Text = value ? "TRUE" : "FALSE" };
}
