using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Linq;
using DocStore.Generators.Diagnostics;
using DocStore.Generators.Interceptors;
using DocStore.Generators.Model;
using DocStore.Generators.Parsing;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace DocStore.Generators.QueryChecks;

/// <summary>
/// Checks LINQ queries over typed collections (<c>db.People.Query()...</c>) at build time: a form the
/// run-time translation refuses is DOCS024 at the offending part; when the chain is seen whole, a filter no
/// index serves is DOCS025 and an ordering no index delivers, without Take, DOCS026.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class QueryAnalyzer : DiagnosticAnalyzer
{
    private const string CollectionQueryType = "DocStore.CollectionQuery`1";
    private static readonly char[] s_whitespace = [' ', '\r', '\n', '\t'];

    /// <inheritdoc />
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(
        DiagnosticDescriptors.QueryNotTranslatable,
        DiagnosticDescriptors.QueryScansCollection,
        DiagnosticDescriptors.QuerySortsEveryMatch);

    /// <inheritdoc />
    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(start =>
        {
            if (start.Compilation.GetTypeByMetadataName(CollectionQueryType) is not { } queryType)
            {
                return;
            }

            // Each document type's model is parsed at most once per compilation, and only if a query needs it.
            var models = new ConcurrentDictionary<ITypeSymbol, QueryModel?>(SymbolEqualityComparer.Default);
            start.RegisterSyntaxNodeAction(node => AnalyzeCall(node, queryType, models), SyntaxKind.InvocationExpression);
        });
    }

    private static void AnalyzeCall(SyntaxNodeAnalysisContext context, INamedTypeSymbol queryType, ConcurrentDictionary<ITypeSymbol, QueryModel?> models)
    {
        // Syntax first: only calls named Query reach the semantic model.
        var syntax = (InvocationExpressionSyntax)context.Node;
        string? name = syntax.Expression switch
        {
            MemberAccessExpressionSyntax access => access.Name.Identifier.ValueText,
            IdentifierNameSyntax identifier => identifier.Identifier.ValueText,
            _ => null,
        };
        if (name != "Query"
            || context.SemanticModel.GetOperation(syntax, context.CancellationToken) is not IInvocationOperation query
            || query.Type is not INamedTypeSymbol { TypeArguments.Length: 1 } returned
            || !SymbolEqualityComparer.Default.Equals(returned.OriginalDefinition, queryType)
            || models.GetOrAdd(returned.TypeArguments[0], t => ModelOf(t, context)) is not { } model)
        {
            return;
        }

        QueryChainSteps chain = QueryChainSteps.Read(query, queryType);
        QueryChainChecker checker = QueryChainChecker.Check(model, chain.Steps);
        foreach (QueryProblem problem in checker.Problems)
        {
            context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.QueryNotTranslatable, problem.Syntax.GetLocation(), Text(problem.Syntax), problem.Reason));
        }

        // Index advice needs the whole query: a chain that escapes may get its filter or its Take elsewhere.
        if (chain.IsWhole && checker.Problems.Count == 0 && !checker.ReadsProjection)
        {
            IndexWarnings.Report(context, model, checker, Compiled(context, chain));
        }
    }

    /// <summary>True when the generator compiles the chain's plan: its interceptor walks one index in the query's order.</summary>
    private static bool Compiled(SyntaxNodeAnalysisContext context, QueryChainSteps chain)
    {
        if (chain.Steps.Count == 0 || !InterceptorEmitter.IsEnabled(context.Node.SyntaxTree.Options))
        {
            return false;
        }

        IOperation last = chain.Steps[chain.Steps.Count - 1].Call;
        IOperation? parent = last.Parent;
        while (parent is IConversionOperation)
        {
            parent = parent.Parent;
        }

        IOperation terminal = parent is IArgumentOperation { Parent: IInvocationOperation call } ? call : last;
        return Reads(terminal, context) || (terminal != last && Reads(last, context));
    }

    private static bool Reads(IOperation call, SyntaxNodeAnalysisContext context) =>
        call.Syntax is InvocationExpressionSyntax syntax && CallSiteReader.IsCandidate(syntax)
        && CallSiteReader.Read(syntax, context.SemanticModel, context.CancellationToken) is not null;

    private static QueryModel? ModelOf(ITypeSymbol type, SyntaxNodeAnalysisContext context) =>
        type is INamedTypeSymbol named && SymbolFacts.FindAttribute(named, KnownNames.CollectionAttribute) is not null
            && CollectionParser.Parse(named, null, context.CancellationToken) is { } parsed
            ? new QueryModel(parsed)
            : null;

    /// <summary>The expression as one line, for the message.</summary>
    private static string Text(SyntaxNode syntax) => string.Join(" ", syntax.ToString().Split(s_whitespace, StringSplitOptions.RemoveEmptyEntries));
}
