using DocStore.Benchmarks.Compare.Data;

namespace DocStore.Benchmarks.Compare.Engines.DocStoreAdapter;

/// <summary>The SQL-shaped workloads as a typed-API user writes them: collection calls, then LINQ.</summary>
internal sealed partial class DocStoreEngine
{
    public void InsertOrders(IReadOnlyList<Order> orders) => _db.Orders.InsertMany(orders);

    public void GroupByAge(List<(long Age, long Count, long ScoreSum)> into)
    {
        var groups = new SortedDictionary<int, (long Count, long Sum)>();
        foreach (var person in _db.People.FindAll())
        {
            groups.TryGetValue(person.Age, out var group);
            groups[person.Age] = (group.Count + 1, group.Sum + person.Score);
        }

        into.AddRange(groups.Select(g => ((long)g.Key, g.Value.Count, g.Value.Sum)));
    }

    public void TopByAge(int lowAge, int highAge, int limit, List<Person> into) =>
        into.AddRange(_db.People.FindByAgeRange(lowAge, highAge, new QueryOptions { Take = limit }));

    public (long Rows, double Total) JoinChain(int age, int hops)
    {
        long rows = 0;
        double total = 0;
        foreach (var person in _db.People.FindByAgeRange(age, age))
        {
            foreach (var order in _db.Orders.FindByCustomerId(person.Id))
            {
                var last = order;
                for (var h = 0; h < hops && last is not null; h++)
                {
                    last = _db.Orders.Get(last.Id + 1);
                    last = last is not null && _db.People.Get(last.CustomerId) is not null ? last : null;
                }

                if (last is not null)
                {
                    rows++;
                    total += last.Total;
                }
            }
        }

        return (rows, total);
    }

    public (long Pairs, double Total) JoinOrders()
    {
        long pairs = 0;
        double total = 0;
        foreach (var person in _db.People.FindAll())
        {
            foreach (var order in _db.Orders.FindByCustomerId(person.Id))
            {
                pairs += person.Name.Length > 0 ? 1 : 0;
                total += order.Total;
            }
        }

        return (pairs, total);
    }
}
