using DocStore.Generators.RuntimeTests.Support;
using static DocStore.Generators.RuntimeTests.Linq.Compiled.CompiledQueryFixture;

namespace DocStore.Generators.RuntimeTests.Linq.Compiled;

/// <summary>
/// Compiled queries over documents stored without members that now have initializers (written through
/// SQL, as an older model or another tool would): a missing member reads as deserialization leaves it,
/// its initializer, so every compiled call site returns LINQ-to-objects over <c>FindAll()</c>. An index
/// walk whose bounds hold the initializer hands the query to the run-time planner.
/// </summary>
public sealed class CompiledInitializerTests : IDisposable
{
    private readonly TempDatabase _temp = new();
    private readonly EvolvedDb _db;
    private readonly List<Evolved> _all;

    public CompiledInitializerTests()
    {
        _db = EvolvedDb.Open(_temp.Path, TempDatabase.Options);
        var random = new Random(5);
        _db.Evolveds.InsertMany(Enumerable.Range(1, 60).Select(i => new Evolved
        {
            Id = i,
            Version = random.Next(3),
            Level = random.Next(6),
            Email = random.Next(3) == 0 ? "" : $"e{i}@example.org",
            Label = random.Next(3) == 0 ? "none" : $"L{random.Next(3)}",
            Priority = random.Next(6),
            Region = random.Next(4) switch { 0 => "EU", 1 => null, _ => "US" },
            Plain = random.Next(2),
            Maybe = random.Next(3) switch { 0 => null, 1 => 2, _ => 5 },
            Tier = (EvolvedTier)random.Next(3),
            Address = random.Next(3) == 0 ? null : new EvolvedPlace { Zip = random.Next(9), City = "Paris" },
            Home = random.Next(3) == 0 ? null : new EvolvedPlace { Zip = random.Next(9) },
            Handle = random.Next(3) == 0 ? "" : $"h{random.Next(3)}-{i}",
            Spot = new EvolvedSpot
            {
                City = random.Next(3) == 0 ? "Nowhere" : "Paris",
                Zip = random.Next(3),
                Inner = new EvolvedInner { Depth = random.Next(3) == 0 ? 9 : random.Next(3) },
            },
            Other = new EvolvedSpot { City = random.Next(2) == 0 ? "Elsewhere" : "Nowhere" },
        }).ToList());

        // Documents older than the members (or written without them), some with explicit nulls where the model allows them.
        string[] stored =
        [
            "{\"Id\": 1001}",
            "{\"Id\": 1002, \"Address\": {}, \"Home\": {}}",
            "{\"Id\": 1003, \"Level\": 5, \"Version\": 2}",
            "{\"Id\": 1004, \"Email\": null, \"Label\": null, \"Region\": null, \"Maybe\": null}",
            "{\"Id\": 1005, \"Address\": {\"City\": null}, \"Home\": null}",
            "{\"Id\": 1006, \"Level\": 1, \"Label\": \"L1\", \"Address\": {\"City\": \"Rome\"}}",
            "{\"Id\": 1007, \"Spot\": null, \"Other\": null, \"Handle\": null}",
            "{\"Id\": 1008, \"Spot\": {}, \"Other\": {}}",
            "{\"Id\": 1009, \"Spot\": {\"Inner\": {}}, \"Handle\": \"h1-x\"}",
            "{\"Id\": 1010, \"Spot\": {\"City\": \"Rome\", \"Inner\": null}, \"Other\": {\"City\": null}}",
            "{\"Id\": 1011, \"Spot\": {\"City\": null, \"Zip\": 2, \"Inner\": {\"Depth\": 1}}}",
        ];
        foreach (var document in stored)
        {
            _db.Sql.Execute($"INSERT INTO {_db.Evolveds.Name} VALUES ({document})");
        }

        _all = [.. _db.Evolveds.FindAll().OrderBy(e => e.Id)];
    }

    public static TheoryData<int> Numbers() => [0, 1, 2, 3, 4, 7];

