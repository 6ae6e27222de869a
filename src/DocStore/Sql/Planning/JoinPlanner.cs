using DocStore.Sql.Binding;
using DocStore.Sql.Bound;
using DocStore.Sql.Execution;

namespace DocStore.Sql.Planning;

/// <summary>
/// Chooses the order in which a query's sources are joined, as SQLite's next-generation planner does: it
/// grows partial orders one source at a time, keeps the <see cref="PathsKept"/> cheapest after each step
/// (one per set of joined sources), and takes the cheapest complete one. A source whose prerequisites
/// (see <see cref="JoinGraph.Before"/>) are not all joined waits. The work is bounded by
/// sources² × <see cref="PathsKept"/> step estimates, so a 30-source join plans in well under a millisecond's
/// worth of estimates per source pair.
/// </summary>
internal static class JoinPlanner
{
    /// <summary>How many partial orders survive each step.</summary>
    public const int PathsKept = 8;

    /// <summary>The most sources one query joins (as in SQLite).</summary>
    public const int MaxSources = 64;

    /// <summary>The size assumed when nothing better is known: SQLite's assumption for a table without statistics.</summary>
    public static double UnknownSize(SqlCollection collection) => collection.IsSystem ? 10 : 1_000_000;

    public static SourcePlan[] Order(BoundSelect query, Func<SqlCollection, double> sizes)
    {
        var count = query.Sources.Length;
        if (count > MaxSources)
        {
            throw SqlErrors.NotSupported($"The query joins {count} sources; at most {MaxSources} can be joined in one select.");
        }

        var graph = JoinGraph.Build(query);
        var size = query.Sources.Select(s => sizes(s.Collection)).ToArray();
        List<Partial> paths = [new Partial([], 0, 0, 1)];
        for (var step = 0; step < count; step++)
        {
            var best = new Dictionary<ulong, Partial>();
            foreach (var path in paths)
            {
                for (var i = 0; i < count; i++)
                {
                    var bit = 1UL << i;
                    if ((path.Joined & bit) != 0 || (graph.Before[i] & ~path.Joined) != 0)
                    {
                        continue;
                    }

                    var next = JoinStepPlanner.Plan(query, graph, path.Joined, i, path.Rows, size[i]);
                    var grown = new Partial([.. path.Steps, next.Plan], path.Joined | bit, path.Cost + next.Cost, Math.Max(next.Rows, 1e-6));
                    if (!best.TryGetValue(grown.Joined, out var known) || grown.Cost < known.Cost)
                    {
                        best[grown.Joined] = grown;
                    }
                }
            }

            if (best.Count == 0)
            {
                // Prerequisites that wait on each other (an ON naming a later source): keep the written order.
                return InWrittenOrder(query, graph, size);
            }

            paths = [.. best.Values.OrderBy(p => p.Cost).ThenBy(p => p.Rows).Take(PathsKept)];
        }

        return [.. paths[0].Steps];
    }

    private static SourcePlan[] InWrittenOrder(BoundSelect query, JoinGraph graph, double[] size)
    {
        var plans = new SourcePlan[query.Sources.Length];
        ulong joined = 0;
        double rows = 1;
        for (var i = 0; i < plans.Length; i++)
        {
            var step = JoinStepPlanner.Plan(query, graph, joined, i, rows, size[i]);
            plans[i] = step.Plan;
            joined |= 1UL << i;
            rows = Math.Max(step.Rows, 1e-6);
        }

        return plans;
    }

    /// <summary>A partial join order: its steps, the sources joined, the cost so far and the rows it yields.</summary>
    private sealed record Partial(SourcePlan[] Steps, ulong Joined, double Cost, double Rows);
}
