using DocStore.Generators.RuntimeTests.Support;
using static DocStore.Generators.RuntimeTests.Linq.Compiled.CompiledQueryFixture;

namespace DocStore.Generators.RuntimeTests.Linq.Compiled;

/// <summary>
/// ToPage at call sites the generator compiles: paging through a whole result gives LINQ-to-objects' Skip/Take
/// pages, the compiled and run-time paths return the same pages and tokens (so each continues the other's),
/// and a write between pages shifts the next one as a position token defines. Each test has its own database.
/// </summary>
public sealed class CompiledPagingTests : IDisposable
{
    private readonly TempDatabase _temp = new();
    private readonly LinqDb _db;

    public CompiledPagingTests()
    {
        _db = LinqDb.Open(_temp.Path, TempDatabase.Options);
        _db.LinqItems.InsertMany(LinqData.Typed(300, seed: 31));
        foreach (var insert in LinqData.MissingMemberInserts(_db.LinqItems.Name, 1001, 25, seed: 32))
        {
            _db.Sql.Execute(insert);
        }
    }

    private List<LinqItem> All => [.. _db.LinqItems.FindAll().OrderBy(i => i.Id)];

    [Theory]
    [InlineData(1)]
    [InlineData(7)]
    [InlineData(40)]
    [InlineData(1000)]
    public void Paging_a_range_ordered_by_its_member(int size)
    {
        var low = 3;
        var expected = Ids(All.Where(p => p.Age >= low).OrderBy(p => p.Age).ThenBy(p => p.Id));
        var pages = PageThrough(
            token => _db.LinqItems.Query().Where(p => p.Age >= low).OrderBy(p => p.Age).Take(size).ToPage(token),
            token => Runtime(_db.LinqItems.Query().Where(p => p.Age >= low).OrderBy(p => p.Age).Take(size)).ToPage(token));
        Assert.Equal(expected, pages.SelectMany(Ids).ToList());
        Assert.Equal(expected.Chunk(size).Select(c => c.ToList()), pages.Select(Ids));
    }

    [Theory]
    [InlineData(0, 5)]
    [InlineData(3, 11)]
    public void Paging_a_scan_and_key_lookups_from_a_skip(int skip, int size)
    {
        var rank = 2;
        var scanned = PageThrough(
            token => _db.LinqItems.Query().Where(p => p.Rank < rank).Skip(skip).Take(size).ToPage(token),
            token => Runtime(_db.LinqItems.Query().Where(p => p.Rank < rank).Skip(skip).Take(size)).ToPage(token));
        Assert.Equal(Ids(All.Where(p => p.Rank < rank).Skip(skip)), scanned.SelectMany(Ids).ToList());

        int[] ids = [.. Enumerable.Range(0, 60).Select(i => i * 5), 1003, 99999];
        var looked = PageThrough(
            token => _db.LinqItems.Query().Where(p => ids.Contains(p.Id)).Skip(skip).Take(size).ToPage(token),
            token => Runtime(_db.LinqItems.Query().Where(p => ids.Contains(p.Id)).Skip(skip).Take(size)).ToPage(token));
        Assert.Equal(Ids(All.Where(p => ids.Contains(p.Id)).Skip(skip)), looked.SelectMany(Ids).ToList());
    }

