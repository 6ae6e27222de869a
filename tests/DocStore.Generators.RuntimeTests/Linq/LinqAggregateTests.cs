using System.Diagnostics.Metrics;
using DocStore.Generators.RuntimeTests.Linq.Compiled;
using DocStore.Generators.RuntimeTests.Support;
using static DocStore.Generators.RuntimeTests.Linq.Compiled.CompiledQueryFixture;

namespace DocStore.Generators.RuntimeTests.Linq;

/// <summary>
/// The async aggregates over <c>Query()</c>: each equals its sync twin and LINQ-to-objects, runs the compiled
/// plan where the generator compiles the sync twin's call site, honours a cancelled token, and over an index
/// reads as many pages whatever the collection's size (counted through the page cache's metrics).
/// </summary>
public sealed class LinqAggregateTests(CompiledQueryFixture fixture) : IClassFixture<CompiledQueryFixture>
{
    private readonly LinqDb _db = fixture.Db;
    private readonly IReadOnlyList<LinqItem> _all = fixture.All;

    public static TheoryData<int> Ages => [0, 3, 13, 40];

    [Theory]
    [MemberData(nameof(Ages))]
    public async Task Counts_and_any_compiled_planned_and_in_memory_agree(int age)
    {
        var count = _all.Count(p => p.Age == age);
        var (compiled, ran) = Run(() => _db.LinqItems.Query().Where(p => p.Age == age).CountAsync());
        Assert.Equal(count, await compiled);
        Assert.Equal(age != 0, ran);
        Assert.Equal(count, await Runtime(_db.LinqItems.Query().Where(p => p.Age == age)).CountAsync());
        Assert.Equal(count, await _db.LinqItems.Query().CountAsync(p => p.Age == age));

        var (longCount, ranLong) = Run(() => _db.LinqItems.Query().Where(p => p.Age == age).LongCountAsync());
        Assert.Equal(_all.LongCount(p => p.Age == age), await longCount);
        Assert.Equal(age != 0, ranLong);
        Assert.Equal(_all.LongCount(p => p.Age == age), await Runtime(_db.LinqItems.Query().Where(p => p.Age == age)).LongCountAsync());

        var (any, ranAny) = Run(() => _db.LinqItems.Query().Where(p => p.Age == age).AnyAsync());
        Assert.Equal(count > 0, await any);
        Assert.Equal(age != 0, ranAny);
        Assert.Equal(count > 0, await Runtime(_db.LinqItems.Query().Where(p => p.Age == age)).AnyAsync());
        Assert.Equal(count > 0, await _db.LinqItems.Query().AnyAsync(p => p.Age == age));

        var first = _all.Where(p => p.Age == age).Select(p => (int?)p.Id).FirstOrDefault();
        var (found, ranFirst) = Run(() => _db.LinqItems.Query().Where(p => p.Age == age).FirstOrDefaultAsync());
        Assert.Equal(first, (await found)?.Id);
        Assert.Equal(age != 0, ranFirst);
        Assert.Equal(first, (await Runtime(_db.LinqItems.Query().Where(p => p.Age == age)).FirstOrDefaultAsync())?.Id);
    }

    [Theory]
    [MemberData(nameof(Ages))]
    public async Task Sum_average_min_max_and_all_equal_their_sync_twins_and_linq_to_objects(int age)
    {
        var matches = _all.Where(p => p.Age == age).ToList();
        var query = _db.LinqItems.Query().Where(p => p.Age == age);

        Assert.Equal(matches.Sum(p => p.Rank), await query.SumAsync(p => p.Rank));
        Assert.Equal(matches.Sum(p => p.Rank), query.Sum(p => p.Rank));
        Assert.Equal(matches.Sum(p => p.Score), await query.SumAsync(p => p.Score));
        Assert.Equal(matches.Sum(p => p.Weight), await query.SumAsync(p => p.Weight));
        Assert.Equal(matches.Sum(p => (long)p.Rank), await query.Select(p => (long)p.Rank).SumAsync());
        Assert.Equal(matches.Average(p => p.Score), await query.AverageAsync(p => p.Score));
        Assert.Equal(matches.Average(p => p.Score), query.Average(p => p.Score));
        Assert.Equal(matches.Max(p => p.Level), await query.MaxAsync(p => p.Level));
        Assert.Equal(matches.Min(p => p.Code), await query.MinAsync(p => p.Code));
        Assert.Equal(matches.All(p => p.Rank < 5), await query.AllAsync(p => p.Rank < 5));
        Assert.Equal(matches.All(p => p.Rank < 5), query.All(p => p.Rank < 5));
        Assert.Equal(_all.All(p => p.Age != age), await _db.LinqItems.Query().AllAsync(p => p.Age != age));

        if (matches.Count == 0)
        {
            await Assert.ThrowsAsync<InvalidOperationException>(async () => await query.AverageAsync(p => p.Rank));
            await Assert.ThrowsAsync<InvalidOperationException>(async () => await query.MaxAsync(p => p.Rank));
            Assert.Throws<InvalidOperationException>(() => query.Max(p => p.Rank));
        }
        else
        {
            Assert.Equal(matches.Average(p => p.Rank), await query.AverageAsync(p => p.Rank));
            Assert.Equal(matches.Max(p => p.Rank), await query.MaxAsync(p => p.Rank));
            Assert.Equal(matches.Min(p => p.Weight), await query.Select(p => p.Weight).MinAsync());
        }
    }

