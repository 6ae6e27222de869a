using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Tests.QueryChecks;

/// <summary>
/// DOCS025 (the planner would scan every document) and DOCS026 (it would sort every match, with no Take),
/// decided as the SQL planner chooses an access for the translated SELECT.
/// </summary>
public class IndexWarningTests
{
    private static Diagnostic Scan(string body) => QuerySource.Single("DOCS025", body, DiagnosticSeverity.Warning);

    private static Diagnostic Sort(string body) => QuerySource.Single("DOCS026", body, DiagnosticSeverity.Warning);

    [Fact]
    public void A_range_on_a_member_no_index_leads_names_the_member_attribute() =>
        Assert.Equal("This query scans every document of 'People'; an index on 'Age' would serve it: [Index] on 'Person.Age'",
            Scan("people.Query().Where(p => [|p.Age > minAge|]).ToList();").GetMessage());

    [Fact]
    public void A_nested_path_gets_a_type_level_index() =>
        Assert.Contains("an index on 'Address.Street' would serve it: [Index(\"Address.Street\")] on 'Person'",
            Scan("people.Query().Where(p => [|p.Address.Street == city|] && p.Note != city).ToList();").GetMessage(), StringComparison.Ordinal);

    [Fact]
    public void Contains_on_a_sequence_gets_a_multikey_index()
    {
        string source = "people.Query().Where(p => [|p.Scores.Contains(minAge)|]).ToList();";
        Assert.Contains("[Index(\"Scores[]\")] on 'Person'", Scan(source).GetMessage(), StringComparison.Ordinal);
    }

    [Fact]
    public void The_second_path_of_a_composite_index_does_not_lead_it() =>
        Scan("_ = people.Query().Count(p => [|p.Nick == city|]);");

    [Fact]
    public void A_filter_with_nothing_an_index_could_answer_says_so() =>
        Assert.Contains("none of its conditions can use an index",
            Scan("_ = people.Query().Where(p => [|p.Note != city|]).Count();").GetMessage(), StringComparison.Ordinal);

    [Fact]
    public void An_or_with_a_side_no_index_serves_scans() =>
        Scan("people.Query().Where(p => [|p.Email == city || p.Note == city|]).ToList();");

    [Fact]
    public void An_or_inside_an_and_with_an_unserved_side_scans() =>
        Scan("people.Query().Where(p => [|p.Note == city|] && (p.Rank > 3 || p.Nick == city)).ToList();");

    [Fact]
    public void A_compound_any_over_documents_is_tested_element_by_element() =>
        Scan("people.Query().Where(p => [|p.Lines.Any(l => l.Sku == city && l.Quantity > 1)|]).ToList();");

    [Fact]
    public void An_array_length_scans() =>
        Scan("people.Query().Where(p => [|p.Tags.Length > 2|]).ToList();");

    [Fact]
    public void A_union_gives_no_order_so_an_ordered_query_sorts() =>
        Sort("people.Query().Where(p => p.Email == city || p.Rank > 3).OrderBy(p => [|p.Rank|]).ToList();");

    [Fact]
    public void A_comparison_a_missing_member_satisfies_also_tests_for_null_and_scans() =>
        Scan("people.Query().Where(p => [|p.Id < 10|]).ToList();");

    [Fact]
    public void A_negated_bool_member_scans() =>
        Scan("people.Query().Where(p => [|!p.Active|]).ToList();");

    [Fact]
    public void A_foreach_over_the_query_is_a_whole_query() =>
        Scan("foreach (var p in people.Query().Where(p => [|p.Note == city|])) { }");

    [Fact]
    public void An_async_terminal_is_a_whole_query() =>
        Scan("_ = people.Query().Where(p => [|p.Note == city|]).ToListAsync();");

    [Theory]
    [InlineData("p.Id == 3")]
    [InlineData("p.Id > minAge")]
    [InlineData("p.Id > 10")]
    [InlineData("p.Email == city")]
    [InlineData("p.Email.StartsWith(city)")]
    [InlineData("p.Address.City == city")]
    [InlineData("p.Tags.Contains(city)")]
    [InlineData("p.Tags.Any(t => t == city)")]
    [InlineData("ids.Contains(p.Id)")]
    [InlineData("p.Country == city && p.Age > 3")]
    [InlineData("p.Note != city && !(p.Age > 3) && p.Email == city")]
    [InlineData("p.Email == city || p.Id == 3")]
    [InlineData("p.Email == city || p.Rank > 3 || p.Address.City.StartsWith(city)")]
    [InlineData("ids.Contains(p.Id) || p.Tags.Contains(city)")]
    [InlineData("(p.Country == city && p.Age > 3) || p.Email == city")]
    [InlineData("p.Lines.Any(l => l.Sku == city)")]
    [InlineData("p.Lines.Any(l => l.Sku.StartsWith(city))")]
    [InlineData("string.CompareOrdinal(p.Email, city) > 0")]
    [InlineData("string.Compare(city, p.Email, StringComparison.Ordinal) >= 0")]
    [InlineData("p.Rank.CompareTo(minAge) < 0")]
    public void A_filter_an_index_serves(string condition) =>
        Assert.Empty(QuerySource.Analyze($"people.Query().Where(p => {condition}).ToList();"));

