namespace DocStore.Generators.RuntimeTests.Linq.Trial;

/// <summary>
/// The LINQ example written as a user would, with every terminal and its async twin, Any over an array of
/// objects, IN lists of each collection kind, method parameters, !, || and null checks on nested paths,
/// each compared with LINQ-to-objects over the same people.
/// </summary>
public sealed class NewUserTrialTests : IDisposable
{
    private readonly TrialDb _db = TrialData.Open();
    private readonly List<TrialPerson> _all;

    public NewUserTrialTests() => _all = [.. _db.TrialPeople.FindAll().OrderBy(p => p.Id)];

    public void Dispose() => _db.Dispose();

    [Fact]
    public void The_example_returns_the_page_LINQ_to_objects_returns()
    {
        var minAge = 10;
        var city = "London";
        var page = _db.TrialPeople.Query()
            .Where(p => p.Age >= minAge && p.Address!.City == city && p.Tags.Contains("math"))
            .OrderBy(p => p.Age).ThenBy(p => p.Email).Skip(20).Take(10)
            .Select(p => new { p.Email, p.Age })
            .ToList();

        var expected = _all
            .Where(p => p.Age >= minAge && p.Address?.City == city && p.Tags.Contains("math"))
            .OrderBy(p => p.Age).ThenBy(p => p.Email, StringComparer.Ordinal).Skip(20).Take(10)
            .Select(p => new { p.Email, p.Age })
            .ToList();
        Assert.Equal(10, expected.Count);
        Assert.Equal(expected, page);
    }

    [Fact]
    public void Explain_names_the_index_and_the_bounds()
    {
        // Email's initializer is "", which no prefix but "" matches: the walk needs no NULL entries.
        var plan = _db.TrialPeople.Query().Where(p => p.Email.StartsWith("ad")).Explain();
        Assert.Contains("index prefix", plan, StringComparison.Ordinal);
        Assert.Contains("index: Email", plan, StringComparison.Ordinal);
        Assert.Contains("'ad'", plan, StringComparison.Ordinal);
        Assert.Equal(
            _all.Where(p => p.Email.StartsWith("ad", StringComparison.Ordinal)).Select(p => p.Id),
            _db.TrialPeople.Query().Where(p => p.Email.StartsWith("ad")).OrderBy(p => p.Email).ToList().OrderBy(p => p.Id).Select(p => p.Id));
    }

    [Fact]
    public async Task Every_terminal_and_its_async_twin()
    {
        var city = "Paris";
        var expected = _all.Where(p => p.Address?.City == city).ToList();
        Assert.Equal(Ids(expected), Ids(_db.TrialPeople.Query().Where(p => p.Address!.City == city).ToList()));
        Assert.Equal(Ids(expected), Ids(await _db.TrialPeople.Query().Where(p => p.Address!.City == city).ToListAsync()));
        Assert.Equal(Ids(expected), Ids(_db.TrialPeople.Query().Where(p => p.Address!.City == city).ToArray()));
        Assert.Equal(Ids(expected), Ids(await _db.TrialPeople.Query().Where(p => p.Address!.City == city).ToArrayAsync()));
        Assert.Equal(expected[0].Id, _db.TrialPeople.Query().Where(p => p.Address!.City == city).First().Id);
        Assert.Equal(expected[0].Id, (await _db.TrialPeople.Query().Where(p => p.Address!.City == city).FirstAsync()).Id);
        Assert.Equal(expected[0].Id, _db.TrialPeople.Query().Where(p => p.Address!.City == city).FirstOrDefault()?.Id);
        Assert.Equal(expected[0].Id, (await _db.TrialPeople.Query().Where(p => p.Address!.City == city).FirstOrDefaultAsync())?.Id);
        Assert.Equal(expected.Count, _db.TrialPeople.Query().Where(p => p.Address!.City == city).Count());
        Assert.Equal(expected.Count, await _db.TrialPeople.Query().Where(p => p.Address!.City == city).CountAsync());
        Assert.Equal(expected.Count, _db.TrialPeople.Query().Where(p => p.Address!.City == city).LongCount());
        Assert.Equal(expected.Count, await _db.TrialPeople.Query().Where(p => p.Address!.City == city).LongCountAsync());
        Assert.True(_db.TrialPeople.Query().Where(p => p.Address!.City == city).Any());
        Assert.True(await _db.TrialPeople.Query().Where(p => p.Address!.City == city).AnyAsync());

        var email = expected[0].Email;
        Assert.Equal(expected[0].Id, _db.TrialPeople.Query().Where(p => p.Email == email).Single().Id);
        Assert.Equal(expected[0].Id, (await _db.TrialPeople.Query().Where(p => p.Email == email).SingleAsync()).Id);
        Assert.Equal(expected[0].Id, _db.TrialPeople.Query().Where(p => p.Email == email).SingleOrDefault()?.Id);
        Assert.Equal(expected[0].Id, (await _db.TrialPeople.Query().Where(p => p.Email == email).SingleOrDefaultAsync())?.Id);
        Assert.Null(_db.TrialPeople.Query().Where(p => p.Email == "nobody").SingleOrDefault());
        Assert.Null(await _db.TrialPeople.Query().Where(p => p.Email == "nobody").FirstOrDefaultAsync());

        var first = _db.TrialPeople.Query().Where(p => p.Address!.City == city).OrderBy(p => p.Age).Take(5).ToPage();
        var second = await _db.TrialPeople.Query().Where(p => p.Address!.City == city).OrderBy(p => p.Age).Take(5).ToPageAsync(first.Continuation);
        var byAge = expected.OrderBy(p => p.Age).ToList();
        Assert.Equal(Ids(byAge.Take(5)), Ids(first.Items));
        Assert.Equal(Ids(byAge.Skip(5).Take(5)), Ids(second.Items));
    }

