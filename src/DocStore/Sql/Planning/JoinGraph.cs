using DocStore.Sql.Ast;
using DocStore.Sql.Binding;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Planning;

/// <summary>One conjunct of a join's conditions, with the sources it reads (one bit per source).</summary>
internal sealed record JoinConjunct(BoundExpr Expr, ulong Mask);

/// <summary>
/// A join's conditions as the planner sees them. WHERE conjuncts and the ON conjuncts of inner and cross
/// joins form one pool (for an inner join the two mean the same); a LEFT JOIN keeps its ON conjuncts,
/// which decide what matches before NULLs are filled in. Each source lists the sources that must come
/// before it: everything written before a LEFT or CROSS JOIN, and whatever its ON reads.
/// </summary>
internal sealed class JoinGraph
{
    private JoinGraph(List<JoinConjunct> pool, List<JoinConjunct>[] on, ulong[] before)
    {
        Pool = pool;
        On = on;
        Before = before;
    }

    /// <summary>The conjuncts checked once the sources they read are joined.</summary>
    public List<JoinConjunct> Pool { get; }

    /// <summary>Per source: its LEFT JOIN conditions (empty for other sources).</summary>
    public List<JoinConjunct>[] On { get; }

    /// <summary>Per source: the sources that must be joined before it.</summary>
    public ulong[] Before { get; }

    public static JoinGraph Build(BoundSelect query)
    {
        var count = query.Sources.Length;
        var all = count >= 64 ? ulong.MaxValue : (1UL << count) - 1;
        var pool = new List<JoinConjunct>();
        var on = new List<JoinConjunct>[count];
        var before = new ulong[count];
        Add(pool, query.Where, all);
        for (var i = 0; i < count; i++)
        {
            var source = query.Sources[i];
            on[i] = [];
            if (source.Join is JoinKind.Left)
            {
                Add(on[i], source.On, all);
                before[i] = (1UL << i) - 1;
                foreach (var conjunct in on[i])
                {
                    before[i] |= conjunct.Mask & ~(1UL << i);
                }
            }
            else
            {
                Add(pool, source.On, all);
                before[i] = source.Join is JoinKind.Cross ? (1UL << i) - 1 : 0;
            }
        }

        return new JoinGraph(pool, on, before);
    }

    private static void Add(List<JoinConjunct> into, BoundExpr? expression, ulong all)
    {
        foreach (var conjunct in Conjuncts.Split(expression))
        {
            // A correlated subquery (EXISTS, IN, scalar) is checked as soon as the sources it reads are joined,
            // as SQLite does, not once per row of a join that multiplies them; others once every source is.
            var mask = Conjuncts.CorrelatedMask(conjunct) ?? all;
            into.Add(new JoinConjunct(conjunct, mask));
        }
    }
}
