using System.Collections;
using System.Linq.Expressions;
using DocStore.Sql.Bound;
using BinaryOperator = DocStore.Sql.Ast.BinaryOperator;
using UnaryOperator = DocStore.Sql.Ast.UnaryOperator;

namespace DocStore.Linq.Translation;

/// <summary>
/// Translates a C# predicate into a bound SQL condition with C#'s meaning. Every condition it makes is
/// NULL exactly where C# gives false (a missing or null member), so AND and OR keep their meaning and NOT
/// first turns NULL into false. A comparison also matches a missing member when the value the member
/// reads as after deserialization (its type's default, or null) satisfies it: <c>m OP v</c> becomes
/// <c>(m OP v OR m IS NULL)</c> exactly then. A member whose missing field reads as an initializer (see
/// <see cref="InitializedMembers"/>) is compared as the deserialized document holds it.
/// </summary>
internal sealed class PredicateTranslator(TranslationContext context)
{
    private static readonly LiteralExpr True = new(SqlValue.FromBoolean(true)) { Text = "TRUE" };
    private static readonly LiteralExpr False = new(SqlValue.FromBoolean(false)) { Text = "FALSE" };

    public BoundExpr Translate(Expression node)
    {
        if (context.TryValue(node, out _, out var value))
        {
            // A condition that reads no document: its value decides for every row.
            return value is bool flag ? (flag ? True : False) : throw Refuse(node, "the condition is not a boolean");
        }

        switch (node.NodeType)
        {
            case ExpressionType.AndAlso or ExpressionType.And when node.Type == typeof(bool):
                return Logical(BinaryOperator.And, (BinaryExpression)node);
            case ExpressionType.OrElse or ExpressionType.Or when node.Type == typeof(bool):
                return Logical(BinaryOperator.Or, (BinaryExpression)node);
            case ExpressionType.Not when node.Type == typeof(bool):
                var operand = Translate(((UnaryExpression)node).Operand);
                return new UnaryExpr(UnaryOperator.Not, Definite(operand)) { Text = $"NOT ({operand.Text})" };
            case ExpressionType.Equal or ExpressionType.NotEqual or ExpressionType.LessThan or ExpressionType.LessThanOrEqual
                or ExpressionType.GreaterThan or ExpressionType.GreaterThanOrEqual:
                return Comparison((BinaryExpression)node);
            case ExpressionType.MemberAccess when node is MemberExpression { Member.Name: "HasValue", Expression: { } inner } && Nullable.GetUnderlyingType(inner.Type) is not null:
                var nullable = Member(inner);
                return IsNull(nullable.Value, negated: true);
            case ExpressionType.MemberAccess when MemberResolver.Resolve(node, context) is { } member && Nullable.GetUnderlyingType(member.Type) is null && member.Type == typeof(bool):
                return Compare(node, BinaryOperator.Equal, member, True, sign: 1, isNull: false);
            case ExpressionType.Call:
                return new CallTranslator(context, this).Translate((MethodCallExpression)node);
            default:
                throw Refuse(node, "this kind of expression does not translate to a condition");
        }
    }

