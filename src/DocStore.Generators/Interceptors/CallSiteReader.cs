using System.Collections.Generic;
using System.Linq;
using System.Threading;
using DocStore.Generators.Model;
using DocStore.Generators.Parsing;
using DocStore.Generators.QueryChecks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace DocStore.Generators.Interceptors;

/// <summary>
/// Finds the query call sites a plan can be compiled for: a terminal operator (ToList, First, Count, ...),
/// or the last operator of a chain that something else consumes (foreach, List.AddRange, LINQ to objects),
/// whose source the generator sees whole, back to <c>collection.Query()</c>, in one expression, with a
/// filter <see cref="SeekPlanner"/> answers with one index. Any other chain is left alone and runs
/// through the run-time planner.
/// </summary>
internal static class CallSiteReader
{
    private const string Enumerable = "System.Linq.Enumerable";
    private const string CollectionQueryType = "DocStore.CollectionQuery<T>";

    private static readonly HashSet<string> s_terminals = new(StringComparer.Ordinal)
    {
        "ToList", "ToArray", "First", "FirstOrDefault", "Single", "SingleOrDefault", "Count", "LongCount", "Any",
        "ToListAsync", "ToArrayAsync", "FirstAsync", "FirstOrDefaultAsync", "SingleAsync", "SingleOrDefaultAsync",
        "CountAsync", "LongCountAsync", "AnyAsync", "Explain", "ToPage", "ToPageAsync",
    };

    /// <summary>The operators a compiled chain is made of; the last one, when no operator or terminal follows, is intercepted.</summary>
    private static readonly HashSet<string> s_steps = new(StringComparer.Ordinal)
    {
        "Where", "OrderBy", "OrderByDescending", "ThenBy", "ThenByDescending", "Skip", "Take", "Select",
    };

    private static readonly SymbolDisplayFormat s_format = SymbolDisplayFormat.FullyQualifiedFormat
        .AddMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

