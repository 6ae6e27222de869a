using System.Collections.Immutable;
using DocStore.Generators.QueryChecks;
using DocStore.Generators.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace DocStore.Generators.Tests.QueryChecks;

/// <summary>
/// What the LINQ checks look at: chains rooted at a typed collection's Query(), seen whole for the index
/// advice; never Enumerable LINQ, projections that later lambdas read, or queries that escape.
/// </summary>
public class QueryScopeTests
{
    [Theory]
    [InlineData("IQueryable<Person> q = people.Query().Where(p => p.Nick == city);")]
    [InlineData("Consume(people.Query().OrderBy(p => p.Nick));")]
    [InlineData("var q = people.Query(); var r = q.Where(p => p.Nick == city).ToList();")]
    public void A_query_that_escapes_gets_no_index_advice(string statement) =>
        Assert.Empty(QuerySource.Analyze(statement, "    private static void Consume(IQueryable<Person> query) { }\n"));

    [Theory]
    [InlineData("new List<Person>().Where(p => p.Shout() == city && p.Nick == city).OrderBy(p => p.Display).ToList();")]
    [InlineData("people.Query().AsEnumerable().Where(p => p.Shout() == city).OrderBy(p => p.Nick).ToList();")]
    [InlineData("new List<Person>().AsQueryable().Where(p => p.Shout() == city).ToList();")]
    public void LINQ_outside_DocStore_is_never_reported(string statement) =>
        Assert.Empty(QuerySource.Analyze(statement));

    [Fact]
    public void Lambdas_over_a_projection_are_left_to_the_runtime() =>
        Assert.Empty(QuerySource.Analyze("people.Query().Select(p => new { p.Nick, Upper = p.Name.ToUpper() }).Where(x => x.Upper == city).OrderBy(x => x.Nick).ToList();"));

    [Fact]
    public void A_collection_type_with_model_errors_is_left_to_the_model_diagnostics()
    {
        string source = QuerySource.Of("people.Query().Where(p => p.Shout() == city).ToList();").Replace("[Key] public int Id", "public int Id", StringComparison.Ordinal);
        Assert.Equal(["DOCS002"], TestCompilation.Analyze(source).Select(d => d.Id));
    }

    [Fact]
    public async Task A_generated_context_property_is_followed_to_its_model()
    {
        string source = QuerySource.Of(string.Empty, "    public static void Ctx(Shop db, string city) => db.People.Query().Where(p => p.Secret == city).ToList();\n").Replace("public static class Use", "public partial class Shop : DocStoreContext { }\npublic static class Use", StringComparison.Ordinal);
        (_, Compilation output) = TestCompilation.Generate(source);
        ImmutableArray<Diagnostic> diagnostics = await output.WithAnalyzers([new QueryAnalyzer()]).GetAnalyzerDiagnosticsAsync();
        Diagnostic d = Assert.Single(diagnostics);
        Assert.Equal("DOCS024", d.Id);
        Assert.Equal("p.Secret", d.Location.SourceTree!.ToString().Substring(d.Location.SourceSpan.Start, d.Location.SourceSpan.Length));
    }
}
