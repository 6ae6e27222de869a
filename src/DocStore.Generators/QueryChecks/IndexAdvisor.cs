using System.Linq;

namespace DocStore.Generators.QueryChecks;

/// <summary>How the planner would read the collection for a query.</summary>
internal enum PlanKind
{
    /// <summary>Every document, in key order, each tested.</summary>
    FullScan,

    /// <summary>A seek on the key (<c>==</c> or IN).</summary>
    KeySeek,

    /// <summary>A seek on the leading paths of an index.</summary>
    IndexSeek,

    /// <summary>A range or prefix of the key or of an index's first path.</summary>
    Range,

    /// <summary>An || whose every side is a seek, range or prefix: each walked, each document once.</summary>
    Union,

    /// <summary>The key or an index walked in the wanted order, stopping at the limit.</summary>
    OrderWalk,
}

/// <summary>The access the planner would choose, and whether it yields the rows in the wanted order.</summary>
internal readonly record struct PlannedAccess(PlanKind Kind, bool Ordered);

/// <summary>
/// Chooses an access as the SQL planner does for the SELECT a LINQ query translates to: a key seek; else
/// the index with the longest run of leading equalities (a fully matched unique one first); else a range
/// or prefix on the key, then on an index's first path; else a union for an OR every side of which gets one
/// of those; else, for a limited query, a walk of the index the order needs; else a full scan.
/// </summary>
internal sealed class IndexAdvisor(QueryModel model)
{
    private const string NoOrder = "\0";

    /// <param name="filters">The Where conditions (all apply).</param>
    /// <param name="orderings">The ordering paths, most significant first, as the translation emits them.</param>
    /// <param name="limited">True when the query has a limit (Take, or a single-row terminal).</param>
    public PlannedAccess Plan(IReadOnlyList<Condition> filters, IReadOnlyList<string> orderings, bool limited)
    {
        List<PathCondition> conditions = filters.SelectMany(Conjuncts).OfType<PathCondition>().Where(Recognized).ToList();
        string key = model.KeyPath;
        if (conditions.Any(c => c.Path == key && c.Access is Access.Equality or Access.In))
        {
            // The planner sorts what a key seek finds, but that is at most one document per key given: not worth a warning.
            return new PlannedAccess(PlanKind.KeySeek, Ordered: true);
        }

        PlannedAccess? best = null;
        int bestScore = 0;
        for (int i = 0; i < model.Indexes.Count; i++)
        {
            string[] paths = model.Indexes[i];
            int run = paths.TakeWhile(p => conditions.Any(c => c.Path == p && c.Access is Access.Equality or Access.In)).Count();
            bool full = run == paths.Length;
            int score = (run * 2) + (full && model.Collection.Indexes[i].Unique ? 100 : 0);
            if (run == 0 || score <= bestScore)
            {
                continue;
            }

            bool multikey = paths.Any(p => p.Contains("[]"));
            bool single = full && model.Collection.Indexes[i].Unique && paths.All(p => conditions.Any(c => c.Path == p && c.Access == Access.Equality));
            best = new PlannedAccess(PlanKind.IndexSeek, single || (!multikey && !full && Delivers(paths.Skip(run).ToList(), orderings)));
            bestScore = score;
        }

        if (best is { } seek)
        {
            return seek;
        }

        foreach (string[] paths in new[] { new[] { key } }.Concat(model.Indexes))
        {
            if (conditions.Any(c => c.Path == paths[0] && c.Access == Access.Range))
            {
                // A multikey index's walk meets a document once per element: in no document order.
                return new PlannedAccess(PlanKind.Range, !paths.Any(p => p.Contains("[]")) && Delivers(paths, orderings));
            }
        }

        if (filters.SelectMany(Conjuncts).OfType<OrCondition>().Any(Served))
        {
            return new PlannedAccess(PlanKind.Union, orderings.Count == 0);
        }

        if (limited && orderings.Count is 1 or 2 && (orderings.Count == 1 || orderings[1] == key)
            && (orderings[0] == key || model.Indexes.Any(p => !p.Any(x => x.Contains("[]")) && p[0] == orderings[0])))
        {
            return new PlannedAccess(PlanKind.OrderWalk, Ordered: true);
        }

        // A full scan reads in key order, so an order that starts with the key needs no sort.
        return new PlannedAccess(PlanKind.FullScan, orderings.Count > 0 && orderings[0] == key);
    }

    /// <summary>
    /// The paths the translation orders by: the orderings up to the key, then the key. A direction change is
    /// an order no index gives; so is a non-nullable value member (ordered through its default, not as
    /// stored) unless it is the one ordering, which an index walk gives by merging its NULL entries among the
    /// default's.
    /// </summary>
    public IReadOnlyList<string> OrderPaths(IReadOnlyList<QueryOrdering> orderings)
    {
        if (orderings.Any(o => o.Descending != orderings[0].Descending || (o.Path != model.KeyPath && o.HasValueDefault && orderings.Count > 1)))
        {
            return [NoOrder];
        }

        var paths = orderings.Select(o => o.Path).ToList();
        if (!paths.Contains(model.KeyPath))
        {
            paths.Add(model.KeyPath);
        }

        return paths;
    }

    /// <summary>The condition an index on its path would answer, to name in the advice: the first top-level one.</summary>
    public static PathCondition? Candidate(IReadOnlyList<Condition> filters) =>
        filters.SelectMany(Conjuncts).OfType<PathCondition>().FirstOrDefault(Recognized);

    /// <summary>True when some index (or the key) has <paramref name="path"/> first.</summary>
    public bool Leads(string path) => path == model.KeyPath || model.Indexes.Any(i => i[0] == path);

    private static bool Recognized(PathCondition condition) => condition.Access != Access.None;

    /// <summary>True when every side of the OR gets a seek, range or prefix (or a union of its own).</summary>
    private bool Served(OrCondition or) => Sides(or).All(side =>
        Plan([side], [], limited: false).Kind is PlanKind.KeySeek or PlanKind.IndexSeek or PlanKind.Range or PlanKind.Union);

    private static IEnumerable<Condition> Sides(Condition condition) =>
        condition is OrCondition or ? Sides(or.Left).Concat(Sides(or.Right)) : new[] { condition };

    /// <summary>Walking <paramref name="components"/> (then the key) yields <paramref name="orderings"/>.</summary>
    private bool Delivers(IReadOnlyList<string> components, IReadOnlyList<string> orderings)
    {
        if (orderings.Count <= components.Count)
        {
            return orderings.SequenceEqual(components.Take(orderings.Count));
        }

        return orderings.Count == components.Count + 1 && orderings[orderings.Count - 1] == model.KeyPath
            && orderings.Take(components.Count).SequenceEqual(components);
    }

    private static IEnumerable<Condition> Conjuncts(Condition condition) =>
        condition is AndCondition and ? Conjuncts(and.Left).Concat(Conjuncts(and.Right)) : new[] { condition };
}
