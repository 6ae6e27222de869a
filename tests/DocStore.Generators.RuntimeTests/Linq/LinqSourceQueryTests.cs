using DocStore.Generators.RuntimeTests.Support;

namespace DocStore.Generators.RuntimeTests.Linq;

/// <summary>
/// Queries written as lambdas in source, as users write them (the compiler's own expression trees: captured
/// locals, array <c>Contains</c> bound through spans, anonymous types), each compared with LINQ-to-objects.
/// </summary>
public sealed class LinqSourceQueryTests : IDisposable
{
    private readonly TempDatabase _temp = new();
    private readonly LinqDb _db;
    private readonly List<LinqItem> _all;

    public LinqSourceQueryTests()
    {
        _db = LinqDb.Open(_temp.Path, TempDatabase.Options);
        _db.LinqItems.InsertMany(LinqData.Typed(200, seed: 5));
        _all = [.. _db.LinqItems.FindAll().OrderBy(i => i.Id)];
    }

    [Fact]
    public void Captured_locals_nested_paths_and_multikey_contains()
    {
        var minAge = 3;
        var city = "London";
        var tag = "math";
        var actual = _db.LinqItems.Query()
            .Where(p => p.Age >= minAge && p.Home!.City == city && p.Tags!.Contains(tag))
            .OrderBy(p => p.Age).ThenBy(p => p.Code)
            .Select(p => new { p.Code, p.Age })
            .ToList();
        var expected = _all
            .Where(p => p.Age >= minAge && p.Home?.City == city && p.Tags != null && p.Tags.Contains(tag))
            .OrderBy(p => p.Age).ThenBy(p => p.Code, StringComparer.Ordinal)
            .Select(p => new { p.Code, p.Age })
            .ToList();
        Assert.NotEmpty(expected);
        Assert.Equal(expected, actual);
    }

    [Fact]
    public void A_local_array_and_list_contains_the_key()
    {
        int[] ids = [3, 9, 27, 81, 500];
        List<string> codes = [.. _all.Take(5).Select(i => i.Code)];
        Assert.Equal(_all.Where(p => ids.Contains(p.Id)).Select(p => p.Id), _db.LinqItems.Query().Where(p => ids.Contains(p.Id)).OrderBy(p => p.Id).Select(p => p.Id).ToList());
        Assert.Equal(_all.Take(5).Select(p => p.Id).Order(), _db.LinqItems.Query().Where(p => codes.Contains(p.Code)).Select(p => p.Id).ToList().Order());
        int[] none = [];
        Assert.Equal(0, _db.LinqItems.Query().Count(p => none.Contains(p.Id)));
    }

    [Fact]
    public void Any_over_array_elements_holds_for_one_element()
    {
        var sku = "A";
        var expected = _all.Where(p => p.Lines != null && p.Lines.Any(l => l.Sku == sku && l.Qty >= 3)).Select(p => p.Id).ToList();
        var actual = _db.LinqItems.Query().Where(p => p.Lines!.Any(l => l.Sku == sku && l.Qty >= 3)).OrderBy(p => p.Id).Select(p => p.Id).ToList();
        Assert.NotEmpty(expected);
        Assert.Equal(expected, actual);
    }

    [Fact]
    public void Prefix_skip_take_and_terminal_operators()
    {
        var prefix = "C0";
        var expected = _all.Where(p => p.Code.StartsWith(prefix, StringComparison.Ordinal)).OrderByDescending(p => p.Code, StringComparer.Ordinal).Skip(2).Take(3).Select(p => p.Code).ToList();
        var query = _db.LinqItems.Query().Where(p => p.Code.StartsWith(prefix)).OrderByDescending(p => p.Code).Skip(2).Take(3);
        Assert.Equal(expected, query.Select(p => p.Code).ToList());
        Assert.Equal(expected.First(), query.First().Code);
        Assert.Equal(_all.Count(p => p.Code.StartsWith(prefix, StringComparison.Ordinal)), _db.LinqItems.Query().Count(p => p.Code.StartsWith(prefix)));
        Assert.True(_db.LinqItems.Query().Any(p => p.Code.StartsWith(prefix)));
        Assert.False(_db.LinqItems.Query().Any(p => p.Code == "no such code"));
        var one = _all[17];
        Assert.Equal(one.Id, _db.LinqItems.Query().Single(p => p.Code == one.Code).Id);
        Assert.Null(_db.LinqItems.Query().SingleOrDefault(p => p.Code == "no such code"));
        Assert.Contains("Code", _db.LinqItems.Query().Where(p => p.Code.StartsWith(prefix)).Explain());
    }

    [Fact]
    public void Null_checks_and_booleans()
    {
        Assert.Equal(_all.Where(p => p.Home == null).Select(p => p.Id), _db.LinqItems.Query().Where(p => p.Home == null).OrderBy(p => p.Id).Select(p => p.Id).ToList());
        Assert.Equal(_all.Where(p => p.Name != "ann").Select(p => p.Id), _db.LinqItems.Query().Where(p => p.Name != "ann").OrderBy(p => p.Id).Select(p => p.Id).ToList());
        Assert.Equal(_all.Where(p => !p.Active && p.Score == null).Select(p => p.Id), _db.LinqItems.Query().Where(p => !p.Active && p.Score == null).OrderBy(p => p.Id).Select(p => p.Id).ToList());
    }

    [Fact]
    public async Task Async_twins_return_what_the_sync_operators_return()
    {
        var query = _db.LinqItems.Query().Where(p => p.Age > 2).OrderBy(p => p.Id);
        Assert.Equal(query.ToList().Select(p => p.Id), (await query.ToListAsync()).Select(p => p.Id));
        Assert.Equal(query.Count(), await query.CountAsync());
        Assert.Equal(query.First().Id, (await query.FirstAsync()).Id);
        Assert.True(await query.AnyAsync());
    }

    public void Dispose()
    {
        _db.Dispose();
        _temp.Dispose();
    }
}