    [Theory]
    [MemberData(nameof(Numbers))]
    public void A_missing_value_member_reads_as_its_constant_initializer(int value)
    {
        var (equal, ran) = Run(() => _db.Evolveds.Query().Where(e => e.Version == value).ToList());
        Assert.True(ran);
        Assert.Equal(Ids(_all.Where(e => e.Version == value)), Ids(equal));
        Assert.Equal(Ids(equal), Ids(Runtime(_db.Evolveds.Query().Where(e => e.Version == value))));

        var (ordered, ranOrdered) = Run(() => _db.Evolveds.Query().Where(e => e.Version < value || e.Tier == EvolvedTier.Gold).Count());
        Assert.True(ranOrdered);
        Assert.Equal(_all.Count(e => e.Version < value || e.Tier == EvolvedTier.Gold), ordered);
        Assert.Equal(ordered, Runtime(_db.Evolveds.Query().Where(e => e.Version < value || e.Tier == EvolvedTier.Gold)).Count());

        var (plain, ranPlain) = Run(() => _db.Evolveds.Query().Where(e => e.Plain == value && !(e.Version > value)).ToList());
        Assert.True(ranPlain);
        Assert.Equal(Ids(_all.Where(e => e.Plain == value && !(e.Version > value))), Ids(plain));
        Assert.Equal(Ids(plain), Ids(Runtime(_db.Evolveds.Query().Where(e => e.Plain == value && !(e.Version > value)))));
    }

    [Theory]
    [MemberData(nameof(Numbers))]
    public void An_initializer_only_the_object_gives_is_read_from_the_deserialized_document(int value)
    {
        var (priority, ran) = Run(() => _db.Evolveds.Query().Where(e => e.Priority == value || e.Priority > value + 2).ToList());
        Assert.True(ran);
        Assert.Equal(Ids(_all.Where(e => e.Priority == value || e.Priority > value + 2)), Ids(priority));
        Assert.Equal(Ids(priority), Ids(Runtime(_db.Evolveds.Query().Where(e => e.Priority == value || e.Priority > value + 2))));

        var (home, ranHome) = Run(() => _db.Evolveds.Query().Where(e => e.Home!.Zip == value).ToList());
        Assert.True(ranHome);
        Assert.Equal(Ids(_all.Where(e => e.Home?.Zip == value)), Ids(home));
        Assert.Equal(Ids(home), Ids(Runtime(_db.Evolveds.Query().Where(e => e.Home!.Zip == value))));
    }

    [Theory]
    [InlineData("EU")]
    [InlineData("US")]
    [InlineData(null)]
    public void A_missing_string_reads_as_its_initializer_and_a_stored_null_as_null(string? region)
    {
        var (found, ran) = Run(() => _db.Evolveds.Query().Where(e => e.Region == region).ToList());
        Assert.True(ran);
        Assert.Equal(Ids(_all.Where(e => e.Region == region)), Ids(found));
        Assert.Equal(Ids(found), Ids(Runtime(_db.Evolveds.Query().Where(e => e.Region == region))));

        var (empty, ranEmpty) = Run(() => _db.Evolveds.Query().Where(e => e.Email == "" || e.Email == null).ToList());
        Assert.True(ranEmpty);
        Assert.Equal(Ids(_all.Where(e => e.Email == "" || e.Email == null)), Ids(empty));
        Assert.Equal(Ids(empty), Ids(Runtime(_db.Evolveds.Query().Where(e => e.Email == "" || e.Email == null))));
        Assert.Equal(Ids(empty), Ids(Runtime(_db.Evolveds.Query().Where(e => string.IsNullOrEmpty(e.Email)))));

        var prefix = region ?? "";
        var (starts, ranStarts) = Run(() => _db.Evolveds.Query().Where(e => e.Email.StartsWith(prefix) && e.Plain == 0).ToList());
        Assert.True(ranStarts);
        Assert.Equal(Ids(_all.Where(e => e.Email != null && e.Email.StartsWith(prefix, StringComparison.Ordinal) && e.Plain == 0)), Ids(starts));
        Assert.Equal(Ids(starts), Ids(Runtime(_db.Evolveds.Query().Where(e => e.Email.StartsWith(prefix) && e.Plain == 0))));
    }

    [Theory]
    [InlineData(2)]
    [InlineData(5)]
    [InlineData(null)]
    public void A_nullable_member_with_an_initializer_reads_a_stored_null_as_null(int? maybe)
    {
        var (found, ran) = Run(() => _db.Evolveds.Query().Where(e => e.Maybe == maybe).ToList());
        Assert.True(ran);
        Assert.Equal(Ids(_all.Where(e => e.Maybe == maybe)), Ids(found));
        Assert.Equal(Ids(found), Ids(Runtime(_db.Evolveds.Query().Where(e => e.Maybe == maybe))));
    }

