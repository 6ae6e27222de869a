using DocStore.Sql.Execution;
using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql.Execution;

/// <summary>Prepared texts are kept by use: at most 512, the least recently used evicted first.</summary>
public class StatementCacheTests
{
    private const int Capacity = SqlEngineState.StatementCapacity;
    private const string Hot = "SELECT Name FROM People WHERE _id = @id";

    [Fact]
    public void A_statement_in_use_stays_cached_while_more_than_the_capacity_of_others_pass_through()
    {
        using var db = SqlDatabase.People();
        var hot = db.Sql.Prepare(Hot);
        var firstOneOff = OneOff(0);
        var firstPrepared = db.Sql.Prepare(firstOneOff);
        for (var i = 0; i < 2 * Capacity + 100; i++)
        {
            // Texts built with values in them, each run once, as a program that formats its SQL would.
            Assert.Equal(i % 6 + 1, db.Sql.ExecuteScalar(OneOff(i)).AsInt32);
            if (i % 100 == 0)
            {
                Assert.Equal("Ann", db.Sql.ExecuteScalar(Hot, new SqlParameters().Add("id", 1)).AsString);
            }
        }

        Assert.Same(hot, db.Sql.Prepare(Hot));
        Assert.Equal(Capacity, db.Sql.State.Statements.Count);
        Assert.False(db.Sql.State.Statements.Contains(firstOneOff));
        Assert.NotSame(firstPrepared, db.Sql.Prepare(firstOneOff));
    }

    [Fact]
    public void A_full_cache_evicts_the_text_used_least_recently()
    {
        using var db = SqlDatabase.People();
        var prepared = Enumerable.Range(0, Capacity).Select(i => db.Sql.Prepare(OneOff(i))).ToArray();
        Assert.Equal(Capacity, db.Sql.State.Statements.Count);

        // Text 0 is the oldest by insertion; using it again makes text 1 the least recently used.
        Assert.Same(prepared[0], db.Sql.Prepare(OneOff(0)));
        db.Sql.Prepare(OneOff(Capacity));

        var cache = db.Sql.State.Statements;
        Assert.Equal(Capacity, cache.Count);
        Assert.True(cache.Contains(OneOff(0)));
        Assert.False(cache.Contains(OneOff(1)));
        Assert.True(cache.Contains(OneOff(2)));
        Assert.True(cache.Contains(OneOff(Capacity)));
        Assert.Same(prepared[0], db.Sql.Prepare(OneOff(0)));
        Assert.Same(prepared[2], db.Sql.Prepare(OneOff(2)));
        Assert.NotSame(prepared[1], db.Sql.Prepare(OneOff(1)));
    }

    [Fact]
    public void Evictions_follow_the_order_of_use()
    {
        var cache = new StatementCache<string>(3);
        cache.GetOrAdd("a", "A");
        cache.GetOrAdd("b", "B");
        cache.GetOrAdd("c", "C");
        Assert.True(cache.TryGet("a", out _));
        Assert.True(cache.TryGet("b", out _));

        // Use order, oldest first: c, a, b.
        cache.GetOrAdd("d", "D");
        Assert.False(cache.Contains("c"));
        cache.GetOrAdd("e", "E");
        Assert.False(cache.Contains("a"));
        Assert.True(cache.TryGet("b", out var b));
        Assert.Equal("B", b);
        cache.GetOrAdd("f", "F");
        Assert.False(cache.Contains("d"));
        Assert.Equal(["b", "e", "f"], new[] { "a", "b", "c", "d", "e", "f" }.Where(cache.Contains));
    }

    [Fact]
    public void A_text_added_twice_keeps_the_first_statement()
    {
        var cache = new StatementCache<string>(2);
        Assert.Equal("first", cache.GetOrAdd("a", "first"));
        Assert.Equal("first", cache.GetOrAdd("a", "second"));
        Assert.Equal(1, cache.Count);
    }

    [Fact]
    public void Concurrent_use_keeps_the_bound_and_one_statement_per_text()
    {
        using var db = SqlDatabase.People();
        const int Texts = Capacity + 200;
        Parallel.For(0, 4, new ParallelOptions { MaxDegreeOfParallelism = 4 }, worker =>
        {
            // Each worker visits every text (7 and Texts share no factor), in its own order.
            for (var n = 0; n < 3 * Texts; n++)
            {
                var i = ((n * 7) + (worker * 131)) % Texts;
                Assert.Equal(OneOff(i), db.Sql.Prepare(OneOff(i)).Text);
            }
        });

        var cache = db.Sql.State.Statements;
        Assert.Equal(Capacity, cache.Count);
        var cached = Enumerable.Range(0, Texts).Where(i => cache.Contains(OneOff(i))).ToArray();
        Assert.Equal(Capacity, cached.Length);
        Assert.All(cached, i => Assert.Same(db.Sql.Prepare(OneOff(i)), db.Sql.Prepare(OneOff(i))));
    }

    private static string OneOff(int i) => $"SELECT _id FROM People WHERE _id = {(i % 6) + 1} AND {i} = {i}";
}
