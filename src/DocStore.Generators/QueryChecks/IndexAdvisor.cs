using System.Linq;
using Microsoft.CodeAnalysis;

namespace DocStore.Generators.QueryChecks;

/// <summary>
/// Decides, as the planner would, whether a query's filter can use an index (an equality, range, prefix,
/// IN or Contains on the key or on the first path of an index; every side of an OR) and whether its
/// ordering comes out of one.
/// </summary>
internal sealed class IndexAdvisor(QueryModel model)
{
    /// <summary>True when an index or the key answers <paramref name="condition"/>.</summary>
    public bool Served(Condition condition) => condition switch
    {
        PathCondition path => path.Access != Access.None && model.LeadsAnIndex(path.Path),
        AndCondition and => Served(and.Left) || Served(and.Right),
        OrCondition or => Served(or.Left) && Served(or.Right),
        _ => false,
    };

    /// <summary>The condition an index would serve, to name in the warning: the first indexable form not served.</summary>
    public PathCondition? Candidate(Condition condition) => condition switch
    {
        PathCondition { Access: not Access.None } path => path,
        AndCondition and => Candidate(and.Left) ?? Candidate(and.Right),
        OrCondition or => Served(or.Left) ? Candidate(or.Right) : Candidate(or.Left),
        _ => null,
    };

    /// <summary>
    /// True when the orderings (paths, most significant first) come out of the key or an index: the key, or
    /// an index whose leading paths the filter fixes by equality and whose next paths are the orderings,
    /// and the filter constrains no path outside that index that the planner would seek instead.
    /// </summary>
    public bool DeliversOrder(IReadOnlyList<string> orderings, IReadOnlyList<Condition> filters)
    {
        var conjuncts = filters.SelectMany(Conjuncts).ToList();
        var equal = new HashSet<string>(conjuncts.OfType<PathCondition>().Where(c => c.Access == Access.Equality).Select(c => c.Path), StringComparer.Ordinal);
        bool seeksElsewhere(IReadOnlyList<string> source) => conjuncts.Any(c => c is OrCondition or && Served(or))
            || conjuncts.OfType<PathCondition>().Any(c => c.Access != Access.None && model.LeadsAnIndex(c.Path) && !source.Contains(c.Path));

        // The key ends every ordering, so the orderings up to the key are the ones an index must give.
        int keyAt = orderings.ToList().IndexOf(model.KeyPath);
        IReadOnlyList<string> wanted = keyAt >= 0 ? orderings.Take(keyAt + 1).ToList() : orderings;
        IEnumerable<IReadOnlyList<string>> sources = model.Indexes.Select(i => (IReadOnlyList<string>)i).Append(new[] { model.KeyPath });
        foreach (IReadOnlyList<string> source in sources)
        {
            if (source.Any(p => p.Contains("[]")))
            {
                continue;
            }

            int fixedCount = 0;
            while (fixedCount < source.Count && equal.Contains(source[fixedCount]) && !wanted.Contains(source[fixedCount]))
            {
                fixedCount++;
            }

            IEnumerable<string> next = source.Skip(fixedCount).Append(model.KeyPath);
            if (next.Take(wanted.Count).SequenceEqual(wanted, StringComparer.Ordinal) && !seeksElsewhere(source))
            {
                return true;
            }
        }

        return false;
    }

    private static IEnumerable<Condition> Conjuncts(Condition condition) =>
        condition is AndCondition and ? Conjuncts(and.Left).Concat(Conjuncts(and.Right)) : new[] { condition };
}
