using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace DocStore.Generators.QueryChecks;

/// <summary>The operators applied to one <c>Query()</c>, in order, and whether the chain is seen whole.</summary>
/// <param name="Steps">The operators (Queryable, the query type's own, DocStoreQueryable), innermost first.</param>
/// <param name="IsWhole">
/// True when the chain ends where it runs (an operator that returns a result, a foreach, an Enumerable
/// call); false when the query escapes (into a variable, a method, a return), where more may be added.
/// </param>
internal sealed record QueryChainSteps(IReadOnlyList<QueryStep> Steps, bool IsWhole)
{
    public const string Queryable = "System.Linq.Queryable";
    public const string DocStoreQueryable = "DocStore.DocStoreQueryable";
    private const string Enumerable = "System.Linq.Enumerable";

    /// <summary>Follows the operations that take <paramref name="query"/> as their source, up to where the query runs or escapes.</summary>
    public static QueryChainSteps Read(IOperation query, INamedTypeSymbol queryType)
    {
        var steps = new List<QueryStep>();
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

                    steps.Add(QueryStep.Extension(call, type == Queryable));
                    if (type == DocStoreQueryable || !IsQueryable(call.Type))
                    {
                        return new QueryChainSteps(steps, true);
                    }

                    current = call;
                    continue;
                case IForEachLoopOperation loop when loop.Collection == current:
                    return new QueryChainSteps(steps, true);
                case IInvocationOperation call when call.Instance == current && IsOperatorMember(call, queryType):
                    // The query type's own Where, OrderBy, ... (they settle the overload against AsyncEnumerable's).
                    steps.Add(QueryStep.Member(call));
                    if (!IsQueryable(call.Type))
                    {
                        return new QueryChainSteps(steps, true);
                    }

                    current = call;
                    continue;
                case IInvocationOperation call when call.Instance == current:
                    // GetEnumerator, GetAsyncEnumerator: the query runs as it is; another member that returns a query may add to it.
                    return new QueryChainSteps(steps, !IsQueryable(call.Type));
                default:
                    return new QueryChainSteps(steps, false);
            }
        }
    }

    /// <summary>A member of the query type that stands for the Queryable operator of its name.</summary>
    private static bool IsOperatorMember(IInvocationOperation call, INamedTypeSymbol queryType) =>
        SymbolEqualityComparer.Default.Equals(call.TargetMethod.ContainingType.OriginalDefinition, queryType)
        && call.TargetMethod.Name is "Where" or "OrderBy" or "OrderByDescending" or "ThenBy" or "ThenByDescending" or "Skip" or "Take"
            or "Select" or "First" or "FirstOrDefault" or "Single" or "SingleOrDefault" or "Count" or "LongCount" or "Any"
            or "Sum" or "Average" or "Min" or "Max" or "All"
            || (SymbolEqualityComparer.Default.Equals(call.TargetMethod.ContainingType.OriginalDefinition, queryType) && AsyncTwins.Operator(call.TargetMethod.Name) is not null);

    private static bool IsQueryable(ITypeSymbol? type) =>
        type is INamedTypeSymbol named && (named.ToDisplayString().StartsWith("System.Linq.IQueryable", StringComparison.Ordinal)
            || named.ToDisplayString().StartsWith("System.Linq.IOrderedQueryable", StringComparison.Ordinal));
}
