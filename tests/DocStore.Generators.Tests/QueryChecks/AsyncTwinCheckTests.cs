using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Tests.QueryChecks;

/// <summary>
/// The async twins of the terminal operators are checked as the operators they stand for: a condition
/// given to CountAsync, AnyAsync or FirstAsync (on Query() itself or after other operators) is a Where,
/// and a twin that reads at most a row, or only counts, needs no supporting order.
/// </summary>
public class AsyncTwinCheckTests
{
    [Theory]
    [InlineData("_ = people.Query().CountAsync(p => [|p.Name.ToUpper()|] == city);")]
    [InlineData("_ = people.Query().Where(p => p.Email == city).AnyAsync(p => [|p.Name.ToUpper()|] == city);")]
    [InlineData("_ = people.Query().FirstOrDefaultAsync(p => [|p.Name.ToUpper()|] == city, default);")]
    public void A_condition_that_does_not_translate_is_an_error(string statement) =>
        Assert.Contains("'ToUpper'", QuerySource.Single("DOCS024", statement, DiagnosticSeverity.Error).GetMessage(), StringComparison.Ordinal);

    [Fact]
    public void A_condition_no_index_serves_warns() =>
        Assert.Contains("[Index] on 'Person.Age'",
            QuerySource.Single("DOCS025", "_ = people.Query().LongCountAsync(p => [|p.Age > minAge|]);", DiagnosticSeverity.Warning).GetMessage(), StringComparison.Ordinal);

    [Theory]
    [InlineData("_ = people.Query().CountAsync(p => p.Email == city);")]
    [InlineData("_ = people.Query().Where(p => p.Email == city).SingleAsync(p => p.Tags.Contains(city));")]
    [InlineData("_ = people.Query().Where(p => p.Address.City == city).OrderBy(p => p.Note).FirstAsync();")]
    [InlineData("_ = people.Query().Where(p => p.Address.City == city).OrderBy(p => p.Note).First();")]
    [InlineData("_ = people.Query().ToListAsync();")]
    [InlineData("_ = people.Query().AnyAsync();")]
    public void A_translatable_twin_is_clean(string statement) => Assert.Empty(QuerySource.Analyze(statement));
}
