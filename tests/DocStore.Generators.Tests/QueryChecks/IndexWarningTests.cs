using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Tests.QueryChecks;

/// <summary>DOCS025 (no index serves the filter) and DOCS026 (no index delivers the order, and no Take).</summary>
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
            Scan("people.Query().Where(p => [|p.Address.Street == city|] && p.Nick != city).ToList();").GetMessage(), StringComparison.Ordinal);

    [Fact]
    public void An_element_condition_inside_Any_gets_a_multikey_index() =>
        Assert.Contains("[Index(\"Lines[].Quantity\")] on 'Person'",
            Scan("people.Query().Where(p => [|p.Lines.Any(l => l.Quantity > 3)|]).ToList();").GetMessage(), StringComparison.Ordinal);

    [Fact]
    public void An_or_needs_every_side_indexed_and_names_the_side_that_is_not() =>
        Assert.Contains("'Nick'", Scan("people.Query().Where(p => p.Email == city || [|p.Nick == city|]).ToList();").GetMessage(), StringComparison.Ordinal);

    [Fact]
    public void The_second_path_of_a_composite_index_does_not_lead_it() =>
        Scan("_ = people.Query().Count(p => [|p.Age == 3|]);");

    [Fact]
    public void A_filter_with_nothing_an_index_could_answer_says_so() =>
        Assert.Contains("none of its conditions can use an index",
            Scan("_ = people.Query().Where(p => [|p.Nick != city|]).Count();").GetMessage(), StringComparison.Ordinal);

    [Fact]
    public void A_foreach_over_the_query_is_a_whole_query() =>
        Scan("foreach (var p in people.Query().Where(p => [|p.Nick == city|])) { }");

    [Fact]
    public void An_async_terminal_is_a_whole_query() =>
        Scan("_ = people.Query().Where(p => [|p.Nick == city|]).ToListAsync();");

    [Theory]
    [InlineData("p.Id == 3")]
    [InlineData("p.Id > minAge")]
    [InlineData("p.Email == city")]
    [InlineData("p.Email.StartsWith(city)")]
    [InlineData("p.Address.City == city")]
    [InlineData("p.Tags.Contains(city)")]
    [InlineData("ids.Contains(p.Id)")]
    [InlineData("p.Lines.Any(l => l.Sku == city && l.Quantity > 1)")]
    [InlineData("p.Country == city && p.Age > 3")]
    [InlineData("p.Email == city || p.Id == 3")]
    [InlineData("p.Nick != city && !(p.Age > 3) && p.Email == city")]
    public void A_filter_an_index_serves(string condition) =>
        Assert.Empty(QuerySource.Analyze($"people.Query().Where(p => {condition}).ToList();"));

    [Fact]
    public void Several_Where_calls_are_one_filter() =>
        Assert.Empty(QuerySource.Analyze("people.Query().Where(p => p.Nick == city).Where(p => p.Email == city).ToList();"));

    [Fact]
    public void An_order_no_index_delivers_without_Take()
    {
        Diagnostic d = Sort("people.Query().Where(p => p.Email == city).OrderBy(p => [|p.Nick|]).ToList();");
        Assert.Equal("This query sorts every matching document of 'People' by 'Nick': no index delivers that order and there is no Take; add Take, or an index led by 'Nick': [Index] on 'Person.Nick'", d.GetMessage());
    }

    [Fact]
    public void An_indexed_order_is_not_used_when_the_filter_seeks_another_index() =>
        Sort("people.Query().Where(p => p.Email == city).OrderBy(p => [|p.Address.City|]).ToList();");

    [Fact]
    public void The_second_path_of_a_composite_does_not_order_without_the_first_fixed() =>
        Sort("people.Query().OrderByDescending(p => [|p.Age|]).ToList();");

    [Fact]
    public void A_later_OrderBy_is_the_most_significant() =>
        Sort("people.Query().OrderBy(p => p.Email).OrderBy(p => [|p.Nick|]).ToList();");

    [Theory]
    [InlineData("people.Query().OrderBy(p => p.Email).ToList();")]
    [InlineData("people.Query().OrderBy(p => p.Id).ThenBy(p => p.Nick).ToList();")]
    [InlineData("people.Query().OrderBy(p => p.Address.City).ToList();")]
    [InlineData("people.Query().Where(p => p.Country == city).OrderBy(p => p.Age).ToList();")]
    [InlineData("people.Query().Where(p => p.Address.City == city).OrderBy(p => p.Address.City).ToList();")]
    [InlineData("people.Query().Where(p => p.Email == city).OrderBy(p => p.Nick).Take(10).ToList();")]
    [InlineData("_ = people.Query().Where(p => p.Email == city).OrderBy(p => p.Nick).FirstOrDefault();")]
    [InlineData("_ = people.Query().Where(p => p.Email == city).OrderBy(p => p.Nick).Count();")]
    public void An_order_that_is_delivered_or_bounded(string statement) =>
        Assert.Empty(QuerySource.Analyze(statement));
}
