using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Tests.QueryChecks;

/// <summary>DOCS024: what the run-time translation refuses is an error at the part it refuses.</summary>
public class QueryTranslationErrorTests
{
    private static Diagnostic Error(string body) => QuerySource.Single("DOCS024", body, DiagnosticSeverity.Error);

    [Fact]
    public void A_method_on_a_member_names_the_call_and_the_method()
    {
        Diagnostic d = Error("""people.Query().Where(p => [|p.Name.ToUpper()|] == city).ToList();""");
        Assert.Equal("'p.Name.ToUpper()' cannot be translated into a DocStore query: it calls 'ToUpper' with a document value, and the only methods that translate are StartsWith, Equals, string.IsNullOrEmpty, Contains, Any, Count(), string.CompareOrdinal, string.Compare with StringComparison.Ordinal and CompareTo on a non-string (each of the last three compared with 0)", d.GetMessage());
    }

    [Theory]
    [InlineData("[|p.Email.CompareTo(city)|] < 0", "string.CompareTo compares by culture")]
    [InlineData("[|string.Compare(p.Email, city)|] > 0", "StringComparison.Ordinal only")]
    [InlineData("string.CompareOrdinal(p.Email, city) > [|1|]", "only compared with 0")]
    public void A_culture_or_magnitude_comparison_of_strings_is_refused(string condition, string reason) =>
        Assert.Contains(reason, Error($"people.Query().Where(p => {condition}).ToList();").GetMessage(), StringComparison.Ordinal);

    [Fact]
    public void A_helper_method_over_the_document() =>
        Assert.Contains("'Helper'", QuerySource.Single("DOCS024", "people.Query().Where(p => [|Helper(p)|]).ToList();", DiagnosticSeverity.Error).GetMessage(), StringComparison.Ordinal);

    [Fact]
    public void An_ignored_member_is_not_stored() =>
        Assert.Contains("'Secret' is not a stored member of 'Person'", Error("""people.Query().Where(p => [|p.Secret|] == city).ToList();""").GetMessage(), StringComparison.Ordinal);

    [Fact]
    public void A_computed_property_is_not_stored() =>
        Assert.Contains("'Display' is not a stored member", Error("""people.Query().Where(p => p.Email == city && [|p.Display|] == city).ToList();""").GetMessage(), StringComparison.Ordinal);

    [Fact]
    public void A_method_of_the_document() =>
        Assert.Contains("'Shout'", Error("""people.Query().Where(p => [|p.Shout()|] == city).ToList();""").GetMessage(), StringComparison.Ordinal);

    [Fact]
    public void Two_members_compared_covers_the_comparison() =>
        Assert.Contains("two document members ('Name' and 'Nick')", Error("""people.Query().Where(p => [|p.Name == p.Nick|]).ToList();""").GetMessage(), StringComparison.Ordinal);

    [Fact]
    public void Arithmetic_on_a_member() =>
        Assert.Contains("move the arithmetic to the value side", Error("""people.Query().Where(p => [|p.Age + 1|] > minAge).ToList();""").GetMessage(), StringComparison.Ordinal);

    [Fact]
    public void A_framework_member_of_a_stored_value() =>
        Error("""people.Query().Where(p => [|p.Name.Length|] > 3).ToList();""");

    [Fact]
    public void An_ordinal_string_comparison_by_Compare() =>
        Error("""people.Query().Where(p => [|string.Compare(p.Name, city)|] > 0).ToList();""");

    [Fact]
    public void An_ordinal_string_comparison_by_CompareTo() =>
        Error("""people.Query().Where(p => [|p.Name.CompareTo(city)|] <= 0).ToList();""");

    [Fact]
    public void Substring_search_on_a_string() =>
        Error("""people.Query().Where(p => [|p.Name.Contains("a")|]).ToList();""");

    [Fact]
    public void StartsWith_with_a_culture_or_case_insensitive_comparison_points_at_the_comparison() =>
        Assert.Contains("only StringComparison.Ordinal", Error("""people.Query().Where(p => p.Email.StartsWith(city, [|StringComparison.OrdinalIgnoreCase|])).ToList();""").GetMessage(), StringComparison.Ordinal);

    [Fact]
    public void A_condition_inside_Any_is_checked_over_the_element() =>
        Error("""people.Query().Where(p => p.Lines.Any(l => [|l.Sku.ToLower()|] == city)).ToList();""");

    [Fact]
    public void Any_over_a_captured_list_with_a_member_inside() =>
        Error("""people.Query().Where(p => [|names.Any(n => n == p.Name)|]).ToList();""");

    [Fact]
    public void An_ordering_key_that_is_not_a_member() =>
        Error("""people.Query().OrderBy(p => [|p.Name.Length|]).Take(3).ToList();""");

    [Fact]
    public void An_ordering_comparer_other_than_ordinal() =>
        Assert.Contains("StringComparer.Ordinal", Error("""people.Query().OrderBy(p => p.Email, [|StringComparer.OrdinalIgnoreCase|]).ToList();""").GetMessage(), StringComparison.Ordinal);

    [Fact]
    public void An_operator_the_runtime_does_not_support_points_at_its_name() =>
        Assert.Contains("the operator Distinct is not supported", Error("""people.Query().Where(p => p.Email == city).[|Distinct|]().ToList();""").GetMessage(), StringComparison.Ordinal);

    [Fact]
    public void A_filter_after_paging() =>
        Error("""people.Query().Take(3).[|Where|](p => p.Email == city).ToList();""");

    [Fact]
    public void A_terminal_predicate_is_checked() =>
        Error("""_ = people.Query().FirstOrDefault(p => [|p.Secret|] == city);""");

    [Fact]
    public void A_query_in_a_transaction_is_checked() =>
        Error("""people.Query(tx).Where(p => [|p.Secret|] == city).ToList();""");

    [Fact]
    public void Query_syntax_is_checked() =>
        Error("""var found = (from p in people.Query() where [|p.Secret|] == city select p).ToList();""");

    [Fact]
    public void A_chain_that_escapes_still_gets_its_errors_since_every_execution_would_throw() =>
        Error("""IQueryable<Person> q = people.Query().Where(p => [|p.Shout()|] == city);""");

    [Fact]
    public void Each_refused_part_is_reported()
    {
        var diagnostics = QuerySource.Analyze("""people.Query().Where(p => p.Secret == city && p.Shout() == city).OrderBy(p => p.Display).ToList();""");
        Assert.Equal(["DOCS024", "DOCS024", "DOCS024"], diagnostics.Select(d => d.Id));
    }
}
