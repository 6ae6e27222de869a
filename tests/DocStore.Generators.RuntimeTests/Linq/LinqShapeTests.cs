using DocStore.Generators.RuntimeTests.Models;

namespace DocStore.Generators.RuntimeTests.Linq;

/// <summary>Ordering, paging, projections and the single-result operators, against LINQ-to-objects.</summary>
public sealed class LinqShapeTests : IDisposable
{
    private readonly ScholarDb _db = ScholarData.Open();
    private readonly LinqOracle _oracle;

    public LinqShapeTests() => _oracle = new LinqOracle(_db);

    public void Dispose() => _db.Dispose();

    [Fact]
    public void Ordering_is_stable_with_ties_in_key_order()
    {
        _oracle.Same(q => q.OrderBy(p => p.Age).Select(p => p.Id));
        _oracle.Same(q => q.OrderByDescending(p => p.Age).Select(p => p.Id));
        _oracle.Same(q => q.OrderBy(p => p.Level).ThenByDescending(p => p.Balance).Select(p => p.Id));
        _oracle.Same(q => q.OrderBy(p => p.Score).Select(p => p.Id));
        _oracle.Same(q => q.OrderByDescending(p => p.Score).ThenBy(p => p.Active).Select(p => p.Id));
        _oracle.Same(q => q.OrderBy(p => p.Email, StringComparer.Ordinal).ThenBy(p => p.Nickname, StringComparer.Ordinal).Select(p => p.Id));
        _oracle.Same(q => q.OrderBy(p => p.Joined).Select(p => p.Id));
        _oracle.Same(q => q.OrderByDescending(p => p.Id).Select(p => p.Id));
    }

    [Fact]
    public void A_second_OrderBy_sorts_again_keeping_the_first_order_for_ties()
    {
        _oracle.Same(q => q.OrderBy(p => p.Balance).OrderBy(p => p.Level).Select(p => p.Id));
    }

    [Fact]
    public void Where_after_OrderBy_and_without_OrderBy_keep_key_order()
    {
        _oracle.Same(q => q.OrderBy(p => p.Age).Where(p => p.Active).Select(p => p.Id));
        _oracle.Same(q => q.Where(p => p.Tags.Contains("math")).Select(p => p.Id));
        _oracle.Same(q => q.Where(p => p.Age > 10).Select(p => p.Id));
    }

    [Fact]
    public void Skip_and_Take_compose_in_any_order()
    {
        _oracle.Same(q => q.OrderBy(p => p.Age).Skip(5).Take(10).Select(p => p.Id));
        _oracle.Same(q => q.OrderBy(p => p.Age).Take(10).Skip(3).Select(p => p.Id));
        _oracle.Same(q => q.OrderBy(p => p.Age).Skip(2).Skip(3).Take(7).Take(4).Select(p => p.Id));
        _oracle.Same(q => q.Where(p => p.Age > 0).Take(12).Skip(2).Take(20).Select(p => p.Id));
        var none = 0;
        Assert.Empty(_db.Scholars.Query().Take(none).ToList());
        Assert.Empty(_db.Scholars.Query().Skip(1000).ToList());
    }

    [Fact]
    public void Projections_are_computed_from_the_documents()
    {
        _oracle.Same(q => q.Where(p => p.Age > 10).Select(p => new { p.Id, p.Email, p.Age }));
        _oracle.Same(q => q.Select(p => p.Tags.Length));
        var bonus = 3;
        _oracle.Same(q => q.OrderBy(p => p.Age).Select(p => p.Age + bonus));
        bonus = 100;
        _oracle.Same(q => q.OrderBy(p => p.Age).Select(p => p.Age + bonus));
    }

    [Fact]
    public void Select_then_Where_and_OrderBy_over_the_projection()
    {
        _oracle.Same(q => q.Select(p => new { p.Id, p.Age, Mail = p.Email }).Where(x => x.Age > 5 && x.Mail != null).OrderBy(x => x.Mail, StringComparer.Ordinal));
        _oracle.Same(q => q.Select(p => p.Address).Where(a => a != null).Select(a => a!.City).Where(c => c == "Oslo"));
    }

