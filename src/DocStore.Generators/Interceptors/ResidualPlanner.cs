using System.Collections.Generic;
using System.Linq;
using System.Text.RegularExpressions;
using DocStore.Generators.Model;
using DocStore.Generators.QueryChecks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace DocStore.Generators.Interceptors;

/// <summary>
/// An index walk with a residual filter: a <c>Where</c> whose body is conditions joined by <c>&amp;&amp;</c> at the
/// top level, some of which one single-member index serves. The index part is chosen as the run-time planner
/// chooses it — an equality before a range before a prefix, the first written among equals — and the other
/// conditions are tested on each match's stored bytes through the field readers (<see cref="StoredTestReader"/>),
/// so a rejected document is never deserialized. Only the top-level <c>&amp;&amp;</c> splits; anything the stored
/// test cannot read leaves the query to the other planners.
/// </summary>
internal static class ResidualPlanner
{
    private const string Ns = "global::System.Linq.Expressions.";
    private const int MostValues = 8;

    public static SeekPlan? Plan(QueryModel model, IReadOnlyList<QueryStep> steps, bool orderMatters, Func<string, string?> readers)
    {
        if (!SeekPlanner.Sequence(steps) || LambdaScope.Lambda(steps[0].Arguments[0]) is not { Symbol.Parameters.Length: 1 } lambda
            || LambdaScope.Body(lambda) is not IBinaryOperation { OperatorKind: BinaryOperatorKind.ConditionalAnd } body)
        {
            return null;
        }

        var scope = new LambdaScope(lambda.Symbol.Parameters[0], model.Root, null);
        var resolver = new PathResolver(model);
        var conjuncts = new List<IOperation>();
        Flatten(body, conjuncts);
        var chosen = Choose(conjuncts, scope, resolver, model);
        if (chosen.Count == 0 || chosen.Count == conjuncts.Count)
        {
            return null;
        }

        var bounds = new List<(SeekBound Bound, DocumentPath Path, bool IsString)>();
        var reader = new StoredTestReader(scope, resolver, readers);
        var tests = new List<string>();
        string? pattern = Pattern(body, chosen, scope, resolver, model, bounds, reader, tests);
        return pattern is null || reader.Values.Count > MostValues
            ? null
            : SeekPlanner.Walk(model, steps, orderMatters, scope, bounds, pattern, string.Join(" && ", tests), new EquatableArray<SeekBound>(reader.Values));
    }

    internal static void Flatten(IOperation operation, List<IOperation> conjuncts)
    {
        if (operation is IBinaryOperation { OperatorKind: BinaryOperatorKind.ConditionalAnd } both)
        {
            Flatten(both.LeftOperand, conjuncts);
            Flatten(both.RightOperand, conjuncts);
            return;
        }

        conjuncts.Add(operation);
    }

    /// <summary>The conditions the walk serves: one equality, else up to two comparisons of one integer member, else one prefix.</summary>
    private static HashSet<IOperation> Choose(List<IOperation> conjuncts, LambdaScope scope, PathResolver resolver, QueryModel model)
    {
        var served = new List<(IOperation Condition, string Path, string Operator)>();
        foreach (IOperation conjunct in conjuncts)
        {
            var probe = new List<(SeekBound Bound, DocumentPath Path, bool IsString)>();
            if (SeekPlanner.Filter(conjunct, scope, resolver, probe, model) is null || probe.Count != 1 || probe[0].Bound.Operator == "In")
            {
                continue;
            }

            if (probe[0].Bound.Operator == "==" && probe[0].Path.Text == model.KeyPath)
            {
                // The planner seeks the key first; that plan is not compiled.
                return [];
            }

            if (SeekPlanner.IndexOf(model, probe[0].Path) >= 0)
            {
                served.Add((conjunct, probe[0].Path.Text, probe[0].Bound.Operator));
            }
        }

        var equality = served.FirstOrDefault(s => s.Operator == "==");
        if (equality.Condition is not null)
        {
            return [equality.Condition];
        }

        var range = served.FirstOrDefault(s => s.Operator != "StartsWith");
        if (range.Condition is not null)
        {
            return [.. served.Where(s => s.Path == range.Path && s.Operator != "StartsWith").Take(2).Select(s => s.Condition)];
        }

        var prefix = served.FirstOrDefault();
        return prefix.Condition is null ? [] : [prefix.Condition];
    }

    /// <summary>The pattern of the <c>&amp;&amp;</c> tree: the index's values bound first (<c>v0</c>, ...), the residual's after them.</summary>
    internal static string? Pattern(
        IOperation node, HashSet<IOperation> chosen, LambdaScope scope, PathResolver resolver, QueryModel model,
        List<(SeekBound, DocumentPath, bool)> bounds, StoredTestReader reader, List<string> tests)
    {
        if (node is IBinaryOperation { OperatorKind: BinaryOperatorKind.ConditionalAnd } both)
        {
            string? left = Pattern(both.LeftOperand, chosen, scope, resolver, model, bounds, reader, tests);
            string? right = left is null ? null : Pattern(both.RightOperand, chosen, scope, resolver, model, bounds, reader, tests);
            return right is null ? null : $"{Ns}BinaryExpression {{ NodeType: {Ns}ExpressionType.AndAlso, Left: {left}, Right: {right} }}";
        }

        if (chosen.Contains(node))
        {
            return SeekPlanner.Filter(node, scope, resolver, bounds, model);
        }

        if (reader.Read(node) is not { } read)
        {
            return null;
        }

        tests.Add(read.Test);

        // The reader numbers its values from 0; in the whole pattern they follow the index's.
        return Regex.Replace(read.Pattern, @"\bv(\d+)\b", m => "v" + (int.Parse(m.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture) + chosen.Count));
    }
}
