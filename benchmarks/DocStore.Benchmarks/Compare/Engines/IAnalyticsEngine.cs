using DocStore.Benchmarks.Compare.Data;

namespace DocStore.Benchmarks.Compare.Engines;

/// <summary>
/// The SQL-shaped workloads (grouping, ordered range with a limit, a join), for the engines that can run
/// them: DocStore typed (collection calls and LINQ), DocStore SQL and SQLite. They run only when named.
/// </summary>
public interface IAnalyticsEngine
{
    /// <summary>Inserts orders in one transaction.</summary>
    void InsertOrders(IReadOnlyList<Order> orders);

    /// <summary>Per age: the number of people and the sum of their scores (<c>GROUP BY Age</c>), in age order.</summary>
    void GroupByAge(List<(long Age, long Count, long ScoreSum)> into);

    /// <summary>The first <paramref name="limit"/> people with age in the range, ordered by age then id.</summary>
    void TopByAge(int lowAge, int highAge, int limit, List<Person> into);

    /// <summary>Every (person name, order total) pair of people joined to their orders; returns the pairs and the sum of totals.</summary>
    (long Pairs, double Total) JoinOrders();

    /// <summary>
    /// The chains of <see cref="JoinChain"/> with <paramref name="hops"/> hops from the people aged <paramref name="age"/>:
    /// the number of chains and the sum of their last orders' totals.
    /// </summary>
    (long Rows, double Total) JoinChain(int age, int hops);
}
