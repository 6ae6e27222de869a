namespace DocStore.Generators.RuntimeTests.Linq.Trial;

/// <summary>
/// Queries as a user spreads them over a program: async twins with a predicate, tokens already cancelled,
/// a query built in one method and finished in another, generic helpers, tuples and named projections,
/// descending orders, pages across writes, and local lists of strings with nulls in them. Each result is
/// compared with LINQ-to-objects over the same people.
/// </summary>
public sealed class NewUserCompositionTests : IDisposable
{
    private readonly TrialDb _db = TrialData.Open();
    private readonly List<TrialPerson> _all;

    public NewUserCompositionTests() => _all = [.. _db.TrialPeople.FindAll().OrderBy(p => p.Id)];

    public void Dispose() => _db.Dispose();

    [Fact]
    public async Task Async_twins_take_a_predicate_that_is_translated_not_run_in_memory()
    {
        var city = "London";
        Assert.Equal(_all.Count(p => p.Address?.City == city), await _db.TrialPeople.Query().CountAsync(p => p.Address!.City == city));
        Assert.Equal(_all.Count(p => p.Address?.City == city), await _db.TrialPeople.Query().LongCountAsync(p => p.Address!.City == city));
        Assert.True(await _db.TrialPeople.Query().AnyAsync(p => p.Age > 50));
        Assert.Equal(_all.First(p => p.Age > 50).Id, (await _db.TrialPeople.Query().FirstAsync(p => p.Age > 50)).Id);
        Assert.Null(await _db.TrialPeople.Query().FirstOrDefaultAsync(p => p.Age > 500));
        Assert.Equal(7, (await _db.TrialPeople.Query().SingleAsync(p => p.Id == 7)).Id);
        Assert.Null(await _db.TrialPeople.Query().SingleOrDefaultAsync(p => p.Id == 7000));
        Assert.Equal(
            _all.Count(p => p.Age > 10 && p.Address?.City == city),
            await _db.TrialPeople.Query().Where(p => p.Age > 10).CountAsync(p => p.Address!.City == city));

        // A predicate that does not translate fails as it does in Where: it is never run over every document in memory.
        var x = "ADA1@EXAMPLE.ORG";
#pragma warning disable CA1862 // The comparison a user might write, which does not translate.
        await Assert.ThrowsAsync<QueryTranslationException>(async () => await _db.TrialPeople.Query().CountAsync(p => p.Email.ToUpper() == x));
        await Assert.ThrowsAsync<QueryTranslationException>(async () => await _db.TrialPeople.Query().AnyAsync(p => p.Email.ToUpper() == x));
        await Assert.ThrowsAsync<QueryTranslationException>(async () => await _db.TrialPeople.Query().FirstOrDefaultAsync(p => p.Email.ToUpper() == x));
#pragma warning restore CA1862
    }

