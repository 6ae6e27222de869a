using DocStore.Generators.RuntimeTests.Models;

namespace DocStore.Generators.RuntimeTests.Linq;

/// <summary>Explain() uses the planner's words, and names the index SQL's EXPLAIN names for the same condition.</summary>
public sealed class LinqExplainTests : IDisposable
{
    private readonly ScholarDb _db = ScholarData.Open();

    public void Dispose() => _db.Dispose();

    [Fact]
    public void An_equality_on_an_indexed_member_is_an_index_seek()
    {
        var age = 30;
        var plan = _db.Scholars.Query().Where(p => p.Age == age).Explain();
        Assert.Contains("access: index seek", plan, StringComparison.Ordinal);
        Assert.Contains($"index: {SqlIndexName("Age = 30")}", plan, StringComparison.Ordinal);
        Assert.Contains("@age = 30", plan, StringComparison.Ordinal);
    }

    [Fact]
    public void A_comparison_is_an_index_range()
    {
        var plan = _db.Scholars.Query().Where(p => p.Age > 30).Explain();
        Assert.Contains("access: index range", plan, StringComparison.Ordinal);
        Assert.Contains("Age > @p", plan, StringComparison.Ordinal);
    }

    [Fact]
    public void StartsWith_is_an_index_prefix()
    {
        var plan = _db.Scholars.Query().Where(p => p.Email!.StartsWith("ad")).Explain();
        Assert.Contains("access: index prefix", plan, StringComparison.Ordinal);
        Assert.Contains($"index: {SqlIndexName("Email = 'x'")}", plan, StringComparison.Ordinal);
        Assert.Contains("'ad'", plan, StringComparison.Ordinal);
        Assert.DoesNotContain("LIKE", plan, StringComparison.Ordinal);
    }

    [Fact]
    public void Contains_on_an_array_is_a_multikey_seek()
    {
        var plan = _db.Scholars.Query().Where(p => p.Tags.Contains("math")).Explain();
        Assert.Contains("access: index seek", plan, StringComparison.Ordinal);
        Assert.Contains($"index: {SqlIndexName("Tags[] = 'math'")}", plan, StringComparison.Ordinal);
    }

    [Fact]
    public void A_local_list_is_several_seeks()
    {
        int[] ages = [3, 9];
        var plan = _db.Scholars.Query().Where(p => ages.Contains(p.Age)).Explain();
        Assert.Contains("access: index seek", plan, StringComparison.Ordinal);
        Assert.Contains(" IN (", plan, StringComparison.Ordinal);
        int[] ids = [3, 9];
        Assert.Contains("access: key seek", _db.Scholars.Query().Where(p => ids.Contains(p.Id)).Explain(), StringComparison.Ordinal);
    }

    [Fact]
    public void A_comparison_that_matches_missing_members_is_a_range_from_null()
    {
        // Age < 3 holds for a missing Age (read as 0); the index holds it under NULL, which sorts first.
        var plan = _db.Scholars.Query().Where(p => p.Age < 3).Explain();
        Assert.Contains("access: index range", plan, StringComparison.Ordinal);
        Assert.Contains("Age IS NULL", plan, StringComparison.Ordinal);
    }

    [Fact]
    public void Ordering_and_paging_are_described()
    {
        var plan = _db.Scholars.Query().Where(p => p.Email!.StartsWith("ad")).OrderBy(p => p.Email).Take(3).Explain();
        Assert.Contains("sort: ", plan, StringComparison.Ordinal);
        var ordered = _db.Scholars.Query().OrderBy(p => p.Id).Take(3).Explain();
        Assert.Contains("access: key order", ordered, StringComparison.Ordinal);
        Assert.Contains("sort: index order", ordered, StringComparison.Ordinal);
    }

    private string SqlIndexName(string condition)
    {
        var row = _db.Sql.Query($"EXPLAIN SELECT * FROM Scholars WHERE {condition}")[0];
        return row["index"].AsString;
    }
}
