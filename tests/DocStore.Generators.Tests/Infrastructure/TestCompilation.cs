using System.Collections.Immutable;
using DocStore.Generators;
using DocStore.Generators.Diagnostics;
using DocStore.Generators.QueryChecks;
using DocStore.Generators.SqlChecks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace DocStore.Generators.Tests.Infrastructure;

/// <summary>Builds in-memory compilations of test sources against the real DocStore assemblies.</summary>
internal static class TestCompilation
{
    private static readonly Lazy<ImmutableArray<MetadataReference>> References = new(LoadReferences);

    /// <summary>As the package's build props set them: the generated compiled plans (interceptors) may run.</summary>
    public static CSharpParseOptions ParseOptions { get; } = new CSharpParseOptions(LanguageVersion.Preview)
        .WithFeatures([new("InterceptorsNamespaces", "DocStore.Interceptors")]);

    public static CSharpCompilation Create(params string[] sources) => Create(ParseOptions, sources);

    public static CSharpCompilation Create(CSharpParseOptions options, params string[] sources) =>
        CSharpCompilation.Create(
            "TestModels",
            sources.Select((s, i) => CSharpSyntaxTree.ParseText(s, options, path: $"Source{i}.cs")),
            References.Value,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable));

    /// <summary>The analyzer's DOCS diagnostics, sorted by position.</summary>
    public static ImmutableArray<Diagnostic> Analyze(params string[] sources)
    {
        CSharpCompilation compilation = Create(sources);
        ImmutableArray<Diagnostic> diagnostics = compilation
            .WithAnalyzers([new DocStoreAnalyzer(), new SqlAnalyzer(), new QueryAnalyzer()])
            .GetAnalyzerDiagnosticsAsync()
            .GetAwaiter().GetResult();
        return diagnostics
            .Where(d => d.Id.StartsWith("DOCS", StringComparison.Ordinal))
            .OrderBy(d => d.Location.SourceSpan.Start)
            .ToImmutableArray();
    }

    public static GeneratorDriver CreateDriver() => CreateDriver(ParseOptions);

    public static GeneratorDriver CreateDriver(CSharpParseOptions options) =>
        CSharpGeneratorDriver.Create(
            [new DocStoreGenerator().AsSourceGenerator()],
            parseOptions: options,
            driverOptions: new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: true));

    /// <summary>Runs the generator; returns generated sources by hint name and the output compilation.</summary>
    public static (ImmutableDictionary<string, string> Sources, Compilation Output) Generate(params string[] sources) => Generate(ParseOptions, sources);

    /// <summary>Runs the generator on sources parsed with <paramref name="options"/>.</summary>
    public static (ImmutableDictionary<string, string> Sources, Compilation Output) Generate(CSharpParseOptions options, params string[] sources)
    {
        CSharpCompilation compilation = Create(options, sources);
        GeneratorDriver driver = CreateDriver(options).RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out _);
        GeneratorDriverRunResult result = driver.GetRunResult();
        ImmutableDictionary<string, string> generated = result.Results
            .SelectMany(r => r.GeneratedSources)
            .ToImmutableDictionary(s => s.HintName, s => s.SourceText.ToString());
        return (generated, output);
    }

    private static ImmutableArray<MetadataReference> LoadReferences()
    {
        string trusted = (string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!;
        var paths = trusted.Split(Path.PathSeparator).ToList();
        paths.Add(typeof(DocStoreContext).Assembly.Location);
        paths.Add(typeof(DocStore.ObjectId).Assembly.Location);
        return paths.Distinct().Select(p => (MetadataReference)MetadataReference.CreateFromFile(p)).ToImmutableArray();
    }
}
