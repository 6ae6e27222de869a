using System.Globalization;
using DocStore.Bson.Model;

namespace DocStore.Tests.Sql.Joins;

/// <summary>
/// A chain of joins written as WHERE conditions with its sources listed backwards (people of one age, their
/// orders, the next order and its customer, hop after hop): the planner starts at the age and reaches every
/// other source by an index nested loop, one key or index seek per row, whatever the written order.
/// </summary>
public sealed class JoinChainPlanTests : IDisposable
{
    private const int People = 200;
    private const int Orders = 2000;
    private const int Ages = 20;
    private readonly DocStoreDatabase _db = DocStoreDatabase.OpenInMemory();

    public JoinChainPlanTests()
    {
        var people = _db.GetCollection("People", IndexDefinition.On("Age"));
        for (var id = 1; id <= People; id++)
        {
            people.Insert(new BsonDocument { { "_id", id }, { "Age", id % Ages } });
        }

        var orders = _db.GetCollection("Orders", IndexDefinition.On("CustomerId"));
        for (var id = 1; id <= Orders; id++)
        {
            orders.Insert(new BsonDocument { { "_id", id }, { "CustomerId", ((id - 1) % People) + 1 }, { "Total", id % 7 } });
        }
    }

    public void Dispose() => _db.Dispose();

    [Theory]
    [InlineData(1)]
    [InlineData(3)]
    public void The_chain_starts_at_the_age_and_seeks_every_other_source(int hops)
    {
        var sql = Chain(hops);
        var plan = _db.Sql.Query("EXPLAIN " + sql);
        Assert.Equal(2 + (2 * hops), plan.Count);
        Assert.Equal("p0", plan[0]["source"].AsString);
        Assert.Equal("index seek", plan[0]["access"].AsString);
        Assert.Equal("Age", plan[0]["index"].AsString);
        Assert.Equal("o0", plan[1]["source"].AsString);
        Assert.Equal("index seek", plan[1]["access"].AsString);
        Assert.Equal("CustomerId", plan[1]["index"].AsString);
        Assert.All(plan.Skip(1), row => Assert.Equal("index nested loop", row["join"].AsString));
        Assert.All(plan.Skip(2), row => Assert.Equal("key seek", row["access"].AsString));

        var (rows, total) = Expected(7, hops);
        var result = _db.Sql.Query(sql, new SqlParameters().Add(7)).Single();
        Assert.Equal(rows, result.ElementAt(0).Value.AsInt64);
        Assert.Equal(total, result.ElementAt(1).Value.AsInt64);
    }

    /// <summary>The benchmark's shape: every join condition in WHERE, the sources written last hop first.</summary>
    private static string Chain(int hops)
    {
        var from = new List<string> { "People p0", "Orders o0" };
        var where = new List<string> { "p0.Age = ?", "o0.CustomerId = p0._id" };
        for (var h = 1; h <= hops; h++)
        {
            from.Add(string.Create(CultureInfo.InvariantCulture, $"Orders o{h}"));
            from.Add(string.Create(CultureInfo.InvariantCulture, $"People p{h}"));
            where.Add(string.Create(CultureInfo.InvariantCulture, $"o{h}._id = o{h - 1}._id + 1"));
            where.Add(string.Create(CultureInfo.InvariantCulture, $"p{h}._id = o{h}.CustomerId"));
        }

        from.Reverse();
        return string.Create(CultureInfo.InvariantCulture, $"SELECT COUNT(*), SUM(o{hops}.Total) FROM {string.Join(", ", from)} WHERE {string.Join(" AND ", where)}");
    }

    /// <summary>The chains and their last orders' totals, followed by hand over the generated documents.</summary>
    private static (long Rows, long Total) Expected(int age, int hops)
    {
        long rows = 0;
        long total = 0;
        for (var person = 1; person <= People; person++)
        {
            if (person % Ages != age)
            {
                continue;
            }

            for (var order = person; order <= Orders; order += People)
            {
                var last = order + hops;
                if (last <= Orders)
                {
                    rows++;
                    total += last % 7;
                }
            }
        }

        return (rows, total);
    }
}