    [Fact]
    public async Task A_cancelled_token_stops_every_aggregate_before_it_reads()
    {
        using var cancelled = new CancellationTokenSource();
        await cancelled.CancelAsync();
        var token = cancelled.Token;
        var age = 3;
        var query = _db.LinqItems.Query().Where(p => p.Age == age);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await query.CountAsync(token));
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await query.AnyAsync(token));
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await query.FirstOrDefaultAsync(token));
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await query.SumAsync(p => p.Rank, token));
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await query.AverageAsync(p => p.Weight, token));
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await query.MinAsync(p => p.Rank, token));
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await query.MaxAsync(p => p.Rank, token));
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await _db.LinqItems.Query().AllAsync(p => p.Rank < 5, token));
    }

    [Fact]
    public async Task An_indexed_aggregate_reads_as_many_pages_in_a_collection_three_times_larger()
    {
        using var temp = new TempDatabase();
        using var db = LinqDb.Open(temp.Path, TempDatabase.Options);
        var items = LinqData.Typed(999, seed: 41);
        db.LinqItems.InsertMany(items.Take(300));
        var small = await Measure(db, items.Take(300).ToList());

        db.LinqItems.InsertMany(items.Skip(300));
        var large = await Measure(db, items);

        // Over every document the pages grow with the collection; through the unique index they stay put
        // (one more level of a tree at most).
        var figures = $"pages read at 300 and 999 documents: every document {small.Whole}, {large.Whole}; indexed Sum {small.Seek}, {large.Seek}; indexed All {small.All}, {large.All}";
        Assert.True(large.Whole >= small.Whole + 8, figures);
        Assert.True(large.Seek <= small.Seek + 2, figures);
        Assert.True(large.All <= small.All + 2, figures);
        Assert.True(large.Seek * 3 < large.Whole, figures);
    }

    private static async Task<(long Whole, long Seek, long All)> Measure(LinqDb db, List<LinqItem> all)
    {
        var code = all[77].Code;
        var whole = await PagesRead(async () => Assert.Equal(all.Sum(p => p.Rank), await db.LinqItems.Query().SumAsync(p => p.Rank)));
        var seek = await PagesRead(async () => Assert.Equal(all[77].Rank, await db.LinqItems.Query().Where(p => p.Code == code).SumAsync(p => p.Rank)));
        var every = await PagesRead(async () => Assert.Equal(all[77].Rank < 5, await db.LinqItems.Query().Where(p => p.Code == code).AllAsync(p => p.Rank < 5)));
        return (whole, seek, every);
    }

    /// <summary>Page reads (cache hits and misses) on this thread while <paramref name="run"/> runs; the aggregates complete synchronously.</summary>
    private static async Task<long> PagesRead(Func<Task> run)
    {
        var thread = Environment.CurrentManagedThreadId;
        long pages = 0;
        using var listener = new MeterListener
        {
            InstrumentPublished = (instrument, l) =>
            {
                if (instrument.Meter.Name == DocStoreDiagnostics.MeterName && instrument.Name is "docstore.cache.hits" or "docstore.cache.misses")
                {
                    l.EnableMeasurementEvents(instrument);
                }
            },
        };
        listener.SetMeasurementEventCallback<long>((_, value, _, _) =>
        {
            if (Environment.CurrentManagedThreadId == thread)
            {
                pages += value;
            }
        });
        listener.Start();
        await run();
        return pages;
    }
}
