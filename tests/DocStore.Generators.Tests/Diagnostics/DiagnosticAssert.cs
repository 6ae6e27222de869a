using System.Collections.Immutable;
using DocStore.Generators.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Tests.Diagnostics;

internal static class DiagnosticAssert
{
    public const string Usings = "using System;\nusing System.Collections.Generic;\nusing DocStore;\nusing DocStore.Bson;\n";

    /// <summary>Asserts that the analyzer reports exactly one diagnostic, <paramref name="id"/>, exactly at the marked span.</summary>
    public static Diagnostic Single(string id, string markup, DiagnosticSeverity severity = DiagnosticSeverity.Error)
    {
        (string source, Microsoft.CodeAnalysis.Text.TextSpan span) = Markup.Parse(Usings + markup);
        ImmutableArray<Diagnostic> diagnostics = TestCompilation.Analyze(source);
        Diagnostic diagnostic = Assert.Single(diagnostics);
        Assert.Equal(id, diagnostic.Id);
        Assert.Equal(severity, diagnostic.Severity);
        Assert.Equal(source[span.Start..span.End], source[diagnostic.Location.SourceSpan.Start..diagnostic.Location.SourceSpan.End]);
        Assert.Equal(span, diagnostic.Location.SourceSpan);
        return diagnostic;
    }
}
