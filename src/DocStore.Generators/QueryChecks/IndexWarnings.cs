using System.Linq;
using DocStore.Generators.Diagnostics;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace DocStore.Generators.QueryChecks;

/// <summary>DOCS025 and DOCS026 for a query seen whole, with the <c>[Index]</c> that would serve it.</summary>
internal static class IndexWarnings
{
    public static void Report(SyntaxNodeAnalysisContext context, QueryModel model, QueryChainChecker query)
    {
        var advisor = new IndexAdvisor(model);
        string collection = model.Collection.CollectionName;
        if (query.Filters.Count > 0 && !query.Filters.Any(advisor.Served))
        {
            PathCondition? candidate = query.Filters.Select(advisor.Candidate).FirstOrDefault(c => c is not null);
            string advice = candidate is null
                ? "none of its conditions can use an index (!=, a negation, a null test and Any() without a condition never do)"
                : $"an index on '{candidate.Path}' would serve it: {Attribute(model, candidate.Path)}";
            SyntaxNode where = candidate?.Syntax ?? query.Filters[0].Syntax;
            context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.QueryScansCollection, where.GetLocation(), collection, advice));
        }

        if (query.Orderings.Count > 0 && !query.IsLimited && !query.IgnoresOrder
            && !advisor.DeliversOrder(query.Orderings.Select(o => o.Path).ToList(), query.Filters))
        {
            QueryOrdering first = query.Orderings[0];
            context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.QuerySortsEveryMatch, first.Syntax.GetLocation(),
                collection, first.Path, Attribute(model, first.Path)));
        }
    }

    /// <summary>The attribute as the model would declare it: on the member for a top-level one, on the type for a path.</summary>
    private static string Attribute(QueryModel model, string path) =>
        path.Contains('.') || path.Contains("[]")
            ? $"[Index(\"{path}\")] on '{model.Collection.TypeName}'"
            : $"[Index] on '{model.Collection.TypeName}.{path}'";
}
