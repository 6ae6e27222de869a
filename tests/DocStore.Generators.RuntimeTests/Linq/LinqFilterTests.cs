using DocStore.Generators.RuntimeTests.Models;

namespace DocStore.Generators.RuntimeTests.Linq;

/// <summary>Where clauses: each must select exactly what LINQ-to-objects selects over the documents read back, missing fields included.</summary>
public sealed class LinqFilterTests : IDisposable
{
    private readonly ScholarDb _db = ScholarData.Open();
    private readonly LinqOracle _oracle;

    public LinqFilterTests() => _oracle = new LinqOracle(_db);

    public void Dispose() => _db.Dispose();

    [Fact]
    public void Integer_comparisons_match_a_missing_member_as_zero()
    {
        var minAge = 10;
        _oracle.SameIds(q => q.Where(p => p.Age >= minAge));
        _oracle.SameIds(q => q.Where(p => p.Age == 0));
        _oracle.SameIds(q => q.Where(p => p.Age != 2));
        _oracle.SameIds(q => q.Where(p => p.Age < 3));
        _oracle.SameIds(q => q.Where(p => p.Age <= 0));
        _oracle.SameIds(q => q.Where(p => p.Age > -1));
        _oracle.SameIds(q => q.Where(p => 5 < p.Age));
        var ids = _oracle.SameIds(q => q.Where(p => p.Age == 0));
        Assert.Contains(100, ids);
    }

    [Fact]
    public void Nullable_members_follow_lifted_comparisons()
    {
        _oracle.SameIds(q => q.Where(p => p.Score == null));
        _oracle.SameIds(q => q.Where(p => p.Score != null));
        _oracle.SameIds(q => q.Where(p => p.Score > 10));
        _oracle.SameIds(q => q.Where(p => p.Score != 3));
        _oracle.SameIds(q => q.Where(p => p.Score.HasValue));
        _oracle.SameIds(q => q.Where(p => !p.Score.HasValue));
        int? none = null;
        _oracle.SameIds(q => q.Where(p => p.Score == none));
        _oracle.SameIds(q => q.Where(p => p.Score <= none), allowEmpty: true);
    }

    [Fact]
    public void Strings_compare_ordinally_and_null_is_IS_NULL()
    {
        string? nothing = null;
        var email = "ada@x.org";
        _oracle.SameIds(q => q.Where(p => p.Email == null));
        _oracle.SameIds(q => q.Where(p => p.Email == nothing));
        _oracle.SameIds(q => q.Where(p => p.Email != nothing));
        _oracle.SameIds(q => q.Where(p => p.Email == email));
        _oracle.SameIds(q => q.Where(p => p.Email != email));
        _oracle.SameIds(q => q.Where(p => p.Email != null && p.Email.Equals(email)));
        _oracle.SameIds(q => q.Where(p => string.IsNullOrEmpty(p.Email)));
        _oracle.SameIds(q => q.Where(p => p.Nickname == "n1"));
    }

    [Fact]
    public void StartsWith_is_an_ordinal_prefix_without_wildcards()
    {
        var prefix = "ad";
        _oracle.SameIds(q => q.Where(p => p.Email != null && p.Email.StartsWith(prefix)));
        _oracle.SameIds(q => q.Where(p => p.Email != null && p.Email.StartsWith("Ad")));
        _oracle.SameIds(q => q.Where(p => p.Email != null && p.Email.StartsWith("ad%_", StringComparison.Ordinal)));
        _oracle.SameIds(q => q.Where(p => p.Email != null && p.Email.StartsWith("émi")));
        Assert.Empty(_db.Scholars.Query().Where(p => p.Email!.StartsWith("a_")).ToList());
    }

    [Fact]
    public void Booleans_read_a_missing_member_as_false()
    {
        _oracle.SameIds(q => q.Where(p => p.Active));
        _oracle.SameIds(q => q.Where(p => !p.Active));
        _oracle.SameIds(q => q.Where(p => p.Active == true));
        _oracle.SameIds(q => q.Where(p => p.Active == false));
        _oracle.SameIds(q => q.Where(p => !(p.Age > 3)));
        _oracle.SameIds(q => q.Where(p => !(p.Score > 3) && !p.Active));
        _oracle.SameIds(q => q.Where(p => p.Active || p.Age < 0));
        var on = true;
        _oracle.SameIds(q => q.Where(p => on).Where(p => p.Age > 20));
    }

