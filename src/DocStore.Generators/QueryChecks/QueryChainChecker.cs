using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace DocStore.Generators.QueryChecks;

/// <summary>One ordering key of a query.</summary>
/// <param name="Path">The member path.</param>
/// <param name="Syntax">The key selector's body.</param>
/// <param name="Descending">True for OrderByDescending and ThenByDescending.</param>
/// <param name="HasValueDefault">True for a non-nullable value member, which a missing field reads as its default.</param>
internal sealed record QueryOrdering(string Path, SyntaxNode Syntax, bool Descending, bool HasValueDefault);

/// <summary>
/// Walks one query chain as the run-time chain parser does (Where, OrderBy/ThenBy, Skip, Take, Select, then
/// one terminal operator): collects what does not translate, the filters and the orderings.
/// </summary>
internal sealed class QueryChainChecker
{
    private const string Supported = "Where, OrderBy, ThenBy, their Descending forms, Skip, Take, Select, First, FirstOrDefault, Single, SingleOrDefault, Count, LongCount, Any, Sum, Average, Min, Max and All are";

    private readonly QueryModel _model;
    private readonly PredicateChecker _predicates;
    private readonly PathResolver _paths;

    private QueryChainChecker(QueryModel model)
    {
        _model = model;
        _predicates = new PredicateChecker(model, Problems);
        _paths = new PathResolver(model);
    }

    public List<QueryProblem> Problems { get; } = new();

    public List<Condition> Filters { get; } = new();

    /// <summary>The orderings, most significant first.</summary>
    public List<QueryOrdering> Orderings { get; private set; } = new();

    /// <summary>True when Take, or a terminal that reads at most a row or two, bounds the result.</summary>
    public bool IsLimited { get; private set; }

    /// <summary>True when the terminal counts or tests for rows, so the order is never used.</summary>
    public bool IgnoresOrder { get; private set; }

    /// <summary>True when a lambda reads a projection, which the run time rewrites before translating.</summary>
    public bool ReadsProjection { get; private set; }

    public static QueryChainChecker Check(QueryModel model, IReadOnlyList<QueryStep> steps)
    {
        var checker = new QueryChainChecker(model);
        bool paged = false;
        bool projected = false;
        foreach (QueryStep step in steps)
        {
            if (!step.IsOperator)
            {
                continue;
            }

            string name = step.Name;
            switch (name)
            {
                case "Where" or "OrderBy" or "OrderByDescending" or "ThenBy" or "ThenByDescending" when paged:
                    checker.Refuse(step, name == "Where"
                        ? "a filter after Skip or Take is not supported; filter before paging"
                        : "ordering after Skip or Take is not supported; order before paging");
                    break;
                case "Where" or "OrderBy" or "OrderByDescending" or "ThenBy" or "ThenByDescending" when projected:
                    checker.ReadsProjection = true;
                    break;
                case "Where":
                    checker.Filter(step);
                    break;
                case "OrderBy" or "OrderByDescending" or "ThenBy" or "ThenByDescending":
                    checker.Order(step, name.StartsWith("Then", StringComparison.Ordinal), name.EndsWith("Descending", StringComparison.Ordinal));
                    break;
                case "Skip" or "Take" when step.Arguments.Length == 1 && step.Arguments[0].Type?.SpecialType == SpecialType.System_Int32:
                    paged = true;
                    checker.IsLimited |= name == "Take";
                    break;
                case "Select" when checker.Lambda(step) is not null:
                    projected = true;
                    break;
                case "First" or "FirstOrDefault" or "Single" or "SingleOrDefault" or "Count" or "LongCount" or "Any":
                    checker.IsLimited |= name is not ("Count" or "LongCount");
                    checker.IgnoresOrder = name is "Count" or "LongCount" or "Any";
                    if (step.Arguments.Length > 1)
                    {
                        checker.Refuse(step, $"this overload of {name} is not supported");
                    }
                    else if (step.Arguments.Length == 1 && paged)
                    {
                        checker.Refuse(step, "a filter after Skip or Take is not supported; filter before paging");
                    }
                    else if (step.Arguments.Length == 1 && !projected)
                    {
                        checker.Filter(step);
                    }

                    break;
                case "Sum" or "Average" or "Min" or "Max":
                    checker.Aggregate(step, projected);
                    break;
                case "All":
                    checker.All(step, paged, projected);
                    break;
                case "Select":
                    break;
                default:
                    checker.Refuse(step, $"the operator {name} is not supported ({Supported})");
                    break;
            }
        }

        return checker;
    }