    [Fact]
    public async Task Paging_a_projection_asynchronously()
    {
        var prefix = "C1";
        var expected = All.Where(p => p.Code.StartsWith(prefix, StringComparison.Ordinal)).OrderBy(p => p.Code, StringComparer.Ordinal)
            .Select(p => new { p.Id, p.Name }).ToList();
        var rows = new List<object>();
        string? token = null;
        do
        {
            var compiled = Run(() => _db.LinqItems.Query().Where(p => p.Code.StartsWith(prefix)).OrderBy(p => p.Code).Take(6).Select(p => new { p.Id, p.Name }).ToPageAsync(token));
            var page = await compiled.Result;
            var runtime = await Runtime(_db.LinqItems.Query().Where(p => p.Code.StartsWith(prefix)).OrderBy(p => p.Code).Take(6).Select(p => new { p.Id, p.Name })).ToPageAsync(token);
            Assert.True(compiled.Compiled);
            Assert.Equal(runtime.Items, page.Items);
            Assert.Equal(runtime.Continuation, page.Continuation);
            rows.AddRange(page.Items);
            token = page.Continuation;
        }
        while (token is not null);

        Assert.Equal(expected, rows);
        using var cancelled = new CancellationTokenSource();
        await cancelled.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
            await _db.LinqItems.Query().Where(p => p.Code.StartsWith(prefix)).OrderBy(p => p.Code).Take(6).ToPageAsync(null, cancelled.Token));
    }

    [Fact]
    public void A_write_between_pages_shifts_the_next_page_by_position()
    {
        var low = 5;
        var first = Run(() => _db.LinqItems.Query().Where(p => p.Age >= low).OrderBy(p => p.Age).Take(10).ToPage());
        Assert.True(first.Compiled);
        Assert.Equal(Ids(All.Where(p => p.Age >= low).OrderBy(p => p.Age).ThenBy(p => p.Id).Take(10)), Ids(first.Result.Items));

        // One row before the token's position goes, two come: the next page starts one row later in the new order.
        _db.LinqItems.Delete(first.Result.Items[0].Id);
        _db.LinqItems.InsertMany([new LinqItem { Id = 5001, Code = "N5001", Age = 5 }, new LinqItem { Id = 5002, Code = "N5002", Age = 5 }]);
        var expected = Ids(All.Where(p => p.Age >= low).OrderBy(p => p.Age).ThenBy(p => p.Id).Skip(10).Take(10));

        var compiled = Run(() => _db.LinqItems.Query().Where(p => p.Age >= low).OrderBy(p => p.Age).Take(10).ToPage(first.Result.Continuation));
        var runtime = Runtime(_db.LinqItems.Query().Where(p => p.Age >= low).OrderBy(p => p.Age).Take(10)).ToPage(first.Result.Continuation);
        Assert.True(compiled.Compiled);
        Assert.Equal(expected, Ids(compiled.Result.Items));
        Assert.Equal(expected, Ids(runtime.Items));
        Assert.Equal(runtime.Continuation, compiled.Result.Continuation);
    }

    [Fact]
    public void A_bad_token_or_a_missing_take_fails_as_on_the_run_time_path()
    {
        var low = 3;
        var compiledToken = Assert.Throws<ArgumentException>(() => _db.LinqItems.Query().Where(p => p.Age >= low).Take(5).ToPage("page-2"));
        var runtimeToken = Assert.Throws<ArgumentException>(() => Runtime(_db.LinqItems.Query().Where(p => p.Age >= low).Take(5)).ToPage("page-2"));
        Assert.Equal(runtimeToken.Message, compiledToken.Message);

        var compiledTake = Assert.Throws<InvalidOperationException>(() => _db.LinqItems.Query().Where(p => p.Age >= low).ToPage());
        var runtimeTake = Assert.Throws<InvalidOperationException>(() => Runtime(_db.LinqItems.Query().Where(p => p.Age >= low)).ToPage());
        Assert.Equal(runtimeTake.Message, compiledTake.Message);

        // A token past what an int skip reaches is the run time's to serve: no rows, no next page.
        var far = Run(() => _db.LinqItems.Query().Where(p => p.Age >= low).Take(5).ToPage("linq-at-9999999999"));
        Assert.False(far.Compiled);
        Assert.Empty(far.Result.Items);
        Assert.Null(far.Result.Continuation);
    }

    public void Dispose()
    {
        _db.Dispose();
        _temp.Dispose();
    }

    /// <summary>Pages through a query at a compiled site and at a run-time one, checking each pair agrees and the compiled plan ran.</summary>
    private static List<IReadOnlyList<LinqItem>> PageThrough(Func<string?, DocumentPage<LinqItem>> compiled, Func<string?, DocumentPage<LinqItem>> runtime)
    {
        var pages = new List<IReadOnlyList<LinqItem>>();
        string? token = null;
        do
        {
            var (page, ran) = Run(() => compiled(token));
            var twin = runtime(token);
            Assert.True(ran);
            Assert.Equal(Ids(twin.Items), Ids(page.Items));
            Assert.Equal(twin.Continuation, page.Continuation);
            pages.Add(page.Items);
            token = page.Continuation;
            Assert.True(pages.Count < 10_000, "paging does not end");
        }
        while (token is not null);

        return pages;
    }
}