    [Fact]
    public void Enums_decimals_dates_and_guids_convert_as_stored()
    {
        var senior = Level.Senior;
        _oracle.SameIds(q => q.Where(p => p.Level == senior));
        _oracle.SameIds(q => q.Where(p => p.Level != Level.None));
        _oracle.SameIds(q => q.Where(p => (int)p.Level >= 1));
        _oracle.SameIds(q => q.Where(p => p.Balance > 0m));
        _oracle.SameIds(q => q.Where(p => p.Balance == -8.25m));
        var cutoff = new DateTime(2020, 6, 1, 0, 0, 0, DateTimeKind.Utc);
        _oracle.SameIds(q => q.Where(p => p.Joined >= cutoff));
        var local = new DateTime(2020, 6, 1, 0, 0, 0, DateTimeKind.Local);
        _oracle.SameIds(q => q.Where(p => p.Joined < local));
        var badge = _oracle.All.First(s => s.Id == 7).Badge;
        Assert.Equal([7], _oracle.SameIds(q => q.Where(p => p.Badge == badge)));
    }

    [Fact]
    public void Nested_paths_and_null_objects()
    {
        var city = "Rome";
        _oracle.SameIds(q => q.Where(p => p.Address != null && p.Address.City == city));
        _oracle.SameIds(q => q.Where(p => p.Address == null));
        _oracle.SameIds(q => q.Where(p => p.Address != null && p.Address.Zip > 4));
    }

    [Fact]
    public void Captured_objects_arithmetic_and_method_parameters()
    {
        var filter = new AgeFilter { MinAge = 4, Offset = 2 };
        _oracle.SameIds(q => q.Where(p => p.Age > filter.MinAge + filter.Offset * 3));
        Assert.Equal(_oracle.All.Count(p => p.Age < 12), Older(_db.Scholars.Query(), 12));
    }

    [Fact]
    public void Arrays_contain_and_any()
    {
        _oracle.SameIds(q => q.Where(p => p.Tags.Contains("math")));
        _oracle.SameIds(q => q.Where(p => p.Tags.Any()));
        _oracle.SameIds(q => q.Where(p => !p.Tags.Any()));
        _oracle.SameIds(q => q.Where(p => p.Tags.Any(t => t == "art" || t == "bio")));
        _oracle.SameIds(q => q.Where(p => p.Items.Any(i => i.Qty > 3 && i.Sku == "A")));
        _oracle.SameIds(q => q.Where(p => p.Items.Any(i => i.Sku == "B")));
    }

    [Fact]
    public void One_element_must_satisfy_the_whole_inner_predicate()
    {
        var wholeElement = _oracle.SameIds(q => q.Where(p => p.Items.Any(i => i.Qty > 3 && i.Sku == "A")));
        var separately = _oracle.All.Where(p => p.Items.Any(i => i.Qty > 3) && p.Items.Any(i => i.Sku == "A")).Select(p => p.Id).ToList();
        Assert.NotEqual(separately, wholeElement);
    }

    [Fact]
    public void Local_lists_become_IN_lists()
    {
        int[] ids = [3, 5, 8, 101, 999];
        _oracle.SameIds(q => q.Where(p => ids.Contains(p.Id)));
        var list = new List<int> { 1, 2 };
        _oracle.SameIds(q => q.Where(p => list.Contains(p.Id)));
        var set = new HashSet<int> { 4, 9 };
        _oracle.SameIds(q => q.Where(p => set.Contains(p.Age)));
        var empty = new List<int>();
        _oracle.SameIds(q => q.Where(p => empty.Contains(p.Id)), allowEmpty: true);
        int[] withDefault = [0, 2];
        Assert.Contains(100, _oracle.SameIds(q => q.Where(p => withDefault.Contains(p.Age))));
        string?[] emails = ["ada@x.org", null];
        _oracle.SameIds(q => q.Where(p => emails.Contains(p.Email)));
        var levels = new[] { Level.Junior };
        _oracle.SameIds(q => q.Where(p => levels.Contains(p.Level)));
    }

    [Fact]
    public void The_same_shape_with_new_values_gives_new_results()
    {
        for (var age = -5; age < 45; age += 7)
        {
            var bound = age;
            _oracle.SameIds(q => q.Where(p => p.Age >= bound), allowEmpty: true);
        }
    }

    private static int Older(IQueryable<Scholar> query, int limit) => query.Count(p => p.Age < limit);

    private sealed class AgeFilter
    {
        public int MinAge { get; init; }

        public int Offset { get; init; }
    }
}