    [Fact]
    public void Single_result_operators()
    {
        _oracle.SameValue(q => q.Count());
        _oracle.SameValue(q => q.Count(p => p.Age > 10));
        _oracle.SameValue(q => q.LongCount(p => p.Active));
        _oracle.SameValue(q => q.Where(p => p.Age > 10).Take(3).Count());
        _oracle.SameValue(q => q.Any(p => p.Age > 40));
        _oracle.SameValue(q => q.Any(p => p.Age > 400));
        _oracle.SameValue(q => q.OrderBy(p => p.Age).First().Id);
        _oracle.SameValue(q => q.OrderBy(p => p.Age).First(p => p.Active).Id);
        _oracle.SameValue(q => q.FirstOrDefault(p => p.Age > 400));
        _oracle.SameValue(q => q.Single(p => p.Id == 7).Email);
        _oracle.SameValue(q => q.SingleOrDefault(p => p.Id == 7000));
        _oracle.SameValue(q => q.Where(p => p.Age > 10).Select(p => p.Email).FirstOrDefault());
        Assert.Throws<InvalidOperationException>(() => _db.Scholars.Query().Single(p => p.Age > 10));
        Assert.Throws<InvalidOperationException>(() => _db.Scholars.Query().First(p => p.Age > 400));
        Assert.Throws<InvalidOperationException>(() => _db.Scholars.Query().SingleOrDefault(p => p.Age > 10));
    }

    [Fact]
    public async Task Async_twins_give_the_sync_results()
    {
        var query = _db.Scholars.Query().Where(p => p.Age > 10).OrderBy(p => p.Age);
        Assert.Equal(query.Select(p => p.Id).ToList(), (await query.ToListAsync()).Select(p => p.Id));
        Assert.Equal(query.Select(p => p.Id).ToArray(), (await query.ToArrayAsync()).Select(p => p.Id));
        Assert.Equal(query.First().Id, (await query.FirstAsync()).Id);
        Assert.Equal(query.FirstOrDefault()?.Id, (await query.FirstOrDefaultAsync())?.Id);
        Assert.Equal(7, (await _db.Scholars.Query().Where(p => p.Id == 7).SingleAsync()).Id);
        Assert.Null(await _db.Scholars.Query().Where(p => p.Id == 7000).SingleOrDefaultAsync());
        Assert.Equal(query.Count(), await query.CountAsync());
        Assert.Equal(query.LongCount(), await query.LongCountAsync());
        Assert.True(await query.AnyAsync());
        var streamed = new List<int>();
        await foreach (var scholar in _db.Scholars.Query())
        {
            streamed.Add(scholar.Id);
        }

        Assert.Equal(_oracle.All.Select(p => p.Id), streamed);
        using var cancelled = new CancellationTokenSource();
        await cancelled.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await query.CountAsync(cancelled.Token));
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await query.ToListAsync(cancelled.Token));
    }

    [Fact]
    public async Task Pages_resume_after_the_previous_page()
    {
        var query = _db.Scholars.Query().Where(p => p.Age > 0).OrderBy(p => p.Email, StringComparer.Ordinal).Take(7);
        var expected = _oracle.All.Where(p => p.Age > 0).OrderBy(p => p.Email, StringComparer.Ordinal).Select(p => p.Id).ToList();
        var seen = new List<int>();
        string? token = null;
        var pages = 0;
        do
        {
            var page = pages % 2 == 0 ? query.ToPage(token) : await query.ToPageAsync(token);
            Assert.True(page.Items.Count <= 7);
            seen.AddRange(page.Items.Select(p => p.Id));
            token = page.Continuation;
            pages++;
        }
        while (token is not null);

        Assert.Equal(expected, seen);
        Assert.Equal((expected.Count + 6) / 7, pages);
        Assert.Throws<InvalidOperationException>(() => _db.Scholars.Query().Where(p => p.Age > 0).ToPage());
        Assert.Throws<ArgumentException>(() => query.ToPage("not-a-token"));
    }
}
