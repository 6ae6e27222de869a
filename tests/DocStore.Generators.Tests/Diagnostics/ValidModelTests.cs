using DocStore.Generators.Tests.Infrastructure;
using DocStore.Generators.Tests.Models;

namespace DocStore.Generators.Tests.Diagnostics;

public class ValidModelTests
{
    [Fact]
    public void The_issue_model_has_no_diagnostic() => Assert.Empty(TestCompilation.Analyze(TestModels.Issue));

    [Fact]
    public void A_model_with_every_supported_member_kind_has_no_diagnostic() => Assert.Empty(TestCompilation.Analyze(TestModels.AllKinds));

    [Fact]
    public void A_model_with_members_named_like_generated_locals_has_no_diagnostic() => Assert.Empty(TestCompilation.Analyze(TestModels.AwkwardNames));

    [Fact]
    public void A_valid_model_generates_one_file_per_collection_and_one_per_context()
    {
        var (sources, _) = TestCompilation.Generate(TestModels.Issue);
        Assert.Equal(["MyApp.AppDb.DocStore.g.cs", "MyApp.Person.DocStore.g.cs"], sources.Keys.Order().ToArray());
    }

    [Theory]
    [InlineData(nameof(TestModels.Issue))]
    [InlineData(nameof(TestModels.AllKinds))]
    [InlineData(nameof(TestModels.AwkwardNames))]
    public void Generated_code_compiles_without_errors_or_warnings(string model)
    {
        string source = model switch
        {
            nameof(TestModels.Issue) => TestModels.Issue,
            nameof(TestModels.AllKinds) => TestModels.AllKinds,
            _ => TestModels.AwkwardNames,
        };
        var (_, output) = TestCompilation.Generate(source);
        Assert.Empty(output.GetDiagnostics().Where(d => d.Severity >= Microsoft.CodeAnalysis.DiagnosticSeverity.Warning));
    }

    [Fact]
    public void An_invalid_model_generates_nothing_for_that_type()
    {
        var (sources, _) = TestCompilation.Generate("""
            using DocStore;
            [Collection] public partial class Broken { public System.Uri Home { get; set; } = null!; }
            """);
        Assert.Empty(sources);
    }
}
