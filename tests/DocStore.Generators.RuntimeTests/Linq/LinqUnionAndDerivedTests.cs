using DocStore.Generators.RuntimeTests.Support;

namespace DocStore.Generators.RuntimeTests.Linq;

/// <summary>
/// || over indexed members as an index union, Any over object arrays and ordinal string comparisons on
/// index ranges, an equality then a range on a composite index, and array lengths: each plan checked
/// through Explain and its rows against LINQ-to-objects over the same documents.
/// </summary>
public sealed class LinqUnionAndDerivedTests : IDisposable
{
    private readonly TempDatabase _temp = new();
    private readonly LinqDb _db;
    private readonly List<LinqItem> _all;

    public LinqUnionAndDerivedTests()
    {
        _db = LinqDb.Open(_temp.Path, TempDatabase.Options);
        _db.LinqItems.InsertMany(LinqData.Typed(300, seed: 5));
        foreach (var insert in LinqData.MissingMemberInserts(_db.LinqItems.Name, 1001, 25, seed: 6))
        {
            _db.Sql.Execute(insert);
        }

        _all = [.. _db.LinqItems.FindAll()];
    }

    [Fact]
    public void An_or_over_indexed_members_is_an_index_union()
    {
        var code = "C007";
        var city = "Oslo";
        var query = _db.LinqItems.Query().Where(p => p.Code == code || p.Home!.City == city || p.Age > 8);
        var plan = query.Explain();
        Assert.Contains("access: index union", plan, StringComparison.Ordinal);
        Assert.Contains("(3 ranges)", plan, StringComparison.Ordinal);
        var expected = Ids(_all.Where(p => p.Code == code || p.Home?.City == city || p.Age > 8));
        Assert.NotEmpty(expected);
        Assert.Equal(expected, Ids(query));
        Assert.Equal(expected.Count, query.Count());
    }

    [Fact]
    public void A_list_contains_or_another_index_is_a_union_and_sorted_when_ordered()
    {
        int[] ages = [1, 13];
        var query = _db.LinqItems.Query().Where(p => ages.Contains(p.Age) || p.Tags!.Contains("art")).OrderBy(p => p.Code);
        var plan = query.Explain();
        Assert.Contains("access: index union", plan, StringComparison.Ordinal);
        Assert.Contains("sort: sort", plan, StringComparison.Ordinal);
        var expected = _all.Where(p => ages.Contains(p.Age) || (p.Tags?.Contains("art") ?? false)).OrderBy(p => p.Code, StringComparer.Ordinal).Select(p => p.Id).ToList();
        Assert.Equal(expected, query.Select(p => p.Id).ToList());
    }

    [Fact]
    public void An_or_with_an_unindexed_side_scans()
    {
        var query = _db.LinqItems.Query().Where(p => p.Code == "C007" || p.Weight > 3);
        Assert.Contains("access: full scan", query.Explain(), StringComparison.Ordinal);
        Assert.Equal(Ids(_all.Where(p => p.Code == "C007" || p.Weight > 3)), Ids(query));
    }

    [Fact]
    public void Any_over_object_elements_uses_the_multikey_path_index()
    {
        var seek = _db.LinqItems.Query().Where(p => p.Lines!.Any(l => l.Sku == "AB"));
        var seekPlan = seek.Explain();
        Assert.Contains("access: index seek", seekPlan, StringComparison.Ordinal);
        Assert.Contains("Lines[].Sku", seekPlan, StringComparison.Ordinal);
        Assert.Equal(Ids(_all.Where(p => p.Lines?.Any(l => l.Sku == "AB") ?? false)), Ids(seek));

        var start = "A";
        var prefix = _db.LinqItems.Query().Where(p => p.Lines!.Any(l => l.Sku.StartsWith(start)));
        Assert.Contains("access: index prefix", prefix.Explain(), StringComparison.Ordinal);
        var expected = Ids(_all.Where(p => p.Lines?.Any(l => l.Sku.StartsWith(start, StringComparison.Ordinal)) ?? false));
        Assert.NotEmpty(expected);
        Assert.Equal(expected, Ids(prefix));
    }

