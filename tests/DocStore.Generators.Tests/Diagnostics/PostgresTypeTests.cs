using System.Collections.Immutable;
using DocStore.Generators.Diagnostics;
using DocStore.Generators.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace DocStore.Generators.Tests.Diagnostics;

/// <summary>DOCS027: members PostgreSQL cannot hold exactly, reported only where DocStore.PostgreSQL is referenced.</summary>
public sealed class PostgresTypeTests
{
    private const string Model = DiagnosticAssert.Usings + """
        [Collection]
        [Index("Ship.When")]
        [Index("Stamps[]")]
        public partial class Order
        {
            [Key] public int Id { get; set; }
            public double Ratio { get; set; }
            public List<float>? Weights { get; set; }
            [Index] public DateTime At { get; set; }
            [Index] public decimal Amount { get; set; }
            [Index] public TimeSpan? Took { get; set; }
            public DateTime NotIndexed { get; set; }
            public List<DateTime> Stamps { get; set; } = new();
            public Shipping Ship { get; set; } = new();
        }

        public class Shipping
        {
            public DateTimeOffset When { get; set; }
            public decimal Cost { get; set; }
        }
        """;

    [Fact]
    public void Doubles_anywhere_and_indexed_dates_and_times_are_reported_with_the_package_referenced()
    {
        var diagnostics = Analyze(withPackage: true);

        Assert.All(diagnostics, d => Assert.Equal("DOCS027", d.Id));
        Assert.All(diagnostics, d => Assert.Equal(DiagnosticSeverity.Warning, d.Severity));
        Assert.Equal(["Ratio", "Weights", "At", "Took", "When"], diagnostics.Select(Marked));
        Assert.Contains("negative zero", diagnostics[0].GetMessage(), StringComparison.Ordinal);
        Assert.Contains("index 'At' gives it a timestamp column", diagnostics[2].GetMessage(), StringComparison.Ordinal);
        Assert.Contains("not the offset", diagnostics[4].GetMessage(), StringComparison.Ordinal);
        Assert.EndsWith("docs/diagnostics/DOCS027.md", diagnostics[0].Descriptor.HelpLinkUri, StringComparison.Ordinal);
    }

    [Fact]
    public void Nothing_is_reported_without_the_package()
    {
        Assert.Empty(Analyze(withPackage: false));
    }

    private static ImmutableArray<Diagnostic> Analyze(bool withPackage)
    {
        CSharpCompilation compilation = TestCompilation.Create(Model);
        if (withPackage)
        {
            // The analyzer goes by the referenced assembly's name, as a project referencing the package has it.
            compilation = compilation.AddReferences(CSharpCompilation.Create("DocStore.PostgreSQL").ToMetadataReference());
        }

        return [.. compilation.WithAnalyzers([new PostgresTypeAnalyzer()]).GetAnalyzerDiagnosticsAsync().GetAwaiter().GetResult()
            .OrderBy(d => d.Location.SourceSpan.Start)];
    }

    private static string Marked(Diagnostic diagnostic) =>
        diagnostic.Location.SourceTree!.ToString()[diagnostic.Location.SourceSpan.Start..diagnostic.Location.SourceSpan.End];
}
