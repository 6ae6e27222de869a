using System.Collections.Generic;
using System.Linq;
using DocStore.Generators.Model;
using DocStore.Generators.QueryChecks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace DocStore.Generators.Interceptors;

/// <summary>
/// A compiled full scan for a filter no index answers: comparisons of top-level integer members with values,
/// joined by <c>&amp;&amp;</c>, where no member leads an index (the run time scans those too). A member
/// through a nested object is left to the run time, which reads it as null through a missing parent. The filter is
/// tested on the stored bytes through the generated field readers, so a rejected document is never
/// deserialized; the order is key order, so only no ordering or the key ascending is taken.
/// </summary>
internal static class ScanPlanner
{
    private const string Ns = "global::System.Linq.Expressions.";
    private const int MostComparisons = 4;

    public static SeekPlan? Plan(QueryModel model, IReadOnlyList<QueryStep> steps, Func<string, string?> readers)
    {
        if (!SeekPlanner.Sequence(steps) || LambdaScope.Lambda(steps[0].Arguments[0]) is not { Symbol.Parameters.Length: 1 } lambda
            || LambdaScope.Body(lambda) is not { } body)
        {
            return null;
        }

        var scope = new LambdaScope(lambda.Symbol.Parameters[0], model.Root, null);
        var bounds = new List<(SeekBound Bound, DocumentPath Path, bool IsString)>();
        string? filter = Conjunction(body, scope, new PathResolver(model), bounds);
        var orderings = SeekPlanner.Orderings(model, steps, scope.Parameter);
        if (filter is null || bounds.Count > MostComparisons || bounds.Any(b => b.IsString || b.Path.Text.Contains('.') || model.LeadsAnIndex(b.Path.Text))
            || orderings is null || orderings.Count > 1 || (orderings.Count == 1 && (orderings[0].Path != model.KeyPath || orderings[0].Descending)))
        {
            return null;
        }

        var read = new List<SeekBound>();
        foreach (var (bound, path, _) in bounds)
        {
            if (readers(path.Text) is not { } reader)
            {
                return null;
            }

            read.Add(bound with { Reader = reader });
        }

        return new SeekPlan(-1, false, string.Join(", ", bounds.Select(b => b.Path.Text).Distinct()), SeekKind.Scan, false, filter, new EquatableArray<SeekBound>(read), false, false);
    }

    private static string? Conjunction(IOperation body, LambdaScope scope, PathResolver resolver, List<(SeekBound, DocumentPath, bool)> bounds)
    {
        if (body is IBinaryOperation { OperatorKind: BinaryOperatorKind.ConditionalAnd } both)
        {
            string? left = Conjunction(both.LeftOperand, scope, resolver, bounds);
            string? right = left is null ? null : Conjunction(both.RightOperand, scope, resolver, bounds);
            return right is null ? null : $"{Ns}BinaryExpression {{ NodeType: {Ns}ExpressionType.AndAlso, Left: {left}, Right: {right} }}";
        }

        return SeekPlanner.Comparison(body, scope, resolver, bounds);
    }
}