    [Theory]
    [MemberData(nameof(Numbers))]
    public void A_nested_member_reads_its_initializer_under_a_present_parent_and_null_under_a_missing_one(int zip)
    {
        var (found, ran) = Run(() => _db.Evolveds.Query().Where(e => e.Address!.Zip == zip || e.Address!.City == "Nowhere").ToList());
        Assert.True(ran);
        Assert.Equal(Ids(_all.Where(e => e.Address?.Zip == zip || e.Address?.City == "Nowhere")), Ids(found));
        Assert.Equal(Ids(found), Ids(Runtime(_db.Evolveds.Query().Where(e => e.Address!.Zip == zip || e.Address!.City == "Nowhere"))));

        var (other, ranOther) = Run(() => _db.Evolveds.Query().Where(e => e.Address!.Zip != zip).Count());
        Assert.True(ranOther);
        Assert.Equal(_all.Count(e => e.Address?.Zip != zip), other);
        Assert.Equal(other, Runtime(_db.Evolveds.Query().Where(e => e.Address!.Zip != zip)).Count());
    }

    [Theory]
    [InlineData(5, true)]
    [InlineData(1, true)]
    [InlineData(3, false)]
    public void An_index_seek_hands_over_when_the_initializer_matches(int level, bool compiled)
    {
        var (found, ran) = Run(() => _db.Evolveds.Query().Where(e => e.Level == level).ToList());
        Assert.Equal(compiled, ran);
        Assert.Equal(Ids(_all.Where(e => e.Level == level)), Ids(found));
        Assert.Equal(Ids(found), Ids(Runtime(_db.Evolveds.Query().Where(e => e.Level == level))));

        var (residual, ranResidual) = Run(() => _db.Evolveds.Query().Where(e => e.Level == level && e.Version == 1).ToList());
        Assert.Equal(compiled, ranResidual);
        Assert.Equal(Ids(_all.Where(e => e.Level == level && e.Version == 1)), Ids(residual));
    }

    [Theory]
    [InlineData(3, 5, true)]
    [InlineData(0, 2, true)]
    [InlineData(2, 4, false)]
    public void An_index_range_hands_over_when_it_holds_the_initializer(int low, int high, bool compiled)
    {
        var (found, ran) = Run(() => _db.Evolveds.Query().Where(e => e.Level > low && e.Level <= high).OrderBy(e => e.Level).ToList());
        Assert.Equal(compiled, ran);
        var expected = Ids(_all.Where(e => e.Level > low && e.Level <= high).OrderBy(e => e.Level).ThenBy(e => e.Id));
        Assert.Equal(expected, Ids(found));
        Assert.Equal(expected, Ids(Runtime(_db.Evolveds.Query().Where(e => e.Level > low && e.Level <= high).OrderBy(e => e.Level))));
        Assert.Equal(
            Ids(_all.Where(e => e.Level >= low).OrderByDescending(e => e.Level).ThenBy(e => e.Id)),
            Ids(Runtime(_db.Evolveds.Query().Where(e => e.Level >= low).OrderByDescending(e => e.Level))));
    }

    [Theory]
    [InlineData("L1", true)]
    [InlineData("none", false)]
    public void A_string_index_hands_over_when_the_initializer_matches(string label, bool compiled)
    {
        var (found, ran) = Run(() => _db.Evolveds.Query().Where(e => e.Label == label).ToList());
        Assert.Equal(compiled, ran);
        Assert.Equal(Ids(_all.Where(e => e.Label == label)), Ids(found));
        Assert.Equal(Ids(found), Ids(Runtime(_db.Evolveds.Query().Where(e => e.Label == label))));

        var prefix = label[..2];
        var (starts, ranStarts) = Run(() => _db.Evolveds.Query().Where(e => e.Label.StartsWith(prefix)).OrderBy(e => e.Label).ToList());
        Assert.Equal(compiled, ranStarts);
        Assert.Equal(
            Ids(_all.Where(e => e.Label != null && e.Label.StartsWith(prefix, StringComparison.Ordinal)).OrderBy(e => e.Label, StringComparer.Ordinal).ThenBy(e => e.Id)),
            Ids(starts));
    }

