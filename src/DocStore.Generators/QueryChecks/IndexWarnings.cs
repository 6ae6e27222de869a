using System.Linq;
using DocStore.Generators.Diagnostics;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace DocStore.Generators.QueryChecks;

/// <summary>DOCS025 and DOCS026 for a query seen whole, with the <c>[Index]</c> that would serve it.</summary>
internal static class IndexWarnings
{
    /// <param name="context">The analysis.</param>
    /// <param name="model">The collection.</param>
    /// <param name="query">The checked chain.</param>
    /// <param name="compiled">True when the generator compiles the chain's plan, whose index walk gives the order (no DOCS026).</param>
    public static void Report(SyntaxNodeAnalysisContext context, QueryModel model, QueryChainChecker query, bool compiled)
    {
        var advisor = new IndexAdvisor(model);
        string collection = model.Collection.CollectionName;
        IReadOnlyList<string> order = query.Orderings.Count == 0 ? [] : advisor.OrderPaths(query.Orderings);
        PlannedAccess plan = advisor.Plan(query.Filters, order, query.IsLimited);
        if (query.Filters.Count > 0 && plan.Kind == PlanKind.FullScan)
        {
            PathCondition? candidate = IndexAdvisor.Candidate(query.Filters);
            string advice = candidate is null
                ? "none of its conditions can use an index (an index answers ==, <, <=, >, >=, StartsWith, ordinal Compare and Contains on one member, "
                    + "joined by &&, or || when every side uses one; !=, !, null tests, array lengths, a compound Any over documents, "
                    + "and an ==, > or >= that a missing member's default satisfies never use one)"
                : $"an index on '{candidate.Path}' would serve it: {Attribute(model, candidate.Path)}";
            SyntaxNode where = candidate?.Syntax ?? query.Filters[0].Syntax;
            context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.QueryScansCollection, where.GetLocation(), collection, advice));
        }

        if (query.Orderings.Count > 0 && !query.IsLimited && !query.IgnoresOrder && !plan.Ordered && !compiled)
        {
            QueryOrdering first = query.Orderings[0];
            string advice = (first.HasValueDefault && query.Orderings.Count > 1) || advisor.Leads(first.Path) || query.Orderings.Any(o => o.Descending != first.Descending)
                ? "add Take(n) so that only the first rows are kept"
                : $"add Take(n) so that only the first rows are kept, or declare {Attribute(model, first.Path)} and leave the filter to it";
            context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.QuerySortsEveryMatch, first.Syntax.GetLocation(), collection, first.Path, advice));
        }
    }

    /// <summary>The attribute as the model would declare it: on the member for a top-level one, on the type for a path.</summary>
    private static string Attribute(QueryModel model, string path) =>
        path.Contains('.') || path.Contains("[]")
            ? $"[Index(\"{path}\")] on '{model.Collection.TypeName}'"
            : $"[Index] on '{model.Collection.TypeName}.{path}'";
}
