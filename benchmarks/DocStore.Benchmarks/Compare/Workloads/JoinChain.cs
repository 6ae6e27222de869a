using System.Globalization;
using System.Text;
using DocStore.Benchmarks.Compare.Data;

namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>
/// The multi-source join workloads: from the people of one age to their orders, then <c>hops</c> times from
/// an order to the next order (id + 1) and that order's customer. Written as SQL with every join condition
/// in WHERE and the sources listed in reverse, so the planner has to find the order (start at the age).
/// </summary>
public static class JoinChain
{
    /// <summary>The DocStore SQL text; one parameter, the age.</summary>
    public static string DocStoreSql(int hops) => Text(hops, "People", "Orders", "p{0}.Age = ?", "o{0}.CustomerId", "{0}.Id", "o{0}.Total");

    /// <summary>The SQLite text over JSON documents; one parameter, <c>$age</c>.</summary>
    public static string SqliteSql(int hops) => Text(hops, "people", "orders", "json_extract(p{0}.doc, '$.age') = $age", "json_extract(o{0}.doc, '$.customerId')", "{0}.id", "json_extract(o{0}.doc, '$.total')");

    /// <summary>The chains and the sum of their last totals, from the model.</summary>
    public static (long Rows, double Total) Expected(IReadOnlyList<Person> people, int orders, int age, int hops)
    {
        var customers = people.Count;
        long rows = 0;
        double total = 0;
        foreach (var person in people.Where(p => p.Age == age))
        {
            for (long id = person.Id; id <= orders; id += customers)
            {
                var last = id + hops;
                if (last <= orders)
                {
                    rows++;
                    total += Order.Create(last, customers).Total;
                }
            }
        }

        return (rows, total);
    }

    private static string Text(int hops, string people, string orders, string age, string customer, string id, string total)
    {
        var from = new List<string>();
        var where = new List<string> { F(age, 0), $"{F(customer, 0)} = {F(id, "p0")}" };
        from.Add($"{people} p0");
        from.Add($"{orders} o0");
        for (var h = 1; h <= hops; h++)
        {
            from.Add($"{orders} o{h}");
            from.Add($"{people} p{h}");
            where.Add($"{F(id, $"o{h}")} = {F(id, $"o{h - 1}")} + 1");
            where.Add($"{F(id, $"p{h}")} = {F(customer, h)}");
        }

        from.Reverse();
        var text = new StringBuilder("SELECT COUNT(*), SUM(").Append(F(total, hops)).Append(") FROM ");
        return text.AppendJoin(", ", from).Append(" WHERE ").AppendJoin(" AND ", where).ToString();
    }

    private static string F(string format, object value) => string.Format(CultureInfo.InvariantCulture, format, value);
}