    [Fact]
    public void A_projection_reads_missing_members_as_their_initializers()
    {
        var (rows, ran) = Run(() => _db.Evolveds.Query().Where(e => e.Plain == 0).Select(e => new { e.Id, e.Version, e.Email, e.Priority }).ToList());
        Assert.True(ran);
        Assert.Equal(
            _all.Where(e => e.Plain == 0).Select(e => new { e.Id, e.Version, e.Email, e.Priority }).ToList(),
            rows);
    }

    [Fact]
    public void The_planner_orders_a_missing_member_where_its_initializer_sorts()
    {
        Assert.Equal(
            Ids(_all.OrderBy(e => e.Version).ThenBy(e => e.Id)),
            Ids(Runtime(_db.Evolveds.Query().OrderBy(e => e.Version))));
        Assert.Equal(
            Ids(_all.OrderBy(e => e.Email, StringComparer.Ordinal).ThenBy(e => e.Id)),
            Ids(Runtime(_db.Evolveds.Query().OrderBy(e => e.Email))));
        Assert.Equal(
            Ids(_all.Where(e => e.Level <= 3).OrderBy(e => e.Level).ThenBy(e => e.Id)),
            Ids(Runtime(_db.Evolveds.Query().Where(e => e.Level <= 3).OrderBy(e => e.Level))));
    }

    [Fact]
    public void The_planner_walks_the_null_entries_of_an_index_for_an_initialized_member()
    {
        // Level == 3 matches the stored threes and every document without Level: the index's NULL entries and its range.
        var level = 3;
        var explain = Runtime(_db.Evolveds.Query().Where(e => e.Level == level)).Explain();
        Assert.Contains("index range", explain, StringComparison.Ordinal);
        Assert.Equal(_all.Count(e => e.Level == level), Runtime(_db.Evolveds.Query().Where(e => e.Level == level)).Count());
    }

