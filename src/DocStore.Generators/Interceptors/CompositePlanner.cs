using System.Collections.Generic;
using System.Linq;
using DocStore.Generators.Model;
using DocStore.Generators.QueryChecks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace DocStore.Generators.Interceptors;

/// <summary>
/// A walk of a composite index, as its generated <c>FindBy…</c> prefix methods walk it: equalities on its leading
/// paths, then optionally a range (integer) or prefix (string) on the next one, from conditions joined by
/// <c>&amp;&amp;</c> at the top level; the other conditions are a residual tested on the stored bytes. It is taken
/// only when the run-time planner would choose that index: the most leading equalities (a range or prefix on the
/// next path counts one more, a unique index fully matched wins), the first declared on ties. Its matches come
/// in the index's order, so unless every path is matched by an equality they are sorted by key, and only no
/// ordering or the key ascending is taken.
/// </summary>
internal static class CompositePlanner
{
    private const int MostValues = 8;

    public static SeekPlan? Plan(QueryModel model, IReadOnlyList<QueryStep> steps, bool orderMatters, Func<string, string?> readers)
    {
        if (!SeekPlanner.Sequence(steps) || LambdaScope.Lambda(steps[0].Arguments[0]) is not { Symbol.Parameters.Length: 1 } lambda
            || LambdaScope.Body(lambda) is not { } body)
        {
            return null;
        }

        var scope = new LambdaScope(lambda.Symbol.Parameters[0], model.Root, null);
        var resolver = new PathResolver(model);
        var conjuncts = new List<IOperation>();
        ResidualPlanner.Flatten(body, conjuncts);
        var probes = conjuncts.Select(c => Probe(c, scope, resolver, model)).ToList();
        if (probes.Any(p => p is { Operator: "==" } && p.Value.Path == model.KeyPath)
            || Best(model, probes) is not { } best || model.Indexes[best.Index].Length == 1 || model.Collection.Indexes[best.Index].IsMultikey)
        {
            return null;
        }

        string[] paths = model.Indexes[best.Index];
        var orderings = SeekPlanner.Orderings(model, steps, scope.Parameter);
        bool keyOrder = orderings is { Count: 0 } || (orderings is { Count: 1 } && orderings[0].Path == model.KeyPath && !orderings[0].Descending);
        if (orderings is null || (orderMatters && !keyOrder))
        {
            return null;
        }

        var chosen = new HashSet<IOperation>(best.Equalities.Concat(best.Tail).Select(i => conjuncts[i]));
        var bounds = new List<(SeekBound Bound, DocumentPath Path, bool IsString)>();
        var reader = new StoredTestReader(scope, resolver, readers);
        var tests = new List<string>();
        string? pattern = ResidualPlanner.Pattern(body, chosen, scope, resolver, model, bounds, reader, tests);
        if (pattern is null || reader.Values.Count > MostValues || bounds.Any(b => !b.Path.WalkableWhenMissing))
        {
            return null;
        }

        bool full = best.Equalities.Count == paths.Length;
        bool tailIsString = best.Tail.Count > 0 && probes[best.Tail[0]]!.Value.IsString;
        SeekKind kind = best.Tail.Count == 0 ? SeekKind.Equality : tailIsString ? SeekKind.Prefix : SeekKind.Range;
        int components = best.Equalities.Count + (best.Tail.Count > 0 ? 1 : 0);
        var tagged = bounds.Select(b => b.Bound with { Component = System.Array.IndexOf(paths, b.Path.Text), ValueType = b.IsString ? "string" : "long" });
        return new SeekPlan(best.Index, false, string.Join(", ", paths.Take(components)), kind, tailIsString, pattern, new EquatableArray<SeekBound>(tagged), false, false,
            ByKey: orderMatters && !full, Residual: string.Join(" && ", tests), ResidualValues: new EquatableArray<SeekBound>(reader.Values), Components: components);
    }

    /// <summary>The path, operator and kind of a condition an index could serve, else null.</summary>
    private static (string Path, string Operator, bool IsString)? Probe(IOperation conjunct, LambdaScope scope, PathResolver resolver, QueryModel model)
    {
        var probe = new List<(SeekBound Bound, DocumentPath Path, bool IsString)>();
        return SeekPlanner.Filter(conjunct, scope, resolver, probe, model) is not null && probe.Count == 1 && probe[0].Bound.Operator != "In" && !probe[0].Path.IsInElement
            ? (probe[0].Path.Text, probe[0].Bound.Operator, probe[0].IsString)
            : null;
    }

    /// <summary>The index the run-time planner seeks, with the conditions (by position) it uses: leading equalities, then the next path's bounds.</summary>
    private static (int Index, List<int> Equalities, List<int> Tail)? Best(QueryModel model, List<(string Path, string Operator, bool IsString)?> probes)
    {
        (int Index, List<int> Equalities, List<int> Tail)? best = null;
        int bestScore = 0;
        for (int i = 0; i < model.Indexes.Count; i++)
        {
            string[] paths = model.Indexes[i];
            var equalities = new List<int>();
            foreach (string path in paths)
            {
                int at = probes.FindIndex(p => p is { Operator: "==" } && p.Value.Path == path);
                if (at < 0)
                {
                    break;
                }

                equalities.Add(at);
            }

            if (equalities.Count == 0)
            {
                continue;
            }

            bool full = equalities.Count == paths.Length;
            var tail = new List<int>();
            if (!full && !model.Collection.Indexes[i].IsMultikey)
            {
                string next = paths[equalities.Count];
                var on = Enumerable.Range(0, probes.Count).Where(c => probes[c] is { } p && p.Path == next && p.Operator != "==").ToList();
                var prefix = on.Where(c => probes[c]!.Value.Operator == "StartsWith").Take(1).ToList();
                tail = prefix.Count > 0 ? prefix : on.Take(2).ToList();
            }

            int score = (equalities.Count * 2) + (full && model.Collection.Indexes[i].Unique ? 100 : 0) + (tail.Count > 0 ? 1 : 0);
            if (score > bestScore)
            {
                best = (i, equalities, tail);
                bestScore = score;
            }
        }

        return best;
    }
}