    /// <summary>
    /// Syntax only: a call, written as a member call, of a terminal operator's name, or of a chain operator's
    /// name that no operator continues (a continued chain is read from its end).
    /// </summary>
    public static bool IsCandidate(SyntaxNode node) =>
        node is InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax access } call
        && (s_terminals.Contains(access.Name.Identifier.ValueText)
            || (s_steps.Contains(access.Name.Identifier.ValueText) && !IsContinued(call)));

    private static bool IsContinued(InvocationExpressionSyntax call) =>
        call.Parent is MemberAccessExpressionSyntax { Parent: InvocationExpressionSyntax } next && next.Expression == call
        && (s_steps.Contains(next.Name.Identifier.ValueText) || s_terminals.Contains(next.Name.Identifier.ValueText) || next.Name.Identifier.ValueText == "Select");

    public static CompiledCallSite? Read(GeneratorSyntaxContext context, CancellationToken cancellationToken) =>
        Read((InvocationExpressionSyntax)context.Node, context.SemanticModel, cancellationToken);

    public static CompiledCallSite? Read(InvocationExpressionSyntax syntax, SemanticModel semanticModel, CancellationToken cancellationToken)
    {
        if (semanticModel.GetOperation(syntax, cancellationToken) is not IInvocationOperation terminal)
        {
            return null;
        }

        string container = terminal.TargetMethod.ContainingType.ToDisplayString();
        bool isStep = s_steps.Contains(terminal.TargetMethod.Name) && !IsContinued(syntax)
            && (terminal.Instance is not null
                ? terminal.TargetMethod.ContainingType.OriginalDefinition.ToDisplayString() == CollectionQueryType
                : container == QueryChainSteps.Queryable && IsReducedExtension(syntax, semanticModel, cancellationToken));

        // A terminal written as an extension call (q.ToList()), which an interceptor with a 'this' parameter replaces.
        if (!isStep
            && (terminal.Instance is not null || !terminal.TargetMethod.IsExtensionMethod || !IsReducedExtension(syntax, semanticModel, cancellationToken)
                || container is not (Enumerable or QueryChainSteps.Queryable or QueryChainSteps.DocStoreQueryable) || !IsSupportedTerminal(terminal, container)))
        {
            return null;
        }

        var steps = new List<IInvocationOperation>();
        IOperation source = isStep ? terminal : PathResolver.StripConversions(terminal.Arguments[0].Value);
        IInvocationOperation? query = null;
        while (source is IInvocationOperation call)
        {
            if (call.TargetMethod.Name == "Query" && call.Type is INamedTypeSymbol { TypeArguments.Length: 1 } returned
                && returned.OriginalDefinition.ToDisplayString() == CollectionQueryType)
            {
                query = call;
                break;
            }

            if (call.Instance is null && call.TargetMethod.ContainingType.ToDisplayString() == QueryChainSteps.Queryable)
            {
                steps.Add(call);
                source = PathResolver.StripConversions(call.Arguments[0].Value);
            }
            else if (call.Instance is not null && call.TargetMethod.ContainingType.OriginalDefinition.ToDisplayString() == CollectionQueryType)
            {
                steps.Add(call);
                source = PathResolver.StripConversions(call.Instance);
            }
            else
            {
                return null;
            }
        }

        if (query is null || ((INamedTypeSymbol)query.Type!).TypeArguments[0] is not INamedTypeSymbol document
            || SymbolFacts.FindAttribute(document, KnownNames.CollectionAttribute) is null
            || CollectionParser.Parse(document, null, cancellationToken) is not { } collection)
        {
            return null;
        }

        steps.Reverse();
        var queryModel = new QueryModel(collection);
        var checkedSteps = steps.Select(s => s.Instance is null ? QueryStep.Extension(s, true) : QueryStep.Member(s)).ToList();
        if (!isStep && container == QueryChainSteps.Queryable)
        {
            checkedSteps.Add(QueryStep.Extension(terminal, true));
        }

        // A Select ends the chain: the plan is the chain before it, the projection is read from the stored fields.
        var readers = FieldReaders.Of(collection, Receiver(query)?.Type);
        var planSteps = checkedSteps.Take(steps.Count).ToList();
        Projection? projection = null;
        if (planSteps.Count > 0 && planSteps[planSteps.Count - 1].Name == "Select")
        {
            projection = readers is null || terminal.TargetMethod.Name == "Explain" ? null : ProjectionReader.Read(planSteps[planSteps.Count - 1], queryModel, readers);
            if (projection is null)
            {
                return null;
            }

            planSteps.RemoveAt(planSteps.Count - 1);
        }

        if (QueryChainChecker.Check(queryModel, checkedSteps).Problems.Count > 0
            || SeekPlanner.Plan(queryModel, planSteps, isStep || OrderMatters(terminal.TargetMethod.Name), readers) is not { } plan
            || ((plan.Kind is SeekKind.In or SeekKind.Scan || plan.ByKey || plan.Residual.Length > 0 || plan.Components > 0) && terminal.TargetMethod.Name == "Explain"))
        {
            // Explain of key lookups, scans, sorted and tested walks is left to the run time, which words them as SQL's EXPLAIN does.
            return null;
        }

#pragma warning disable RSEXPERIMENTAL002 // The interceptable location API is the supported way to name a call site.
        if (semanticModel.GetInterceptableLocation(syntax, cancellationToken) is not { } location)
        {
            return null;
        }

        // An anonymous result cannot be named: the interceptor is generic over the terminal's element type instead.
        bool generic = projection is { Anonymous: true };
        IMethodSymbol method = generic ? terminal.TargetMethod.OriginalDefinition : terminal.TargetMethod;

        // A member of the query (query.Where(...)) is intercepted with the query as 'this'; its callback is
        // Queryable's operator, which the member calls.
        var parameters = method.Parameters.Select(Parameter).ToList();
        var names = method.Parameters.Select(p => p.Name).ToList();
        if (terminal.Instance is not null)
        {
            parameters.Insert(0, method.ContainingType.ToDisplayString(s_format) + " source");
            names.Insert(0, "source");
        }

        return new CompiledCallSite(
            location.Version,
            location.Data,
            location.GetDisplayLocation(),
#pragma warning restore RSEXPERIMENTAL002
            method.Name,
            isStep ? "global::" + QueryChainSteps.Queryable : method.ContainingType.ToDisplayString(s_format),
            method.ReturnType.ToDisplayString(s_format),
            new EquatableArray<string>(parameters),
            new EquatableArray<string>(names),
            document.ToDisplayString(s_format),
            collection.Key.Type.TypeName,
            new EquatableArray<string>(steps.Select(s => s.TargetMethod.Name)),
            plan.Index,
            plan.Unique,
            plan.Path,
            plan.Kind,
            plan.IsString,
            plan.Filter,
            plan.Bounds,
            plan.Ordered,
            plan.Descending,
            isStep,
            plan.Test,
            // The intercepted method's own type argument, as its signature spells it (TResult of Select, TSource of a terminal).
            projection is null ? string.Empty : generic ? method.TypeParameters[isStep ? 1 : 0].Name : method.TypeArguments[isStep ? 1 : 0].ToDisplayString(s_format),
            projection,
            generic ? "<" + string.Join(", ", method.TypeParameters.Select(t => t.Name)) + ">" : string.Empty,
            plan.ByKey,
            plan.Residual,
            plan.ResidualValues,
            plan.Components);
    }

    /// <summary>What Query() is called on (an extension member: its first argument, before the conversion to the base collection).</summary>
    private static IOperation? Receiver(IInvocationOperation query) =>
        query.Instance is { } instance ? PathResolver.StripConversions(instance)
            : query.Arguments.Length > 0 ? PathResolver.StripConversions(query.Arguments[0].Value) : null;

    private static bool IsReducedExtension(InvocationExpressionSyntax syntax, SemanticModel semanticModel, CancellationToken cancellationToken) =>
        semanticModel.GetSymbolInfo(syntax, cancellationToken).Symbol is IMethodSymbol { MethodKind: MethodKind.ReducedExtension };

    /// <summary>No predicate overloads: those filters would be a second Where. ToPage takes its continuation token.</summary>
    private static bool IsSupportedTerminal(IInvocationOperation terminal, string container)
    {
        string name = terminal.TargetMethod.Name;
        int extra = terminal.Arguments.Length - 1;
        return container switch
        {
            Enumerable => name is "ToList" or "ToArray" && extra == 0,
            QueryChainSteps.Queryable => name is "First" or "FirstOrDefault" or "Single" or "SingleOrDefault" or "Count" or "LongCount" or "Any" && extra == 0,
            _ => name switch
            {
                "Explain" => extra == 0,
                "ToPage" => extra == 1,
                "ToPageAsync" => extra == 2,
                _ => extra == 1 && terminal.TargetMethod.Parameters[1].Type.ToDisplayString() == "System.Threading.CancellationToken",
            },
        };
    }

    private static bool OrderMatters(string terminal) => !terminal.StartsWith("Count", StringComparison.Ordinal)
        && !terminal.StartsWith("LongCount", StringComparison.Ordinal) && !terminal.StartsWith("Any", StringComparison.Ordinal);

    private static string Parameter(IParameterSymbol parameter)
    {
        string text = parameter.Type.ToDisplayString(s_format) + " " + parameter.Name;
        return parameter.HasExplicitDefaultValue ? text + " = default" : text;
    }
}
