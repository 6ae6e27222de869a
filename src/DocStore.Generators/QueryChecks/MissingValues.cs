using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace DocStore.Generators.QueryChecks;

/// <summary>
/// The access a comparison <c>m OP v</c> gives the planner. A document without the member reads it as its
/// type's default (for a non-nullable value type), so when <c>default OP v</c> holds the translation adds
/// <c>OR m IS NULL</c>. The planner answers that OR with an index only for <c>&lt;</c> and <c>&lt;=</c>: a
/// range whose lower end includes the NULL entries, which sort first. That depends on <c>v</c>: it is known
/// for a constant; a captured value is taken not to be the default.
/// </summary>
internal static class MissingValues
{
    public static Access Access(DocumentPath path, BinaryOperatorKind kind, IOperation value, bool isKey)
    {
        if (kind == BinaryOperatorKind.NotEquals || PathResolver.StripConversions(value).ConstantValue is { HasValue: true, Value: null })
        {
            return QueryChecks.Access.None;
        }

        var access = kind == BinaryOperatorKind.Equals ? QueryChecks.Access.Equality : QueryChecks.Access.Range;
        if (path.Shape is not { IsReference: false, IsNullableValue: false } || Sign(value) is not { } sign)
        {
            return access;
        }

        bool defaultMatches = kind switch
        {
            BinaryOperatorKind.Equals => sign == 0,
            BinaryOperatorKind.LessThan => sign > 0,
            BinaryOperatorKind.LessThanOrEqual => sign >= 0,
            BinaryOperatorKind.GreaterThan => sign < 0,
            _ => sign <= 0,
        };
        // Only an index holds NULL entries to start from; the key's tree has none.
        bool rangeFromNull = !isKey && kind is BinaryOperatorKind.LessThan or BinaryOperatorKind.LessThanOrEqual;
        return defaultMatches && !rangeFromNull ? QueryChecks.Access.None : access;
    }

    /// <summary><c>v OP m</c> as <c>m OP' v</c>.</summary>
    public static BinaryOperatorKind Mirror(BinaryOperatorKind kind) => kind switch
    {
        BinaryOperatorKind.LessThan => BinaryOperatorKind.GreaterThan,
        BinaryOperatorKind.LessThanOrEqual => BinaryOperatorKind.GreaterThanOrEqual,
        BinaryOperatorKind.GreaterThan => BinaryOperatorKind.LessThan,
        BinaryOperatorKind.GreaterThanOrEqual => BinaryOperatorKind.LessThanOrEqual,
        _ => kind,
    };

    /// <summary>The sign of a constant against its type's default; null when the value is not a constant.</summary>
    private static int? Sign(IOperation value)
    {
        Optional<object?> constant = value.ConstantValue.HasValue ? value.ConstantValue : PathResolver.StripConversions(value).ConstantValue;
        if (!constant.HasValue)
        {
            return null;
        }

        return constant.Value switch
        {
            bool flag => flag ? 1 : 0,
            double d => double.IsNaN(d) ? null : Math.Sign(d),
            float f => float.IsNaN(f) ? null : Math.Sign(f),
            char c => c == '\0' ? 0 : 1,
            string => null,
            IConvertible number => Math.Sign(number.ToDecimal(System.Globalization.CultureInfo.InvariantCulture)),
            _ => null,
        };
    }
}
