using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace DocStore.Generators.QueryChecks;

/// <summary>The operators applied to one <c>Query()</c>, in order, and whether the chain is seen whole.</summary>
/// <param name="Steps">The Queryable and DocStoreQueryable calls, innermost first.</param>
/// <param name="IsWhole">
/// True when the chain ends where it runs (an operator that returns a result, a foreach, an Enumerable
/// call); false when the query escapes (into a variable, a method, a return), where more may be added.
/// </param>
internal sealed record QueryChainSteps(IReadOnlyList<IInvocationOperation> Steps, bool IsWhole)
{
    public const string Queryable = "System.Linq.Queryable";
    public const string DocStoreQueryable = "DocStore.DocStoreQueryable";
    private const string Enumerable = "System.Linq.Enumerable";

    /// <summary>Follows the operations that take <paramref name="query"/> as their source, up to where the query runs or escapes.</summary>
    public static QueryChainSteps Read(IOperation query)
    {
        var steps = new List<IInvocationOperation>();
        IOperation current = query;
        while (true)
        {
            IOperation? parent = current.Parent;
            switch (parent)
            {
                case IConversionOperation { IsImplicit: true } or IParenthesizedOperation or ITranslatedQueryOperation:
                    current = parent;
                    continue;
                case IArgumentOperation argument when argument.Parent is IInvocationOperation { Instance: null } call && call.Arguments[0] == argument:
                    string type = call.TargetMethod.ContainingType.ToDisplayString();
                    if (type is not (Queryable or DocStoreQueryable))
                    {
                        return new QueryChainSteps(steps, type == Enumerable);
                    }

                    steps.Add(call);
                    if (type == DocStoreQueryable || !IsQueryable(call.Type))
                    {
                        return new QueryChainSteps(steps, true);
                    }

                    current = call;
                    continue;
                case IForEachLoopOperation loop when loop.Collection == current:
                    return new QueryChainSteps(steps, true);
                case IInvocationOperation call when call.Instance == current:
                    // GetEnumerator, GetAsyncEnumerator: the query runs as it is.
                    return new QueryChainSteps(steps, true);
                default:
                    return new QueryChainSteps(steps, false);
            }
        }
    }

    private static bool IsQueryable(ITypeSymbol? type) =>
        type is INamedTypeSymbol named && (named.ToDisplayString().StartsWith("System.Linq.IQueryable", StringComparison.Ordinal)
            || named.ToDisplayString().StartsWith("System.Linq.IOrderedQueryable", StringComparison.Ordinal));
}
