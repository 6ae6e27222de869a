using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace DocStore.Generators.QueryChecks;

/// <summary>
/// <c>string.Compare(p.Name, x) OP 0</c> and <c>p.Name.CompareTo(x) OP 0</c>: the way C# writes an ordinal
/// range over strings, which translates to one.
/// </summary>
internal static class StringOrdering
{
    public static bool IsOrderingCall(IBinaryOperation binary) => Call(binary, out _, out _);

    public static Condition Check(IBinaryOperation binary, LambdaScope scope, PathResolver paths, List<QueryProblem> problems)
    {
        Call(binary, out IInvocationOperation? call, out IOperation? other);
        QueryProblem? problem = null;
        if (other!.ConstantValue is not { HasValue: true, Value: 0 })
        {
            problem = new QueryProblem(other.Syntax, "a string comparison translates only when its result is compared with 0");
        }

        IOperation[] operands = call!.Instance is { } instance
            ? [instance, call.Arguments[0].Value]
            : [call.Arguments[0].Value, call.Arguments[1].Value];
        if (problem is null && (call.Arguments.Length != (call.Instance is null ? 2 : 1)))
        {
            problem = new QueryProblem(call.Syntax, "only string.Compare(a, b) and a.CompareTo(b) translate (strings compare ordinally)");
        }

        Operand first = paths.Resolve(operands[0], scope);
        Operand second = paths.Resolve(operands[1], scope);
        problem ??= first.Problem ?? second.Problem;
        if (problem is null && (first.Kind == OperandKind.Path) == (second.Kind == OperandKind.Path))
        {
            problem = new QueryProblem(call.Syntax, "one side of the comparison must be a stored string member and the other a value computed without the document");
        }

        if (problem is not null)
        {
            problems.Add(problem);
            return new OpaqueCondition(binary.Syntax);
        }

        DocumentPath path = (first.Kind == OperandKind.Path ? first.Path : second.Path)!;
        return new PathCondition(binary.Syntax, path.Text, binary.OperatorKind == BinaryOperatorKind.NotEquals ? Access.None : Access.Range);
    }

    private static bool Call(IBinaryOperation binary, out IInvocationOperation? call, out IOperation? other)
    {
        call = null;
        other = null;
        foreach ((IOperation side, IOperation rest) in new[] { (binary.LeftOperand, binary.RightOperand), (binary.RightOperand, binary.LeftOperand) })
        {
            if (PathResolver.StripConversions(side) is IInvocationOperation { TargetMethod: { Name: "Compare" or "CompareTo", ContainingType.SpecialType: SpecialType.System_String } } found)
            {
                call = found;
                other = rest;
                return true;
            }
        }

        return false;
    }
}
