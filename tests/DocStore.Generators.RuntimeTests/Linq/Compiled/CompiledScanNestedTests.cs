using static DocStore.Generators.RuntimeTests.Linq.Compiled.CompiledQueryFixture;

namespace DocStore.Generators.RuntimeTests.Linq.Compiled;

/// <summary>
/// Compiled scans over members through a nested object, enums and dates: each call site runs its compiled
/// plan and returns what the run-time planner returns, which is LINQ-to-objects with a path through a
/// missing or null parent read as null (<c>p.Home?.Zip</c>; the member access itself would throw there).
/// </summary>
public sealed class CompiledScanNestedTests(CompiledQueryFixture fixture) : IClassFixture<CompiledQueryFixture>
{
    private readonly LinqDb _db = fixture.Db;
    private readonly IReadOnlyList<LinqItem> _all = fixture.All;

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(3)]
    [InlineData(7)]
    public void A_nested_value_member_reads_null_through_a_missing_parent(int zip)
    {
        var (equal, ranEqual) = Run(() => _db.LinqItems.Query().Where(p => p.Home!.Zip == zip).ToList());
        Assert.True(ranEqual);
        Assert.Equal(Ids(_all.Where(p => p.Home?.Zip == zip)), Ids(equal));
        Assert.Equal(Ids(equal), Ids(Runtime(_db.LinqItems.Query().Where(p => p.Home!.Zip == zip))));

        var (other, ranOther) = Run(() => _db.LinqItems.Query().Where(p => p.Home!.Zip != zip || !(p.Home!.Zip > zip)).Count());
        Assert.True(ranOther);
        Assert.Equal(_all.Count(p => p.Home?.Zip != zip || !(p.Home?.Zip > zip)), other);
        Assert.Equal(other, Runtime(_db.LinqItems.Query().Where(p => p.Home!.Zip != zip || !(p.Home!.Zip > zip))).Count());
    }

    [Fact]
    public void A_present_parent_without_the_member_reads_its_default()
    {
        // The documents written through SQL with "Home": {} have no Zip: it reads as 0 there, and as null where Home is missing.
        var (zero, ran) = Run(() => _db.LinqItems.Query().Where(p => p.Home!.Zip == 0 && p.Level == null).ToList());
        Assert.True(ran);
        var expected = Ids(_all.Where(p => p.Home?.Zip == 0 && p.Level == null));
        Assert.Contains(expected, id => id > 1000);
        Assert.Equal(expected, Ids(zero));
        Assert.Equal(expected, Ids(Runtime(_db.LinqItems.Query().Where(p => p.Home!.Zip == 0 && p.Level == null))));
    }

    [Theory]
    [InlineData(LinqKind.None)]
    [InlineData(LinqKind.Gold)]
    [InlineData(LinqKind.Bronze)]
    public void Enums_compare_as_their_numbers(LinqKind kind)
    {
        var (list, ran) = Run(() => _db.LinqItems.Query().Where(p => p.Kind == kind || p.Grade > kind).ToList());
        Assert.True(ran);
        Assert.Equal(Ids(_all.Where(p => p.Kind == kind || p.Grade > kind)), Ids(list));
        Assert.Equal(Ids(list), Ids(Runtime(_db.LinqItems.Query().Where(p => p.Kind == kind || p.Grade > kind))));

        var (constant, ranConstant) = Run(() => _db.LinqItems.Query().Where(p => p.Kind != LinqKind.Silver && p.Grade == null).Count());
        Assert.True(ranConstant);
        Assert.Equal(_all.Count(p => p.Kind != LinqKind.Silver && p.Grade == null), constant);
    }

    public static TheoryData<DateTimeOffset> Instants() => [.. LinqData.Instants];

    [Theory]
    [MemberData(nameof(Instants))]
    public void DateTimeOffsets_compare_as_instants_and_DateTimes_by_ticks(DateTimeOffset seen)
    {
        // Two of the stored instants are equal under different offsets; == compares instants, as C# does.
        var (list, ran) = Run(() => _db.LinqItems.Query().Where(p => p.Seen == seen || p.Seen < seen).ToList());
        Assert.True(ran);
        Assert.Equal(Ids(_all.Where(p => p.Seen == seen || p.Seen < seen)), Ids(list));
        Assert.Equal(Ids(list), Ids(Runtime(_db.LinqItems.Query().Where(p => p.Seen == seen || p.Seen < seen))));

        var born = seen.UtcDateTime;
        var (dates, ranDates) = Run(() => _db.LinqItems.Query().Where(p => p.Born >= born && p.Born != null).ToList());
        Assert.True(ranDates);
        Assert.Equal(Ids(_all.Where(p => p.Born >= born && p.Born != null)), Ids(dates));
        Assert.Equal(Ids(dates), Ids(Runtime(_db.LinqItems.Query().Where(p => p.Born >= born && p.Born != null))));
    }
}