    [Fact]
    public async Task A_token_already_cancelled_cancels_every_async_terminal_and_enumeration()
    {
        using var source = new CancellationTokenSource();
        await source.CancelAsync();
        var token = source.Token;
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await _db.TrialPeople.Query().ToListAsync(token));
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await _db.TrialPeople.Query().Where(p => p.Email == "ada6@example.org").ToListAsync(token));
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await _db.TrialPeople.Query().Where(p => p.Age > 3).CountAsync(token));
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await _db.TrialPeople.Query().Where(p => p.Age > 3).FirstOrDefaultAsync(token));
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await _db.TrialPeople.Query().OrderBy(p => p.Age).Take(3).ToPageAsync(null, token));
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
        {
            await foreach (var person in ((IAsyncEnumerable<TrialPerson>)_db.TrialPeople.Query().Where(p => p.Age > 3)).WithCancellation(token))
            {
                Assert.Fail("read " + person.Id + " with a cancelled token");
            }
        });
    }

    [Fact]
    public void A_query_built_in_one_method_and_finished_in_another_equals_LINQ_to_objects()
    {
        var query = LondonersOver(20);
        var page = Finish(query, 1);
        var expected = _all.Where(p => p.Age > 20 && p.Address?.City == "London")
            .OrderByDescending(p => p.Age).ThenBy(p => p.Id).Skip(5).Take(5).Select(p => p.Id).ToList();
        Assert.Equal(5, expected.Count);
        Assert.Equal(expected, page);
        Assert.Equal(_all.Count(p => p.Age > 20 && p.Address?.City == "London"), query.Count());
    }

    [Fact]
    public void Generic_helpers_over_an_interface_and_over_any_query()
    {
        Assert.Equal(Ids(_all.Where(p => p.Age >= 40)), Ids(AtLeast(_db.TrialPeople.Query(), 40).ToList()));
        Assert.Equal(Ids(_all.Where(p => p.Age >= 40).Skip(10).Take(10)), Ids(PageOf(AtLeast(_db.TrialPeople.Query(), 40), 1, 10)));
        Assert.Equal(_all.Count(p => p.Tags.Contains("art")), CountWhere<TrialPerson>(_db.TrialPeople.Query(), p => p.Tags.Contains("art")));
    }

    [Fact]
    public void Projections_to_tuples_records_and_members_equal_LINQ_to_objects()
    {
        var city = "Paris";
        var people = _all.Where(p => p.Address?.City == city).ToList();
        Assert.Equal(
            people.Select(p => (p.Email, p.Age)),
            _db.TrialPeople.Query().Where(p => p.Address!.City == city).Select(p => new ValueTuple<string, int>(p.Email, p.Age)).ToList());
        Assert.Equal(
            people.Select(p => Tuple.Create(p.Email, p.Age)),
            _db.TrialPeople.Query().Where(p => p.Address!.City == city).Select(p => Tuple.Create(p.Email, p.Age)).ToList());
        Assert.Equal(
            people.Select(p => new TrialEmailAge(p.Email, p.Age)),
            _db.TrialPeople.Query().Where(p => p.Address!.City == city).Select(p => new TrialEmailAge(p.Email, p.Age)).ToList());
        Assert.Equal(
            people.Select(p => p.Address!.City),
            _db.TrialPeople.Query().Where(p => p.Address!.City == city).Select(p => p.Address!.City).ToList());
        Assert.Equal(
            people.Where(p => p.Age > 20).Select(p => p.Email),
            _db.TrialPeople.Query().Where(p => p.Address!.City == city).Select(p => new { p.Email, p.Age }).Where(x => x.Age > 20).Select(x => x.Email).ToList());
    }

    [Fact]
    public void Descending_orders_with_skip_and_take_equal_LINQ_to_objects()
    {
        Assert.Equal(
            Ids(_all.OrderByDescending(p => p.Age).ThenByDescending(p => p.Email, StringComparer.Ordinal).Skip(17).Take(9)),
            Ids(_db.TrialPeople.Query().OrderByDescending(p => p.Age).ThenByDescending(p => p.Email).Skip(17).Take(9).ToList()));
        Assert.Equal(
            Ids(_all.Where(p => p.Tags.Contains("math")).OrderByDescending(p => p.Address == null ? null : p.Address.City, StringComparer.Ordinal).ThenBy(p => p.Id).Take(30)),
            Ids(_db.TrialPeople.Query().Where(p => p.Tags.Contains("math")).OrderByDescending(p => p.Address!.City).ThenBy(p => p.Id).Take(30).ToList()));
    }

    [Fact]
    public void A_page_after_writes_continues_at_its_position_and_a_skip_past_the_end_is_an_empty_last_page()
    {
        var first = _db.TrialPeople.Query().Where(p => p.Age >= 30).OrderBy(p => p.Age).ThenBy(p => p.Id).Take(10).ToPage();
        Assert.True(first.HasMore);
        _db.TrialPeople.Insert(new TrialPerson { Id = 1000, Email = "late@example.org", Age = 60 });
        _db.TrialPeople.Delete(_all.Where(p => p.Age >= 30).OrderBy(p => p.Age).ThenBy(p => p.Id).Skip(15).First().Id);
        var second = _db.TrialPeople.Query().Where(p => p.Age >= 30).OrderBy(p => p.Age).ThenBy(p => p.Id).Take(10).ToPage(first.Continuation);
        var now = _db.TrialPeople.FindAll().Where(p => p.Age >= 30).OrderBy(p => p.Age).ThenBy(p => p.Id).ToList();
        Assert.Equal(Ids(now.Skip(10).Take(10)), Ids(second.Items));

        var beyond = _db.TrialPeople.Query().OrderBy(p => p.Age).Skip(5000).Take(10).ToPage();
        Assert.Empty(beyond.Items);
        Assert.False(beyond.HasMore);
        Assert.Null(beyond.Continuation);
    }

    [Fact]
    public void Local_lists_of_strings_with_nulls_and_empty_lists_are_IN_lists_with_CSharp_meaning()
    {
        var emails = new List<string> { "ada6@example.org", "nobody", "bob2@example.org" };
        Assert.Equal(Ids(_all.Where(p => emails.Contains(p.Email))), Ids(_db.TrialPeople.Query().Where(p => emails.Contains(p.Email)).ToList()));
        Assert.Empty(_db.TrialPeople.Query().Where(p => new List<string>().Contains(p.Email)).ToList());
        Assert.Equal(_all.Count, _db.TrialPeople.Query().Count(p => !Array.Empty<string>().Contains(p.Email)));

        string?[] cities = [null, "Oslo"];
        Assert.Equal(
            Ids(_all.Where(p => cities.Contains(p.Address?.City))),
            Ids(_db.TrialPeople.Query().Where(p => cities.Contains(p.Address!.City)).ToList()));
        string? tag = null;
        Assert.Equal(_all.Count(p => p.Tags.Contains(tag!)), _db.TrialPeople.Query().Count(p => p.Tags.Contains(tag!)));
        Assert.Equal(
            Ids(_all.Where(p => p.Pets.Any(x => x.Name.StartsWith("Re", StringComparison.Ordinal) && x.Age < 3))),
            Ids(_db.TrialPeople.Query().Where(p => p.Pets.Any(x => x.Name.StartsWith("Re") && x.Age < 3)).ToList()));
    }

    private IQueryable<TrialPerson> LondonersOver(int age) => _db.TrialPeople.Query().Where(p => p.Age > age && p.Address!.City == "London");

    private static List<int> Finish(IQueryable<TrialPerson> query, int page) =>
        query.OrderByDescending(p => p.Age).ThenBy(p => p.Id).Skip(page * 5).Take(5).Select(p => p.Id).ToList();

    private static IQueryable<T> AtLeast<T>(IQueryable<T> query, int age) where T : ITrialAged => query.Where(p => p.Age >= age);

    private static List<T> PageOf<T>(IQueryable<T> query, int page, int size) => [.. query.Skip(page * size).Take(size)];

    private static int CountWhere<T>(IQueryable<T> query, System.Linq.Expressions.Expression<Func<T, bool>> predicate) => query.Count(predicate);

    private static List<int> Ids(IEnumerable<TrialPerson> people) => [.. people.Select(p => p.Id)];
}

/// <summary>A named projection with a constructor.</summary>
public sealed record TrialEmailAge(string Email, int Age);

/// <summary>What a generic helper constrains its documents to.</summary>
public interface ITrialAged
{
    /// <summary>The age.</summary>
    int Age { get; }
}
