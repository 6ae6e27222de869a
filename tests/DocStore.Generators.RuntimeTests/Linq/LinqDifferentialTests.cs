// The test builds expression trees at run time, as a dynamic query would; it never runs trimmed.
#pragma warning disable IL2026, IL2060, IL2075, IL3050

using System.Linq.Expressions;
using DocStore.Generators.RuntimeTests.Support;

namespace DocStore.Generators.RuntimeTests.Linq;

/// <summary>
/// Random LINQ queries (predicates, orders, skips, takes, projections, terminal operators) run through
/// DocStore's planner and compared with LINQ-to-objects over the same documents. 2,000 queries by default;
/// DOCSTORE_LINQ_QUERIES raises the count for a longer soak and DOCSTORE_LINQ_SEED picks another seed.
/// </summary>
public sealed class LinqDifferentialTests : IDisposable
{
    private readonly TempDatabase _temp = new();
    private readonly LinqDb _db;
    private readonly List<LinqItem> _all;

    public LinqDifferentialTests()
    {
        _db = LinqDb.Open(_temp.Path, TempDatabase.Options);
        _db.LinqItems.InsertMany(LinqData.Typed(300, seed: 11));
        foreach (var insert in LinqData.MissingMemberInserts(_db.LinqItems.Name, 1001, 25, seed: 12))
        {
            _db.Sql.Execute(insert);
        }

        _all = [.. _db.LinqItems.FindAll().OrderBy(i => i.Id)];
    }

    [Fact]
    public async Task Random_queries_return_what_LINQ_to_objects_returns()
    {
        var count = int.TryParse(Environment.GetEnvironmentVariable("DOCSTORE_LINQ_QUERIES"), out var n) ? n : 2000;
        var seed = int.TryParse(Environment.GetEnvironmentVariable("DOCSTORE_LINQ_SEED"), out var s) ? s : 20261206;
        var random = new RandomQueries(seed);
        var checkedQueries = 0;
        var failures = new List<string>();
        var failed = 0;
        for (var i = 0; i < count; i++)
        {
            var predicate = random.Next(10) == 0 ? (RandomQueries.Predicate?)null : random.NextPredicate(depth: 3);
            var order = random.NextOrder();
            var (skip, take) = order.Count > 0 ? (random.Next(3) == 0 ? random.Next(40) : -1, random.Next(3) == 0 ? random.Next(30) : -1) : (-1, -1);
            var terminal = random.Next(10);
            var projection = random.Next(3) == 0 ? RandomProjections.All[random.Next(RandomProjections.All.Length)] : null;
            var projectionTerminal = random.Next(order.Count > 0 ? 4 : 3);
            var text = Describe(predicate, order, skip, take, projection?.Text, terminal);

            IQueryable<LinqItem> query = _db.LinqItems.Query();
            IEnumerable<LinqItem> oracle = _all;
            if (predicate is { } p)
            {
                query = query.Where(p.Query);
                oracle = oracle.Where(p.Oracle);
            }

            query = Ordering.Apply(query, order);
            oracle = Ordering.Oracle(oracle, order);
            if (skip >= 0)
            {
                query = query.Skip(skip);
                oracle = oracle.Skip(skip);
            }

            if (take >= 0)
            {
                query = query.Take(take);
                oracle = oracle.Take(take);
            }

            var expected = oracle.ToList();
            try
            {
                switch (terminal)
                {
                    case 0:
                        Assert.Equal(expected.Count, query.Count());
                        break;
                    case 1:
                        Assert.Equal(expected.Count > 0, await query.AnyAsync());
                        break;
                    case 2 when order.Count > 0:
                        Assert.Equal(expected.FirstOrDefault()?.Id, query.FirstOrDefault()?.Id);
                        break;
                    case 3:
                        Compare(expected.Select(i => i.Id).ToList(), (await query.ToListAsync()).Select(i => i.Id).ToList(), order.Count > 0);
                        break;
                    default:
                        if (projection is not null)
                        {
                            var rows = await projection.Query(query, projectionTerminal);
                            var oracleRows = projection.Oracle(expected, projectionTerminal);
                            CompareRows(oracleRows, rows, order.Count > 0);
                        }
                        else
                        {
                            Compare(expected.Select(i => i.Id).ToList(), query.ToList().Select(i => i.Id).ToList(), order.Count > 0);
                        }

                        break;
                }
            }
            catch (Exception e)
            {
                failed++;
                if (failures.Count < 12)
                {
                    failures.Add($"Query #{i} (seed {seed}) differs: {text}\nplan: {TryExplain(query)}\n{e.GetType().Name}: {e.Message}");
                }

                continue;
            }

            checkedQueries++;
        }

        Assert.True(failed == 0, $"{failed} of {count} queries differ; the first ones:\n\n" + string.Join("\n\n", failures));
        Assert.Equal(count, checkedQueries);
    }

    private static void Compare(List<int> expected, List<int> actual, bool ordered) => Compare(expected, actual, ordered, id => id);

    private static void Compare<T>(List<T> expected, List<T> actual, bool ordered, Func<T, int> id)
    {
        if (!ordered)
        {
            expected = [.. expected.OrderBy(id)];
            actual = [.. actual.OrderBy(id)];
        }

        Assert.Equal(expected, actual);
    }

    /// <summary>Projected rows in order, or as multisets when the query has no order (an index union returns rows in its own order).</summary>
    private static void CompareRows(List<object?> expected, List<object?> actual, bool ordered)
    {
        if (!ordered)
        {
            expected = [.. expected.OrderBy(r => r?.ToString(), StringComparer.Ordinal)];
            actual = [.. actual.OrderBy(r => r?.ToString(), StringComparer.Ordinal)];
        }

        Assert.Equal(expected, actual);
    }

    private static string TryExplain(IQueryable<LinqItem> query)
    {
        try
        {
            return query.Explain();
        }
        catch (Exception e)
        {
            return "(explain failed: " + e.Message + ")";
        }
    }

    private static string Describe(RandomQueries.Predicate? predicate, List<RandomQueries.OrderKey> order, int skip, int take, string? projection, int terminal) =>
        $"Where({predicate?.Text ?? "-"}) Order({string.Join(", ", order.Select(o => o.Member + (o.Descending ? " desc" : "")))}) Skip({skip}) Take({take}) Select({projection ?? "-"}) terminal={terminal}";

    public void Dispose()
    {
        _db.Dispose();
        _temp.Dispose();
    }
}

/// <summary>A projected row, compared by value.</summary>
public sealed record LinqRow(int Id, string Code, string? City, int? Score);