    [Fact]
    public void Several_Where_calls_are_one_filter() =>
        Assert.Empty(QuerySource.Analyze("people.Query().Where(p => p.Note == city).Where(p => p.Email == city).ToList();"));

    [Fact]
    public void A_limited_query_walks_an_index_in_order_instead_of_scanning() =>
        Assert.Empty(QuerySource.Analyze("people.Query().Where(p => p.Note == city).OrderBy(p => p.Email).Take(10).ToList();"));

    [Fact]
    public void An_order_no_index_delivers_without_Take()
    {
        Diagnostic d = Sort("people.Query().Where(p => p.Address.City == city).OrderBy(p => [|p.Note|]).ToList();");
        Assert.Equal("This query sorts every matching document of 'People' by 'Note' (no index delivers that order, and there is no Take); "
            + "add Take(n) so that only the first rows are kept, or declare [Index] on 'Person.Note' and leave the filter to it", d.GetMessage());
    }

    [Fact]
    public void An_indexed_order_is_not_used_when_the_filter_seeks_another_index() =>
        Sort("people.Query().Where(p => p.Country == city).OrderBy(p => [|p.Address.City|]).ToList();");

    [Fact]
    public void Without_a_filter_or_a_Take_an_indexed_order_is_still_a_sort() =>
        Sort("people.Query().OrderBy(p => [|p.Email|]).ToList();");

    [Fact]
    public void A_value_member_sorts_through_its_default_so_no_index_gives_its_order() =>
        Assert.Contains("by 'Age'", Sort("people.Query().Where(p => p.Country == city).OrderByDescending(p => [|p.Age|]).ToList();").GetMessage(), StringComparison.Ordinal);

    [Theory]
    [InlineData("p.Rank < 5")]
    [InlineData("p.Rank <= 0")]
    [InlineData("5 > p.Rank")]
    public void A_range_a_missing_member_satisfies_starts_at_the_null_entries(string condition) =>
        Assert.Empty(QuerySource.Analyze($"people.Query().Where(p => {condition}).ToList();"));

    [Theory]
    [InlineData("p.Rank == 0")]
    [InlineData("p.Rank > -1")]
    [InlineData("p.Rank >= 0")]
    public void An_equality_or_lower_bound_a_missing_member_satisfies_scans(string condition) =>
        Scan($"people.Query().Where(p => [|{condition}|]).ToList();");

    [Fact]
    public void A_value_member_alone_is_ordered_by_its_index() =>
        Assert.Empty(QuerySource.Analyze("people.Query().Where(p => p.Rank > 3).OrderBy(p => p.Rank).ToList();"));

    [Fact]
    public void A_value_member_before_another_ordering_is_sorted() =>
        Sort("people.Query().Where(p => p.Rank > 3).OrderBy(p => [|p.Rank|]).ThenBy(p => p.Note).ToList();");

    [Fact]
    public void A_later_OrderBy_is_the_most_significant() =>
        Sort("people.Query().Where(p => p.Country == city).OrderBy(p => p.Nick).OrderBy(p => [|p.Note|]).ToList();");

    [Fact]
    public void Mixed_directions_are_an_order_no_index_gives() =>
        Sort("people.Query().Where(p => p.Country == city).OrderBy(p => [|p.Nick|]).ThenByDescending(p => p.Id).ToList();");

    [Theory]
    [InlineData("people.Query().Where(p => p.Country == city).OrderBy(p => p.Nick).ToList();")]
    [InlineData("people.Query().Where(p => p.Country == city).OrderBy(p => p.Nick).ThenBy(p => p.Id).ToList();")]
    [InlineData("people.Query().Where(p => p.Email.StartsWith(city)).OrderBy(p => p.Email).ToList();")]
    [InlineData("people.Query().Where(p => p.Id > minAge).OrderBy(p => p.Id).ToList();")]
    [InlineData("people.Query().OrderBy(p => p.Id).ThenBy(p => p.Note).ToList();")]
    [InlineData("people.Query().Where(p => p.Id == 3).OrderBy(p => p.Note).ToList();")]
    [InlineData("people.Query().Where(p => ids.Contains(p.Id)).OrderBy(p => p.Note).ToList();")]
    [InlineData("people.Query().Where(p => p.Email == city).OrderBy(p => p.Note).ToList();")]
    [InlineData("people.Query().Where(p => p.Address.City == city).OrderBy(p => p.Note).Take(10).ToList();")]
    [InlineData("_ = people.Query().Where(p => p.Address.City == city).OrderBy(p => p.Note).FirstOrDefault();")]
    [InlineData("_ = people.Query().Where(p => p.Address.City == city).OrderBy(p => p.Note).Count();")]
    public void An_order_that_is_delivered_or_bounded(string statement) =>
        Assert.Empty(QuerySource.Analyze(statement));
}
