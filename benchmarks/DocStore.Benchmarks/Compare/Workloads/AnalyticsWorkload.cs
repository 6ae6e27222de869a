using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Options;

namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>What an <see cref="AnalyticsWorkload"/> measures.</summary>
public enum AnalyticsKind
{
    /// <summary><c>SELECT Age, COUNT(*), SUM(Score) FROM People GROUP BY Age</c> over the large scan set.</summary>
    GroupBy,

    /// <summary>An age range through the Age index, ordered by age, first 10.</summary>
    TopByAge,

    /// <summary>10K people joined to their 100K orders through the CustomerId index.</summary>
    Join,

    /// <summary>A four-source join written with WHERE conditions (see <see cref="JoinChain"/>): people of one age, their orders, the next orders and their customers.</summary>
    JoinChain4,

    /// <summary>The same chain over eight sources: three hops from order to next order and its customer.</summary>
    JoinChain8,
}

/// <summary>
/// The SQL-shaped workloads (<see cref="IAnalyticsEngine"/>): only for engines that implement it, so
/// they run only when named with <c>--workloads</c>.
/// </summary>
public sealed class AnalyticsWorkload(string name, AnalyticsKind kind) : Workload(name, "query")
{
    public const int JoinPeople = 10_000;
    public const int JoinOrders = 100_000;
    public const int TopLimit = 10;

    public override WorkloadRun Start(IDocumentEngine engine, Scale scale, int seed)
    {
        if (engine is not IAnalyticsEngine analytics)
        {
            throw new ArgumentException($"compare: {Name} runs on DocStore, DocStore SQL and SQLite only, not {engine.Name}.");
        }

        var people = kind switch
        {
            AnalyticsKind.GroupBy => scale.ScanSizes[^1],
            AnalyticsKind.Join or AnalyticsKind.JoinChain4 or AnalyticsKind.JoinChain8 => JoinPeople,
            _ => scale.WarmDocuments,
        };
        PeopleLoader.Load(engine, people);
        if (kind is AnalyticsKind.Join or AnalyticsKind.JoinChain4 or AnalyticsKind.JoinChain8)
        {
            var batch = new List<Order>(10_000);
            for (long id = 1; id <= JoinOrders; id++)
            {
                batch.Add(Order.Create(id, JoinPeople));
                if (batch.Count == batch.Capacity || id == JoinOrders)
                {
                    analytics.InsertOrders(batch);
                    batch.Clear();
                }
            }
        }

        return new Run(engine, analytics, seed, people, kind, Name);
    }

    private static int Hops(AnalyticsKind kind) => kind == AnalyticsKind.JoinChain8 ? 3 : 1;

    private sealed class Run(IDocumentEngine engine, IAnalyticsEngine analytics, int seed, int people, AnalyticsKind kind, string name) : OperationRun(engine, seed)
    {
        private readonly List<(long, long, long)> _groups = [];
        private readonly List<Person> _top = [];
        private int _low;

        protected override void Prepare()
        {
            _groups.Clear();
            _top.Clear();
            _low = PersonFactory.MinAge + Random.Next(PersonFactory.AgeSpan - 5);
        }

        protected override void Execute()
        {
            switch (kind)
            {
                case AnalyticsKind.GroupBy:
                    analytics.GroupByAge(_groups);
                    break;
                case AnalyticsKind.TopByAge:
                    analytics.TopByAge(_low, _low + 4, TopLimit, _top);
                    break;
                case AnalyticsKind.JoinChain4 or AnalyticsKind.JoinChain8:
                    analytics.JoinChain(_low, Hops(kind));
                    break;
                default:
                    analytics.JoinOrders();
                    break;
            }
        }

        public override void Verify()
        {
            var model = Enumerable.Range(1, people).Select(id => PersonFactory.Create(id, PeopleLoader.DefaultBioLength)).ToList();
            switch (kind)
            {
                case AnalyticsKind.GroupBy:
                    var groups = new List<(long Age, long Count, long ScoreSum)>();
                    analytics.GroupByAge(groups);
                    var expected = model.GroupBy(p => p.Age).OrderBy(g => g.Key).Select(g => ((long)g.Key, (long)g.Count(), (long)g.Sum(p => p.Score))).ToList();
                    Check.That(groups.SequenceEqual(expected), Engine, $"{name}: the groups differ from the model");
                    break;
                case AnalyticsKind.TopByAge:
                    var top = new List<Person>();
                    analytics.TopByAge(30, 34, TopLimit, top);
                    Check.SamePeople([.. model.Where(p => p.Age is >= 30 and <= 34).OrderBy(p => p.Age).ThenBy(p => p.Id).Take(TopLimit)], top, Engine, $"{name}(30..34)");
                    break;
                case AnalyticsKind.JoinChain4 or AnalyticsKind.JoinChain8:
                    var (rows, sum) = analytics.JoinChain(30, Hops(kind));
                    var (expectedRows, expectedSum) = JoinChain.Expected(model, JoinOrders, 30, Hops(kind));
                    Check.That(rows == expectedRows && Math.Abs(sum - expectedSum) <= 1e-6 * Math.Max(1, expectedSum), Engine, $"{name}: {rows} chains, total {sum}; expected {expectedRows}, {expectedSum}");
                    break;
                default:
                    var (pairs, total) = analytics.JoinOrders();
                    var expectedTotal = Enumerable.Range(1, JoinOrders).Sum(id => Order.Create(id, JoinPeople).Total);
                    Check.That(pairs == JoinOrders && Math.Abs(total - expectedTotal) < 1e-6 * expectedTotal, Engine, $"{name}: {pairs} pairs, total {total}; expected {JoinOrders}, {expectedTotal}");
                    break;
            }
        }
    }
}
