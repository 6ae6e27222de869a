using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace DocStore.Generators.QueryChecks;

/// <summary>
/// One operator applied to a query, whether written as <c>Queryable.Where(q, ...)</c> (an extension call)
/// or as the query type's own <c>Where</c> member that forwards to it.
/// </summary>
/// <param name="Call">The call.</param>
/// <param name="Name">The operator's name.</param>
/// <param name="IsOperator">True for a standard query operator (checked against the run time's list); false for DocStore's own methods.</param>
/// <param name="Arguments">The arguments after the query itself.</param>
internal sealed record QueryStep(IInvocationOperation Call, string Name, bool IsOperator, ImmutableArray<IOperation> Arguments)
{
    public static QueryStep Extension(IInvocationOperation call, bool isOperator) =>
        Create(call, isOperator, call.Arguments.Skip(1));

    public static QueryStep Member(IInvocationOperation call) => Create(call, true, call.Arguments);

    // An async twin (CountAsync(predicate, token)) is checked as its operator (Count(predicate)); the token is no operand.
    private static QueryStep Create(IInvocationOperation call, bool isOperator, IEnumerable<IArgumentOperation> arguments)
    {
        string name = call.TargetMethod.Name;
        if (AsyncTwins.Operator(name) is { } op)
        {
            return new(call, op, true, arguments.Where(a => a.Parameter?.Type.ToDisplayString() != "System.Threading.CancellationToken").Select(a => a.Value).ToImmutableArray());
        }

        return new(call, name, isOperator, arguments.Select(a => a.Value).ToImmutableArray());
    }
}