    [Fact]
    public void Explain_writes_an_initializer_value_as_a_literal()
    {
        // A missing Handle reads as "": the NULL side of the prefix tests that value, written as SQL writes it.
        var prefix = "h1";
        var explain = Runtime(_db.Evolveds.Query().Where(e => e.Handle.StartsWith(prefix))).Explain();
        Assert.Contains("starts_with('', @prefix)", explain, StringComparison.Ordinal);
        var empty = "";
        Assert.Contains("(Handle IS NULL AND '' = @empty)", Runtime(_db.Evolveds.Query().Where(e => e.Handle == empty)).Explain(), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("Paris", true)]
    [InlineData("Rome", true)]
    [InlineData("Nowhere", false)]
    public void A_member_under_a_parent_its_initializer_creates_stays_compiled(string city, bool seek)
    {
        // A missing Spot reads as a fresh one, whose City reads "Nowhere"; a stored null Spot reads City as null.
        var (found, ran) = Run(() => _db.Evolveds.Query().Where(e => e.Spot.City == city).ToList());
        Assert.Equal(seek, ran);
        Assert.Equal(Ids(_all.Where(e => e.Spot?.City == city)), Sorted(found));
        Assert.Equal(Sorted(found), Sorted(Runtime(_db.Evolveds.Query().Where(e => e.Spot.City == city))));

        var (scanned, _) = Run(() => _db.Evolveds.Query().Where(e => e.Spot.City != city).ToList());
        Assert.Equal(Ids(_all.Where(e => e.Spot?.City != city)), Sorted(scanned));
        Assert.Equal(Sorted(scanned), Sorted(Runtime(_db.Evolveds.Query().Where(e => e.Spot.City != city))));
    }

    [Theory]
    [MemberData(nameof(Numbers))]
    public void Members_under_initialized_parents_read_as_the_fresh_parent_holds_them(int value)
    {
        // Missing parent: a fresh object; parent present without the member: its initializer; stored null parent: null.
        var (zip, ranZip) = Run(() => _db.Evolveds.Query().Where(e => e.Spot.Zip == value).ToList());
        Assert.True(ranZip);
        Assert.Equal(Ids(_all.Where(e => e.Spot?.Zip == value)), Sorted(zip));
        Assert.Equal(Sorted(zip), Sorted(Runtime(_db.Evolveds.Query().Where(e => e.Spot.Zip == value))));

        var (depth, ranDepth) = Run(() => _db.Evolveds.Query().Where(e => e.Spot.Inner.Depth == value).ToList());
        Assert.True(ranDepth);
        Assert.Equal(Ids(_all.Where(e => e.Spot?.Inner?.Depth == value)), Sorted(depth));
        Assert.Equal(Sorted(depth), Sorted(Runtime(_db.Evolveds.Query().Where(e => e.Spot.Inner.Depth == value))));

        var (other, ranOther) = Run(() => _db.Evolveds.Query().Where(e => e.Spot.Inner.Depth != value).Count());
        Assert.True(ranOther);
        Assert.Equal(_all.Count(e => e.Spot?.Inner?.Depth != value), other);
        Assert.Equal(other, Runtime(_db.Evolveds.Query().Where(e => e.Spot.Inner.Depth != value)).Count());

        var (set, ranSet) = Run(() => _db.Evolveds.Query().Where(e => e.Other.City == "Elsewhere" && e.Spot.Zip <= value).ToList());
        Assert.True(ranSet);
        Assert.Equal(Ids(_all.Where(e => e.Other?.City == "Elsewhere" && e.Spot?.Zip <= value)), Sorted(set));
        Assert.Equal(Sorted(set), Sorted(Runtime(_db.Evolveds.Query().Where(e => e.Other.City == "Elsewhere" && e.Spot.Zip <= value))));
    }

    [Theory]
    [InlineData("h1", true)]
    [InlineData("h", true)]
    [InlineData("Pa", true)]
    [InlineData("No", false)]
    public void A_prefix_on_an_initialized_member_walks_the_index(string prefix, bool cityCompiled)
    {
        var (found, ran) = Run(() => _db.Evolveds.Query().Where(e => e.Handle.StartsWith(prefix)).ToList());
        Assert.True(ran);
        var expected = Ids(_all.Where(e => e.Handle != null && e.Handle.StartsWith(prefix, StringComparison.Ordinal)));
        Assert.Equal(expected, Sorted(found));
        var runtime = Runtime(_db.Evolveds.Query().Where(e => e.Handle.StartsWith(prefix)));
        Assert.Contains("index prefix", runtime.Explain(), StringComparison.Ordinal);
        Assert.Equal(expected, Sorted(runtime));

        // "Nowhere" starts with "No": the walk adds the NULL entries, which the run time answers.
        var (cities, ranCities) = Run(() => _db.Evolveds.Query().Where(e => e.Spot.City.StartsWith(prefix)).ToList());
        Assert.Equal(cityCompiled, ranCities);
        var expectedCities = Ids(_all.Where(e => e.Spot?.City != null && e.Spot.City.StartsWith(prefix, StringComparison.Ordinal)));
        Assert.Equal(expectedCities, Sorted(cities));
        var runtimeCities = Runtime(_db.Evolveds.Query().Where(e => e.Spot.City.StartsWith(prefix)));
        Assert.Contains("index prefix", runtimeCities.Explain(), StringComparison.Ordinal);
        Assert.Equal(expectedCities, Sorted(runtimeCities));
    }

    [Fact]
    public void Bounds_without_the_initializer_visit_no_null_entries()
    {
        // Level reads 3 and Handle "" when missing: == 5 and the prefix "h1" deserialize only their matches.
        var level = 5;
        var prefix = "h1";
        var byLevel = Runtime(_db.Evolveds.Query().Where(e => e.Level == level));
        var byHandle = Runtime(_db.Evolveds.Query().Where(e => e.Handle.StartsWith(prefix)));
        Assert.Contains("index range", byLevel.Explain(), StringComparison.Ordinal);
        _ = byLevel.ToList();
        _ = byHandle.ToList();

        var before = EvolvedDefaults.Reads;
        var levels = byLevel.ToList();
        Assert.Equal(levels.Count, EvolvedDefaults.Reads - before);
        Assert.Equal(Ids(_all.Where(e => e.Level == level)), Sorted(levels));

        before = EvolvedDefaults.Reads;
        var handles = byHandle.ToList();
        Assert.Equal(handles.Count, EvolvedDefaults.Reads - before);
        Assert.NotEmpty(handles);

        // Level == 3 holds the initializer: the documents without Level are matches, read from the NULL entries.
        var three = 3;
        Assert.Equal(Ids(_all.Where(e => e.Level == three)), Sorted(Runtime(_db.Evolveds.Query().Where(e => e.Level == three))));
    }

    private static List<int> Sorted(IEnumerable<Evolved> items) => [.. items.Select(e => e.Id).Order()];

    private static List<int> Ids(IEnumerable<Evolved> items) => [.. items.Select(e => e.Id)];

    public void Dispose()
    {
        _db.Dispose();
        _temp.Dispose();
    }
}
