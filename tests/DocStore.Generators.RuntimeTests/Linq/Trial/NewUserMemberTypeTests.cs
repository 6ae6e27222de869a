namespace DocStore.Generators.RuntimeTests.Linq.Trial;

/// <summary>
/// Conditions and orders on DateTime, decimal, Guid, enum, nullable and non-ASCII string members: each
/// gives LINQ-to-objects' answer, through the member's index and through a scan of its unindexed copy.
/// </summary>
public sealed class NewUserMemberTypeTests : IDisposable
{
    private static readonly string[] Titles = ["é", "e", "Émile", "日本", "😀 smile", "\uFF21 wide", "z", "", "ÿ", "\uFFFD", "a\u0301", "𝔸"];
    private static readonly decimal[] Prices = [1.0m, 1.00m, 1m, 2.50m, 2.5m, -0.0m, 0m, 10m, 9.99m, 100.000m];

    private static readonly Comparer<string> CodePoints = Comparer<string>.Create((a, b) =>
        System.Text.Encoding.UTF8.GetBytes(a).AsSpan().SequenceCompareTo(System.Text.Encoding.UTF8.GetBytes(b)));

    private readonly TrialEventDb _db = TrialEventDb.OpenInMemory();
    private readonly List<TrialEvent> _all;

    public NewUserMemberTypeTests()
    {
        var random = new Random(1207);
        var start = new DateTime(2026, 1, 1, 0, 0, 0, DateTimeKind.Utc);
        _db.TrialEvents.InsertMany(Enumerable.Range(1, 120).Select(i =>
        {
            var when = start.AddMinutes(random.Next(-100_000, 100_000)).AddTicks(random.Next(0, 10_000));
            var price = Prices[random.Next(Prices.Length)];
            var guid = new Guid(random.Next(), (short)random.Next(), (short)random.Next(), [.. Enumerable.Range(0, 8).Select(_ => (byte)random.Next(256))]);
            var level = (TrialLevel)new[] { -1, 0, 5, 9 }[random.Next(4)];
            int? score = random.Next(4) == 0 ? null : random.Next(-3, 4);
            var title = Titles[random.Next(Titles.Length)] + (random.Next(2) == 0 ? "" : Titles[random.Next(Titles.Length)]);
            return new TrialEvent
            {
                Id = i,
                When = when,
                WhenCopy = when,
                Price = price,
                PriceCopy = price,
                Ref = guid,
                RefCopy = guid,
                Level = level,
                LevelCopy = level,
                Score = score,
                ScoreCopy = score,
                Title = title,
                TitleCopy = title,
            };
        }).ToList());
        _all = [.. _db.TrialEvents.FindAll()];
    }

    public void Dispose() => _db.Dispose();

    [Fact]
    public void Decimals_of_one_amount_and_different_scales_are_equal()
    {
        var one = 1m;
        var expected = Ids(_all.Where(e => e.Price == one));
        Assert.True(expected.Count > 10, "the data has 1.0, 1.00 and 1");
        Assert.Equal(expected, Ids(_db.TrialEvents.Query().Where(e => e.Price == one).ToList()));
        Assert.Equal(expected, Ids(_db.TrialEvents.Query().Where(e => e.PriceCopy == one).ToList()));
        Assert.Equal(expected, Ids(_db.TrialEvents.Query().Where(e => e.Price == 1.000m).ToList()));
        Assert.Equal(Ids(_all.Where(e => e.Price > 1.0m && e.Price <= 10m)), Ids(_db.TrialEvents.Query().Where(e => e.Price > 1.0m && e.Price <= 10m).ToList()));
        Assert.Equal(Ids(_all.Where(e => e.Price >= 0m)), Ids(_db.TrialEvents.Query().Where(e => e.Price >= 0m).ToList()));
        Assert.Equal(Ids(_all.OrderBy(e => e.Price).ThenBy(e => e.Id)), Ids(_db.TrialEvents.Query().OrderBy(e => e.Price).Take(1000).ToList()));
        Assert.Equal(Ids(_all.OrderBy(e => e.Price).ThenBy(e => e.Id)), Ids(_db.TrialEvents.Query().OrderBy(e => e.PriceCopy).ToList()));
    }

