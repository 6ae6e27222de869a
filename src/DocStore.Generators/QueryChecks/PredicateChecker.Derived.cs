using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace DocStore.Generators.QueryChecks;

/// <summary>
/// Comparisons over a value computed from a member, as the run-time translator reads them: an array's
/// <c>Length</c>, <c>Count</c> or <c>Count()</c> (translates, no index), <c>string.CompareOrdinal(m, v)</c> and
/// <c>string.Compare(m, v, StringComparison.Ordinal)</c> compared with 0 (a range or seek on <c>m</c>), and
/// a value type's <c>m.CompareTo(v)</c> (the comparison itself). Culture comparisons of strings are refused.
/// </summary>
internal sealed partial class PredicateChecker
{
    /// <summary>The condition of a comparison whose document side is such a computed value; null when it is not one.</summary>
    private Condition? Derived(IBinaryOperation binary, LambdaScope scope)
    {
        IOperation derived = PathResolver.StripConversions(binary.LeftOperand);
        IOperation other = binary.RightOperand;
        BinaryOperatorKind kind = binary.OperatorKind;
        if (scope.IsFree(derived))
        {
            (derived, other) = (PathResolver.StripConversions(binary.RightOperand), binary.LeftOperand);
            kind = MissingValues.Mirror(kind);
        }

        if (!scope.IsFree(other))
        {
            return null;
        }

        if (Counted(derived) is { } sequence)
        {
            Operand list = _paths.Resolve(sequence, scope);
            return list.Kind == OperandKind.Path && list.Path!.IsSequence
                ? new OpaqueCondition(binary.Syntax)
                : Refuse(list.Problem ?? new QueryProblem(derived.Syntax, "Length and Count translate only on a sequence member of the document"));
        }

        if (derived is not IInvocationOperation call)
        {
            return null;
        }

        IMethodSymbol method = call.TargetMethod;
        IOperation[] arguments = call.Arguments.Select(a => a.Value).ToArray();
        bool onString = method.ContainingType.SpecialType == SpecialType.System_String;
        if ((method.Name == "CompareTo" || (onString && call.Instance is null && method.Name is "Compare" or "CompareOrdinal"))
            && PathResolver.StripConversions(other).ConstantValue is { HasValue: true, Value: var bound } && !(bound is int zero && zero == 0))
        {
            return Refuse(new QueryProblem(other.Syntax, $"the result of {method.Name} translates only compared with 0"));
        }

        if (method.Name == "CompareTo" && call.Instance is not null && arguments.Length == 1)
        {
            return call.Instance.Type?.SpecialType == SpecialType.System_String
                ? Refuse(new QueryProblem(call.Syntax, "string.CompareTo compares by culture; use string.CompareOrdinal(a, b) or string.Compare(a, b, StringComparison.Ordinal)"))
                : Compare(binary, call.Instance, arguments[0], kind, scope);
        }

        if (!onString || call.Instance is not null || method.Name is not ("Compare" or "CompareOrdinal"))
        {
            return null;
        }

        if (method.Name == "Compare" && !(arguments.Length == 3 && PathResolver.StripConversions(arguments[2]).ConstantValue is { HasValue: true, Value: int comparison } && comparison == (int)System.StringComparison.Ordinal))
        {
            return Refuse(new QueryProblem(call.Syntax, "string.Compare translates with StringComparison.Ordinal only; other comparisons are by culture"));
        }

        if (method.Name == "CompareOrdinal" && arguments.Length != 2)
        {
            return Refuse(new QueryProblem(call.Syntax, "only string.CompareOrdinal(a, b) translates"));
        }

        return OrdinalComparison(binary, arguments[0], arguments[1], kind, scope);
    }

    /// <summary><c>Compare(a, b) OP 0</c>: a range on the member for an order, a seek for ==, nothing an index answers for != or a null value.</summary>
    private Condition OrdinalComparison(IOperation binary, IOperation a, IOperation b, BinaryOperatorKind kind, LambdaScope scope)
    {
        if (scope.IsFree(a))
        {
            (a, b) = (b, a);
            kind = MissingValues.Mirror(kind);
        }

        Operand member = _paths.Resolve(a, scope);
        Operand value = _paths.Resolve(b, scope);
        if (member.Kind != OperandKind.Path || value.Kind != OperandKind.Value)
        {
            return Refuse(member.Problem ?? value.Problem ?? new QueryProblem(binary.Syntax, "an ordinal comparison needs a string member on one side and a value on the other"));
        }

        Access access = kind == BinaryOperatorKind.NotEquals || IsNull(b) ? Access.None
            : kind == BinaryOperatorKind.Equals ? Access.Equality : Access.Range;
        return new PathCondition(binary.Syntax, member.Path!.Text, access);
    }

    /// <summary>The sequence of <c>s.Length</c>, <c>s.Count</c> or <c>s.Count()</c>; null otherwise.</summary>
    private static IOperation? Counted(IOperation operation) => operation switch
    {
        IPropertyReferenceOperation { Property.Name: "Length" or "Count", Instance: { } instance } when instance.Type is IArrayTypeSymbol || IsCollection(instance.Type) => instance,
        IInvocationOperation { TargetMethod.Name: "Count", Arguments.Length: 1 } count when count.TargetMethod.ContainingType.ToDisplayString() == "System.Linq.Enumerable" => count.Arguments[0].Value,
        _ => null,
    };

    private static bool IsCollection(ITypeSymbol? type) =>
        type?.ContainingNamespace?.ToDisplayString() is { } ns && ns.StartsWith("System.Collections", System.StringComparison.Ordinal) && !type.Name.Contains("Dictionary");
}
