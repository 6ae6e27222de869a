using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Tests.QueryChecks;

/// <summary>
/// Sum, Average, Min, Max and All (and their async twins) translate at run time, so the build-time check
/// accepts them: a selector is a projection, and All's condition is checked as a filter the planner answers
/// by reading every document (it runs as Any over the negated condition).
/// </summary>
public class AggregateCheckTests
{
    [Theory]
    [InlineData("_ = people.Query().Where(p => p.Email == city).Sum(p => p.Age);")]
    [InlineData("_ = people.Query().Where(p => p.Rank > minAge).Average(p => p.Age);")]
    [InlineData("_ = people.Query().Where(p => p.Address.City == city).Min(p => p.Score);")]
    [InlineData("_ = people.Query().Where(p => p.Tags.Contains(city)).Select(p => p.Age).Max();")]
    [InlineData("_ = people.Query().Max(p => p.Name);")]
    [InlineData("_ = people.Query().Where(p => p.Rank > minAge).SumAsync(p => p.Age);")]
    [InlineData("_ = people.Query().Where(p => p.Email == city).MaxAsync(p => p.Score, default);")]
    [InlineData("_ = people.Query().Where(p => p.Email == city).Select(p => p.Rank).AverageAsync();")]
    [InlineData("_ = people.Query().Where(p => p.Email == city).OrderBy(p => p.Note).MinAsync(p => p.Age);")]
    public void A_translatable_aggregate_is_clean(string statement) => Assert.Empty(QuerySource.Analyze(statement));

    [Theory]
    [InlineData("_ = people.Query().All(p => [|p.Name.ToUpper()|] == city);", "'ToUpper'")]
    [InlineData("_ = people.Query().AllAsync(p => [|p.Name.ToUpper()|] == city);", "'ToUpper'")]
    [InlineData("_ = people.Query().Select(p => p.Age).[|Sum|](a => a);", "select the value in Sum itself")]
    [InlineData("_ = people.Query().Take(3).[|All|](p => p.Age > minAge);", "filter before paging")]
    public void An_aggregate_that_does_not_translate_is_an_error(string statement, string reason) =>
        Assert.Contains(reason, QuerySource.Single("DOCS024", statement, DiagnosticSeverity.Error).GetMessage(), StringComparison.Ordinal);

    [Fact]
    public void All_reads_every_document() =>
        QuerySource.Single("DOCS025", "_ = people.Query().All(p => [|p.Email == city|]);", DiagnosticSeverity.Warning);
}
