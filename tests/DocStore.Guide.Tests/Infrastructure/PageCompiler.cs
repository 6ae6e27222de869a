using System.Collections.Immutable;
using DocStore.Generators;
using DocStore.Generators.Diagnostics;
using DocStore.Generators.SqlChecks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Emit;

namespace DocStore.Guide.Tests.Infrastructure;

/// <summary>The outcome of compiling a page: its problems, and the assembly when there were none.</summary>
internal sealed record CompiledPage(IReadOnlyList<string> Problems, byte[]? Assembly, byte[]? Symbols, bool IsProgram);

/// <summary>
/// Compiles a page's program as a reader's `dotnet new console` project would: the BCL and ASP.NET Core,
/// DocStore, DocStore.Bson and DocStore.Extensions.DependencyInjection (and LiteDB, for the migration
/// page), with the DocStore generator and analyzers run, nullable on and every warning counted as a problem.
/// </summary>
internal static class PageCompiler
{
    private static readonly Lazy<ImmutableArray<MetadataReference>> References = new(LoadReferences);

    public static CompiledPage Compile(MarkdownPage page) => Compile(page, PageProgram.Split(page));

    /// <summary>
    /// Compiles the page's blocks pasted in order into one Program.cs, as a reader following the page does:
    /// unlike <see cref="Compile(MarkdownPage)"/>, a type declared before a statement is an error here.
    /// </summary>
    public static CompiledPage CompileAsOneFile(MarkdownPage page) => Compile(page, PageProgram.OneFile(page));

    private static CompiledPage Compile(MarkdownPage page, (IReadOnlyList<SyntaxTree> Trees, bool HasStatements) program)
    {
        var (trees, hasStatements) = program;
        var options = new CSharpCompilationOptions(
            hasStatements ? OutputKind.ConsoleApplication : OutputKind.DynamicallyLinkedLibrary,
            nullableContextOptions: NullableContextOptions.Enable,
            warningLevel: 9999,
            optimizationLevel: OptimizationLevel.Debug)
            // As the SDK does: a package built against an older framework (Dapper) is unified to this one.
            .WithSpecificDiagnosticOptions([new("CS1701", ReportDiagnostic.Suppress), new("CS1702", ReportDiagnostic.Suppress)]);
        var compilation = CSharpCompilation.Create("Guide." + Path.GetFileNameWithoutExtension(page.Name), trees, References.Value, options);

        GeneratorDriver driver = CSharpGeneratorDriver.Create([new DocStoreGenerator().AsSourceGenerator()], parseOptions: PageProgram.ParseOptions);
        driver.RunGeneratorsAndUpdateCompilation(compilation, out var output, out var generatorDiagnostics);
        var diagnostics = output
            .WithAnalyzers([new DocStoreAnalyzer(), new SqlAnalyzer()])
            .GetAllDiagnosticsAsync()
            .GetAwaiter().GetResult()
            .Concat(generatorDiagnostics);

        var problems = diagnostics
            .Where(d => d.Severity >= DiagnosticSeverity.Warning)
            .OrderBy(d => d.Location.GetMappedLineSpan().StartLinePosition.Line)
            .Select(Describe)
            .Distinct()
            .ToList();
        if (problems.Count > 0)
        {
            return new CompiledPage(problems, null, null, hasStatements);
        }

        using var pe = new MemoryStream();
        using var pdb = new MemoryStream();
        var result = output.Emit(pe, pdb, options: new EmitOptions(debugInformationFormat: DebugInformationFormat.PortablePdb));
        if (!result.Success)
        {
            return new CompiledPage(result.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error).Select(Describe).ToList(), null, null, hasStatements);
        }

        return new CompiledPage([], pe.ToArray(), pdb.ToArray(), hasStatements);
    }

    /// <summary>"page.md(12): error CS0103: ..." with the markdown line (generated files keep their own name).</summary>
    private static string Describe(Diagnostic d)
    {
        var span = d.Location.GetMappedLineSpan();
        var where = span.IsValid ? $"{span.Path}({span.StartLinePosition.Line + 1},{span.StartLinePosition.Character + 1})" : "(no location)";
        return $"{where}: {d.Severity.ToString().ToLowerInvariant()} {d.Id}: {d.GetMessage(System.Globalization.CultureInfo.InvariantCulture)}";
    }

    private static ImmutableArray<MetadataReference> LoadReferences()
    {
        // The shared frameworks the test runs on (Microsoft.NETCore.App and Microsoft.AspNetCore.App), then
        // the DocStore assemblies a package reference to DocStore and DocStore.Extensions.DependencyInjection brings.
        var frameworks = new[] { typeof(object), typeof(Microsoft.AspNetCore.Builder.WebApplication) }
            .Select(t => Path.GetDirectoryName(t.Assembly.Location)!)
            .ToHashSet(StringComparer.Ordinal);
        var trusted = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator);
        var paths = trusted.Where(p => frameworks.Contains(Path.GetDirectoryName(p)!)).ToList();
        paths.Add(typeof(DocStoreContext).Assembly.Location);
        paths.Add(typeof(ObjectId).Assembly.Location);
        paths.Add(typeof(DocStore.Extensions.DependencyInjection.DocStoreHostOptions).Assembly.Location);
        paths.Add(typeof(LiteDB.LiteDatabase).Assembly.Location);   // from-litedb.md migrates a LiteDB file
        paths.Add(typeof(DocStore.Data.DocStoreConnection).Assembly.Location);   // the README's Dapper example
        paths.Add(typeof(Dapper.SqlMapper).Assembly.Location);
        return [.. paths.Distinct(StringComparer.Ordinal).Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))];
    }
}