    [Fact]
    public void Ordinal_string_comparisons_are_index_ranges()
    {
        // Code's initializer is "", which a document without Code reads as: the range, and its NULL entries when "" compares so.
        var bound = "C100";
        var above = _db.LinqItems.Query().Where(p => string.CompareOrdinal(p.Code, bound) > 0);
        Assert.Contains("access: index range", above.Explain(), StringComparison.Ordinal);
        Assert.Equal(Ids(_all.Where(p => string.CompareOrdinal(p.Code, bound) > 0)), Ids(above));

        var below = _db.LinqItems.Query().Where(p => 0 < string.Compare(bound, p.Code, StringComparison.Ordinal));
        Assert.Contains("access: index range", below.Explain(), StringComparison.Ordinal);
        Assert.Equal(Ids(_all.Where(p => string.CompareOrdinal(p.Code, bound) < 0)), Ids(below));
    }

    [Fact]
    public void A_null_string_sorts_before_every_string()
    {
        // Name is often null: CompareOrdinal(null, "b") is negative, so those documents match "< 0".
        var query = _db.LinqItems.Query().Where(p => string.CompareOrdinal(p.Name, "b") < 0);
        var expected = Ids(_all.Where(p => string.CompareOrdinal(p.Name, "b") < 0));
        Assert.Contains(_all.First(p => p.Name is null).Id, expected);
        Assert.Equal(expected, Ids(query));
    }

    [Fact]
    public void A_composite_index_seeks_an_equality_then_a_range()
    {
        var age = 3;
        var query = _db.LinqItems.Query().Where(p => p.Age == age && string.CompareOrdinal(p.Name, "an") >= 0);
        var plan = query.Explain();
        Assert.Contains("access: index seek", plan, StringComparison.Ordinal);
        Assert.Contains("index: AgeName", plan, StringComparison.Ordinal);
        Assert.Contains("Name >=", plan, StringComparison.Ordinal);
        Assert.Equal(Ids(_all.Where(p => p.Age == age && string.CompareOrdinal(p.Name, "an") >= 0)), Ids(query));
    }

    [Fact]
    public void An_array_length_is_false_for_a_null_array_and_its_negation_true()
    {
        Assert.Equal(Ids(_all.Where(p => p.Tags is not null && p.Tags.Length >= 1)), Ids(_db.LinqItems.Query().Where(p => p.Tags!.Length >= 1)));
        Assert.Equal(Ids(_all.Where(p => p.Tags is not null)), Ids(_db.LinqItems.Query().Where(p => p.Tags!.Count() >= 0)));
        Assert.Equal(Ids(_all.Where(p => p.Lines is null || p.Lines.Count != 1)), Ids(_db.LinqItems.Query().Where(p => !(p.Lines!.Count == 1))));
        Assert.Equal(Ids(_all.Where(p => p.Tags is not null && p.Tags.Length != 0)), Ids(_db.LinqItems.Query().Where(p => p.Tags!.Any())));
    }

    [Fact]
    public void A_culture_comparison_of_strings_does_not_translate()
    {
        var error = Assert.Throws<QueryTranslationException>(() => _db.LinqItems.Query().Where(p => p.Code.CompareTo("C1") < 0).ToList());
        Assert.Contains("by culture", error.Message, StringComparison.Ordinal);
        var magnitude = Assert.Throws<QueryTranslationException>(() => _db.LinqItems.Query().Where(p => string.CompareOrdinal(p.Code, "C1") < -1).ToList());
        Assert.Contains("compared with 0", magnitude.Message, StringComparison.Ordinal);
    }

    private static List<int> Ids(IEnumerable<LinqItem> items) => [.. items.Select(i => i.Id).Order()];

    public void Dispose()
    {
        _db.Dispose();
        _temp.Dispose();
    }
}