    [Fact]
    public void Any_over_an_array_of_objects()
    {
        var name = "Rex";
        Assert.Equal(
            Ids(_all.Where(p => p.Pets.Any(x => x.Name == name && x.Age > 2))),
            Ids(_db.TrialPeople.Query().Where(p => p.Pets.Any(x => x.Name == name && x.Age > 2)).ToList()));
        Assert.Equal(_all.Count(p => p.Pets.Count == 0), _db.TrialPeople.Query().Count(p => !p.Pets.Any()));
    }

    [Fact]
    public void An_id_list_of_each_kind_is_an_IN()
    {
        var list = new List<int> { 5, 3, 999, 3, 150 };
        int[] array = [.. list];
        var set = list.ToHashSet();
        var expected = Ids(_all.Where(p => list.Contains(p.Id)));
        Assert.Equal([3, 5, 150], expected);
        Assert.Equal(expected, Ids(_db.TrialPeople.Query().Where(p => list.Contains(p.Id)).ToList()));
        Assert.Equal(expected, Ids(_db.TrialPeople.Query().Where(p => array.Contains(p.Id)).ToList()));
        Assert.Equal(expected, Ids(_db.TrialPeople.Query().Where(p => set.Contains(p.Id)).ToList()));
        Assert.Empty(_db.TrialPeople.Query().Where(p => new List<int>().Contains(p.Id)).ToList());
    }

    [Theory]
    [InlineData(30, "London")]
    [InlineData(0, "Oslo")]
    [InlineData(60, "Paris")]
    public void Method_parameters_negation_disjunction_and_nested_null_checks(int age, string city)
    {
        Assert.Equal(Ids(_all.Where(p => p.Age > age && p.Address?.City == city)), Older(age, city));
        Assert.Equal(
            Ids(_all.Where(p => !(p.Age > age) || p.Address == null)),
            Ids(_db.TrialPeople.Query().Where(p => !(p.Age > age) || p.Address == null).ToList()));

        // A path through a missing address reads as null, as the run time reads it (C# would throw here).
        Assert.Equal(
            Ids(_all.Where(p => p.Address?.City == null || p.Address.City != city)),
            Ids(_db.TrialPeople.Query().Where(p => p.Address!.City == null || p.Address.City != city).ToList()));
        Assert.Equal(_all.Count(p => p.Address != null && p.Address.City == city),
            _db.TrialPeople.Query().Count(p => p.Address != null && p.Address.City == city));
    }

    [Fact]
    public void A_projection_built_by_an_object_initializer()
    {
        // The initializer's constructor call reads no document value; it must stay a constructor call.
        var city = "Oslo";
        var cards = _db.TrialPeople.Query().Where(p => p.Address!.City == city).OrderBy(p => p.Id)
            .Select(p => new TrialCard { Email = p.Email, Pets = p.Pets.Count }).ToList();
        var expected = _all.Where(p => p.Address?.City == city)
            .Select(p => new TrialCard { Email = p.Email, Pets = p.Pets.Count }).ToList();
        Assert.NotEmpty(expected);
        Assert.Equal(expected, cards);
    }

    private List<int> Older(int age, string city) =>
        _db.TrialPeople.Query().Where(p => p.Age > age && p.Address!.City == city).Select(p => p.Id).ToList();

    private static List<int> Ids(IEnumerable<TrialPerson> people) => [.. people.Select(p => p.Id)];
}

/// <summary>A projected type with an object initializer.</summary>
public sealed record TrialCard
{
    /// <summary>The email.</summary>
    public string Email { get; init; } = "";

    /// <summary>How many pets.</summary>
    public int Pets { get; init; }
}