    [Fact]
    public void Guids_order_and_compare_as_Guid_CompareTo()
    {
        var middle = _all.OrderBy(e => e.Ref).ElementAt(60).Ref;
        Assert.Equal(Ids(_all.OrderBy(e => e.Ref)), Ids(_db.TrialEvents.Query().OrderBy(e => e.Ref).Take(1000).ToList()));
        Assert.Equal(Ids(_all.OrderBy(e => e.Ref)), Ids(_db.TrialEvents.Query().OrderBy(e => e.RefCopy).ToList()));
        Assert.Equal([_all.Single(e => e.Ref == middle).Id], Ids(_db.TrialEvents.Query().Where(e => e.Ref == middle).ToList()));
        Assert.Equal(Ids(_all.Where(e => e.Ref > middle)), Ids(_db.TrialEvents.Query().Where(e => e.Ref > middle).ToList()));
        Assert.Equal(Ids(_all.Where(e => e.RefCopy <= middle)), Ids(_db.TrialEvents.Query().Where(e => e.RefCopy <= middle).ToList()));
    }

    [Fact]
    public void Enums_compare_and_order_as_their_numbers()
    {
        var level = TrialLevel.Info;
        Assert.Equal(Ids(_all.Where(e => e.Level >= level)), Ids(_db.TrialEvents.Query().Where(e => e.Level >= level).ToList()));
        Assert.Equal(Ids(_all.Where(e => e.LevelCopy >= level)), Ids(_db.TrialEvents.Query().Where(e => e.LevelCopy >= level).ToList()));
        Assert.Equal(Ids(_all.Where(e => e.Level < TrialLevel.Info)), Ids(_db.TrialEvents.Query().Where(e => e.Level < TrialLevel.Info).ToList()));
        Assert.Equal(Ids(_all.Where(e => e.Level != TrialLevel.Warn)), Ids(_db.TrialEvents.Query().Where(e => e.Level != TrialLevel.Warn).ToList()));
        Assert.Equal(Ids(_all.OrderByDescending(e => e.Level).ThenBy(e => e.Id)), Ids(_db.TrialEvents.Query().OrderByDescending(e => e.Level).ThenBy(e => e.Id).ToList()));
    }

    [Fact]
    public void Nullable_members_compare_with_CSharp_lifted_operators()
    {
        int? none = null;
        var two = 2;
        Assert.Equal(Ids(_all.Where(e => e.Score == none)), Ids(_db.TrialEvents.Query().Where(e => e.Score == none).ToList()));
        Assert.Equal(Ids(_all.Where(e => e.Score > 0)), Ids(_db.TrialEvents.Query().Where(e => e.Score > 0).ToList()));
        Assert.Equal(Ids(_all.Where(e => e.Score < two)), Ids(_db.TrialEvents.Query().Where(e => e.Score < two).ToList()));
        Assert.Equal(Ids(_all.Where(e => e.ScoreCopy < two)), Ids(_db.TrialEvents.Query().Where(e => e.ScoreCopy < two).ToList()));
        Assert.Equal(Ids(_all.Where(e => e.Score <= 0)), Ids(_db.TrialEvents.Query().Where(e => e.Score <= 0).ToList()));
        Assert.Equal(Ids(_all.Where(e => e.Score != 1)), Ids(_db.TrialEvents.Query().Where(e => e.Score != 1).ToList()));
        Assert.Equal(Ids(_all.Where(e => !e.Score.HasValue)), Ids(_db.TrialEvents.Query().Where(e => !e.Score.HasValue).ToList()));
        Assert.Equal(Ids(_all.Where(e => !(e.Score >= 1))), Ids(_db.TrialEvents.Query().Where(e => !(e.Score >= 1)).ToList()));
        Assert.Equal(Ids(_all.OrderBy(e => e.Score).ThenBy(e => e.Id)), Ids(_db.TrialEvents.Query().OrderBy(e => e.Score).Take(500).ToList()));
    }

