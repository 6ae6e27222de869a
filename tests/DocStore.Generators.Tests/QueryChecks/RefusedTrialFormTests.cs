using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Tests.QueryChecks;

/// <summary>
/// DOCS024 at build time for the forms the run-time translation refuses in the LINQ example's chain
/// (where, order, skip, take and an anonymous projection): methods on members and culture-sensitive
/// prefixes, which LINQ-to-objects would compare by culture.
/// </summary>
public class RefusedTrialFormTests
{
    [Theory]
    [InlineData("p.Email.ToUpper() == city")]
    [InlineData("p.Address.City.ToLowerInvariant() == city")]
    [InlineData("p.Email.StartsWith(city, StringComparison.CurrentCulture)")]
    [InlineData("p.Email.StartsWith(city, StringComparison.InvariantCultureIgnoreCase)")]
    [InlineData("p.Email.StartsWith(city, true, System.Globalization.CultureInfo.InvariantCulture)")]
    public void A_refused_condition_in_the_example_chain_is_an_error(string condition)
    {
        var diagnostics = QuerySource.Analyze(
            $"people.Query().Where(p => p.Age >= 18 && {condition}).OrderBy(p => p.Age).ThenBy(p => p.Email).Skip(20).Take(10).Select(p => new {{ p.Email, p.Age }}).ToList();");
        Assert.Contains(diagnostics, d => d.Id == "DOCS024" && d.Severity == DiagnosticSeverity.Error);
    }

    [Fact]
    public void The_example_itself_has_no_error()
    {
        var diagnostics = QuerySource.Analyze(
            """people.Query().Where(p => p.Age >= 18 && p.Address.City == city && p.Tags.Contains("math")).OrderBy(p => p.Age).ThenBy(p => p.Email).Skip(20).Take(10).Select(p => new { p.Email, p.Age }).ToList();""");
        Assert.DoesNotContain(diagnostics, d => d.Severity == DiagnosticSeverity.Error);
    }
}