    /// <summary>
    /// <c>m OP v</c> with C#'s meaning for a missing member and for a null value; <paramref name="operatorNaN"/> for
    /// C#'s operators, under which a NaN member is below no value (<c>CompareTo</c> and <c>Equals</c> order it first).
    /// </summary>
    public static BoundExpr Compare(Expression origin, BinaryOperator op, MemberOperand member, BoundExpr value, int sign, bool isNull, bool operatorNaN = false)
    {
        var path = member.Value;
        var hasDefault = ClrDefaults.HasValueDefault(member.Type);
        if (member.Deserialized is { } read && !(isNull && hasDefault))
        {
            return Initialized(op, member, read, value, isNull, operatorNaN);
        }

        if (isNull)
        {
            // A null value: == is IS NULL, != is IS NOT NULL, an order comparison is false (lifted operators).
            return op switch
            {
                BinaryOperator.Equal => hasDefault ? False : IsNull(path, negated: false),
                BinaryOperator.NotEqual => hasDefault ? True : IsNull(path, negated: true),
                _ => False,
            };
        }

        var comparison = FloatingPoint.AboveNaN(operatorNaN, op, member.Type, path, new BinaryExpr(op, path, value) { Text = $"{path.Text} {Symbol(op)} {value.Text}" });
        if (member.IsKey)
        {
            return comparison;
        }

        var defaultMatches = hasDefault && DefaultSatisfies(op, sign);
        if (hasDefault && path is PathExpr { Ids.Length: > 1, Expand: -1 } nested)
        {
            // A value member missing inside an object reads as its default; through a missing or null object
            // it reads as null (p.Address?.Zip), which only != matches.
            if (op == BinaryOperator.NotEqual)
            {
                return defaultMatches ? OrNull(comparison, path) : Or(comparison, IsNull(Parent(nested), false));
            }

            return defaultMatches ? Or(comparison, And(IsNull(path, false), IsNull(Parent(nested), true))) : comparison;
        }

        return defaultMatches || (!hasDefault && op == BinaryOperator.NotEqual) ? OrNull(comparison, path) : comparison;
    }

    /// <summary>
    /// <c>m OP v</c> for a member whose missing field reads as an initializer: C#'s lifted comparison of the
    /// member as deserialized, after a test of the stored value that every match passes (a missing or null
    /// field among them), which an index can serve.
    /// </summary>
    private static BoundExpr Initialized(BinaryOperator op, MemberOperand member, BoundExpr read, BoundExpr value, bool isNull, bool operatorNaN)
    {
        var path = member.Value;
        if (isNull)
        {
            return op switch
            {
                BinaryOperator.Equal => And(IsNull(path, negated: false), IsNull(read, negated: false)),
                BinaryOperator.NotEqual => IsNull(read, negated: true),
                _ => False,
            };
        }

        var exact = FloatingPoint.AboveNaN(operatorNaN, op, member.Type, read, new BinaryExpr(op, read, value) { Text = $"{read.Text} {Symbol(op)} {value.Text}" });
        if (op == BinaryOperator.NotEqual)
        {
            return OrNull(exact, read);
        }

        var stored = FloatingPoint.AboveNaN(operatorNaN, op, member.Type, path, new BinaryExpr(op, path, value) { Text = $"{path.Text} {Symbol(op)} {value.Text}" });
        return And(OrMissing(stored, member, missing => new BinaryExpr(op, missing, value) { Text = $"{missing.Text} {Symbol(op)} {value.Text}" }), exact);
    }

    /// <summary>
    /// <paramref name="stored"/> OR the stored field is NULL, where a member missing from the document may match;
    /// when the member's missing reading is one known value, the NULL side also asks <paramref name="onMissing"/>
    /// of that value, so an index walk visits its NULL entries only for the values the initializer satisfies.
    /// </summary>
    public static BoundExpr OrMissing(BoundExpr stored, MemberOperand member, Func<BoundExpr, BoundExpr> onMissing)
    {
        var isNull = IsNull(member.Value, negated: false);
        return member.Missing?.Literal is { } missing ? Or(stored, And(isNull, onMissing(missing))) : Or(stored, isNull);
    }

    private static PathExpr Parent(PathExpr path)
    {
        var text = path.Text[..path.Text.LastIndexOf('.')];
        return new PathExpr(path.Source, path.Ids[..^1], -1, -1, text) { Text = text };
    }

    /// <summary><paramref name="path"/> IS [NOT] NULL, with its text.</summary>
    public static IsNullExpr IsNull(BoundExpr path, bool negated) =>
        new(path, negated) { Text = $"{path.Text} IS {(negated ? "NOT " : "")}NULL" };

    private static BinaryExpr Or(BoundExpr left, BoundExpr right) => new(BinaryOperator.Or, left, right) { Text = $"({left.Text} OR {right.Text})" };

    public static BinaryExpr And(BoundExpr left, BoundExpr right) => new(BinaryOperator.And, left, right) { Text = $"({left.Text} AND {right.Text})" };

    /// <summary><paramref name="condition"/> OR <paramref name="path"/> IS NULL.</summary>
    public static BoundExpr OrNull(BoundExpr condition, BoundExpr path) => Or(condition, IsNull(path, negated: false));