    [Fact]
    public void DateTimes_compare_by_ticks_through_the_index_and_the_scan()
    {
        var since = _all.OrderBy(e => e.When).ElementAt(40).When;
        var until = since.AddDays(20);
        var unspecified = DateTime.SpecifyKind(since, DateTimeKind.Unspecified);
        Assert.Equal(Ids(_all.Where(e => e.When >= since && e.When < until)), Ids(_db.TrialEvents.Query().Where(e => e.When >= since && e.When < until).ToList()));
        Assert.Equal(Ids(_all.Where(e => e.WhenCopy >= since && e.WhenCopy < until)), Ids(_db.TrialEvents.Query().Where(e => e.WhenCopy >= since && e.WhenCopy < until).ToList()));
        Assert.Equal(Ids(_all.Where(e => e.When == since)), Ids(_db.TrialEvents.Query().Where(e => e.When == since).ToList()));
        Assert.Equal(Ids(_all.Where(e => e.When > unspecified)), Ids(_db.TrialEvents.Query().Where(e => e.When > unspecified).ToList()));
        Assert.Equal(Ids(_all.OrderBy(e => e.When)), Ids(_db.TrialEvents.Query().OrderBy(e => e.When).Take(1000).ToList()));
    }

    [Fact]
    public void Non_ASCII_strings_compare_and_order_the_same_through_the_index_and_the_scan()
    {
        foreach (var probe in new[] { "é", "日", "😀", "\uFF21", "\uFFFD", "𝔸", "a\u0301" })
        {
            Assert.Equal(Ids(_all.Where(e => e.Title.StartsWith(probe, StringComparison.Ordinal))), Ids(_db.TrialEvents.Query().Where(e => e.Title.StartsWith(probe)).ToList()));
            Assert.Equal(Ids(_all.Where(e => e.Title == probe)), Ids(_db.TrialEvents.Query().Where(e => e.Title == probe).ToList()));
            Assert.Equal(
                Ids(_db.TrialEvents.Query().Where(e => string.CompareOrdinal(e.Title, probe) < 0).ToList()),
                Ids(_db.TrialEvents.Query().Where(e => string.CompareOrdinal(e.TitleCopy, probe) < 0).ToList()));
        }

        Assert.Equal(
            Ids(_db.TrialEvents.Query().OrderBy(e => e.Title).Take(1000).ToList()),
            Ids(_db.TrialEvents.Query().OrderBy(e => e.TitleCopy).ToList()));
    }

    [Fact]
    public void Strings_order_by_code_point_which_differs_from_UTF16_ordinal_beyond_the_BMP()
    {
        // U+FF21 sorts before U+1D538 by code point, after it by UTF-16 code unit (a surrogate, U+D835, comes first).
        Assert.True(string.CompareOrdinal("\uFF21", "𝔸") > 0);
        Assert.True(CodePoints.Compare("\uFF21", "𝔸") < 0);
        Assert.Equal(Ids(_all.OrderBy(e => e.Title, CodePoints).ThenBy(e => e.Id)), Ids(_db.TrialEvents.Query().OrderBy(e => e.TitleCopy).ToList()));
        Assert.Equal(Ids(_all.OrderBy(e => e.Title, CodePoints).ThenBy(e => e.Id)), Ids(_db.TrialEvents.Query().OrderBy(e => e.Title).Take(500).ToList()));
        var probe = "\uFF21";
        Assert.Equal(
            Ids(_all.Where(e => CodePoints.Compare(e.Title, probe) < 0)),
            Ids(_db.TrialEvents.Query().Where(e => string.CompareOrdinal(e.Title, probe) < 0).ToList()));
        Assert.NotEqual(
            Ids(_all.Where(e => CodePoints.Compare(e.Title, probe) < 0)),
            Ids(_all.Where(e => string.CompareOrdinal(e.Title, probe) < 0)));
    }

    private static List<int> Ids(IEnumerable<TrialEvent> events) => [.. events.Select(e => e.Id)];
}