    /// <summary>Sum, Average, Min or Max: the run time selects the value (a selector, or the projected elements) and folds it.</summary>
    private void Aggregate(QueryStep step, bool projected)
    {
        IgnoresOrder = true;
        if (step.Arguments.Length > 1)
        {
            Refuse(step, $"this overload of {step.Name} is not supported");
        }
        else if (step.Arguments.Length == 1 && projected)
        {
            Refuse(step, $"{step.Name} with a selector after Select is not supported; select the value in {step.Name} itself");
        }
        else if (step.Arguments.Length == 1)
        {
            _ = Lambda(step);
        }
    }

    /// <summary>
    /// All(predicate) runs as Any over the negated condition, a Where the planner answers by reading every
    /// document: the predicate is checked for translation, and the filter uses no index.
    /// </summary>
    private void All(QueryStep step, bool paged, bool projected)
    {
        IgnoresOrder = true;
        if (step.Arguments.Length != 1)
        {
            Refuse(step, "this overload of All is not supported");
        }
        else if (paged)
        {
            Refuse(step, "a filter after Skip or Take is not supported; filter before paging");
        }
        else if (projected)
        {
            ReadsProjection = true;
        }
        else if (Lambda(step) is { } lambda && LambdaScope.Body(lambda) is { } body)
        {
            _ = _predicates.Check(body, new LambdaScope(lambda.Symbol.Parameters[0], _model.Root, null));
            Filters.Add(new OpaqueCondition(body.Syntax));
        }
    }

    private void Filter(QueryStep step)
    {
        if (Lambda(step) is { } lambda && LambdaScope.Body(lambda) is { } body)
        {
            Filters.Add(_predicates.Check(body, new LambdaScope(lambda.Symbol.Parameters[0], _model.Root, null)));
        }
    }

    private void Order(QueryStep step, bool then, bool descending)
    {
        if (Lambda(step) is not { } lambda || LambdaScope.Body(lambda) is not { } body)
        {
            return;
        }

        if (step.Arguments.Length == 2 && !IsOrdinalComparer(step.Arguments[1]))
        {
            Problems.Add(new QueryProblem(step.Arguments[1].Syntax, "the only comparer accepted is StringComparer.Ordinal (strings are ordered ordinally)"));
        }

        Operand key = _paths.Resolve(body, new LambdaScope(lambda.Symbol.Parameters[0], _model.Root, null));
        if (key.Kind != OperandKind.Path || key.Path!.Text.Length == 0)
        {
            Problems.Add(key.Problem ?? new QueryProblem(body.Syntax, "only a member of the document (p.Name, p.Address.City) can be an ordering key"));
            return;
        }

        var ordering = new QueryOrdering(key.Path.Text, body.Syntax, descending, key.Path.Shape is { IsReference: false, IsNullableValue: false });
        if (then)
        {
            Orderings.Add(ordering);
        }
        else
        {
            // A later OrderBy sorts stably by its key: the earlier order only breaks its ties.
            Orderings = new[] { ordering }.Concat(Orderings).ToList();
        }
    }

    /// <summary>The operator's one-parameter lambda; refuses the overloads with an element index.</summary>
    private IAnonymousFunctionOperation? Lambda(QueryStep step)
    {
        if (step.Arguments.Length > 0 && LambdaScope.Lambda(step.Arguments[0]) is { Symbol.Parameters.Length: 1 } lambda)
        {
            return lambda;
        }

        Refuse(step, "the overload with an element index is not supported");
        return null;
    }

    private void Refuse(QueryStep step, string reason) => Problems.Add(new QueryProblem(OperatorName(step.Call.Syntax), reason));

    private static SyntaxNode OperatorName(SyntaxNode call) =>
        call is InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax access } ? access.Name : call;

    private static bool IsOrdinalComparer(IOperation comparer) =>
        PathResolver.StripConversions(comparer) is IPropertyReferenceOperation { Property: { Name: "Ordinal", ContainingType: var type } }
        && type.ToDisplayString() == "System.StringComparer";
}