    public MemberOperand Member(Expression node) =>
        MemberResolver.Resolve(node, context) ?? throw Refuse(node, "only members of the document (p.Name, p.Address.City) can be tested here");

    public static QueryTranslationException Refuse(Expression node, string reason) => new(node.ToString(), reason);

    /// <summary>Whether <c>default OP v</c> holds, from the sign of <c>v</c> against the default.</summary>
    private static bool DefaultSatisfies(BinaryOperator op, int sign) => op switch
    {
        BinaryOperator.Equal => sign == 0,
        BinaryOperator.NotEqual => sign != 0,
        BinaryOperator.Less => sign > 0,
        BinaryOperator.LessOrEqual => sign >= 0,
        BinaryOperator.Greater => sign < 0,
        _ => sign <= 0,
    };

    private BinaryExpr Logical(BinaryOperator op, BinaryExpression node)
    {
        var left = Translate(node.Left);
        var right = Translate(node.Right);
        return op == BinaryOperator.And ? And(left, right) : Or(left, right);
    }

    private BoundExpr Comparison(BinaryExpression node)
    {
        var op = node.NodeType switch
        {
            ExpressionType.Equal => BinaryOperator.Equal,
            ExpressionType.NotEqual => BinaryOperator.NotEqual,
            ExpressionType.LessThan => BinaryOperator.Less,
            ExpressionType.LessThanOrEqual => BinaryOperator.LessOrEqual,
            ExpressionType.GreaterThan => BinaryOperator.Greater,
            _ => BinaryOperator.GreaterOrEqual,
        };

        Expression memberSide = node.Left;
        Expression valueSide = node.Right;
        if (!context.TryValue(valueSide, out _, out _))
        {
            (memberSide, valueSide) = (valueSide, memberSide);
            op = Mirror(op);
        }

        if (!context.TryValue(valueSide, out var slot, out var value))
        {
            throw Refuse(node, "a comparison needs a value on one side (comparing two members does not translate)");
        }

        if (new DerivedComparisons(context, this).TryTranslate(node, memberSide, op, valueSide, slot, value) is { } derived)
        {
            return derived;
        }

        var member = Member(memberSide);
        if (value is double.NaN or float.NaN)
        {
            // C#'s comparisons with NaN are all false but !=, whatever the member holds.
            return op == BinaryOperator.NotEqual ? True : False;
        }

        // A null compares with a member of any type (an object, an array): it is an IS [NOT] NULL test.
        if (value is not null && !ClrValues.Supports(valueSide.Type))
        {
            throw Refuse(node, $"values of type {valueSide.Type.Name} cannot be compared");
        }

        var parameter = value is null ? null : context.Parameter(ParameterKind.Value, slot, -1, MemberResolver.StripConversions(valueSide));
        return Compare(node, op, member, (BoundExpr?)parameter ?? True, value is null ? 0 : ClrDefaults.SignAgainstDefault(value), value is null, operatorNaN: true);
    }

    /// <summary>NULL as false, so that NOT keeps C#'s meaning.</summary>
    private static FunctionExpr Definite(BoundExpr condition) => new FunctionExpr("COALESCE", [condition, False]) { Text = condition.Text };

    public static BinaryOperator Mirror(BinaryOperator op) => op switch
    {
        BinaryOperator.Less => BinaryOperator.Greater,
        BinaryOperator.LessOrEqual => BinaryOperator.GreaterOrEqual,
        BinaryOperator.Greater => BinaryOperator.Less,
        BinaryOperator.GreaterOrEqual => BinaryOperator.LessOrEqual,
        _ => op,
    };

    public static string Symbol(BinaryOperator op) => op switch
    {
        BinaryOperator.Equal => "=",
        BinaryOperator.NotEqual => "<>",
        BinaryOperator.Less => "<",
        BinaryOperator.LessOrEqual => "<=",
        BinaryOperator.Greater => ">",
        _ => ">=",
    };

    /// <summary>True for a captured list (not a string).</summary>
    public static bool IsList(object? value) => value is IEnumerable and not string;
}
