using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace DocStore.Tests.Architecture;

/// <summary>
/// Compiles src/DocStore as its project does (implicit usings, DocStore.Bson and the framework only) and
/// attributes every symbol a piece of code binds to (types, members, extension methods, operators,
/// conversions, inferred types) to the layer of the file that declares it. See docs/architecture.md.
/// </summary>
internal static partial class LayerChecker
{
    /// <summary>Layers of src/DocStore, lowest first, as folder paths; folders in one entry share a layer.</summary>
    internal static readonly string[][] Layers =
    [
        ["Errors", "Attributes", "Metadata", "Diagnostics"],
        ["Storage"],
        ["Transactions"],
        ["BTree"],
        ["Integrity"],
        ["Engine"],
        ["Catalog"],
        ["Query"],
        ["Indexing"],
        ["Collections", "Context"],
        ["Sql/Errors"],
        ["Sql/Ast"],
        ["Sql/Syntax"],
        ["Sql/Bound"],
        ["Sql/Binding"],
        ["Sql/Planning"],
        ["Sql/Execution"],
        ["Sql/Api"],
        ["Linq"],
    ];

    /// <summary>
    /// Folders inside a layer that only the layers up to a given one may use, though their own layer is lower:
    /// the pager is read through the engine (its snapshot reads), so nothing above the engine turns it into pages.
    /// </summary>
    internal static readonly (string Folder, string HighestUser)[] Confined =
    [
        ("Storage/Paging", "Engine"),
    ];

    /// <summary>Folders whose files are attributed to a layer by their first two path segments.</summary>
    private static readonly string[] SplitFolders = ["Sql"];

    /// <summary>
    /// What Microsoft.NET.Sdk adds as global usings when ImplicitUsings is enabled (Directory.Build.props);
    /// <see cref="ImplicitUsings"/> checks the list against the generated file when a build has made it.
    /// </summary>
    internal static readonly string[] SdkImplicitUsings =
    [
        "System", "System.Collections.Generic", "System.IO", "System.Linq", "System.Net.Http", "System.Threading",
        "System.Threading.Tasks",
    ];

    /// <summary>The result of one check: compile errors, and references that break the layering.</summary>
    internal sealed record Result(IReadOnlyList<string> CompileErrors, IReadOnlyList<string> Violations);

    /// <summary>Checks the real sources plus <paramref name="extraFiles"/> (path relative to src/DocStore, text).</summary>
    internal static Result Check(IEnumerable<(string RelativePath, string Text)>? extraFiles = null)
    {
        var root = SourceRoot();
        var parse = new CSharpParseOptions(LanguageVersion.Preview);
        var sources = SourceFiles(root).Select(p => (Path: p, Text: File.ReadAllText(p)))
            .Concat((extraFiles ?? []).Select(e => (Path: Path.Combine(root, e.RelativePath), e.Text)));
        var trees = sources.Select(s => CSharpSyntaxTree.ParseText(s.Text, parse, s.Path)).ToList();
        var globalUsings = CSharpSyntaxTree.ParseText(
            string.Concat(ImplicitUsings().Select(u => $"global using {u};\n")), parse, Path.Combine(root, "obj", "GlobalUsings.cs"));
        var compilation = CSharpCompilation.Create(
            "DocStore",
            trees.Append(globalUsings),
            References(),
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, allowUnsafe: true, nullableContextOptions: NullableContextOptions.Enable));

        var errors = compilation.GetDiagnostics()
            .Where(d => d.Severity == DiagnosticSeverity.Error && !IsLibraryImportStub(compilation, d))
            .Select(d => d.ToString()).ToList();
        var violations = new SortedSet<string>(StringComparer.Ordinal);
        foreach (var tree in trees)
        {
            var file = Relative(root, tree.FilePath);
            if (LayerOf(LayerFolder(root, tree.FilePath)) < 0)
            {
                violations.Add($"{file} is in no layer (folder '{LayerFolder(root, tree.FilePath)}'; see docs/architecture.md)");
                continue;
            }

            new ReferenceWalker(root, compilation.GetSemanticModel(tree), violations).Visit(tree.GetRoot());
        }

        AddPartialTypesAcrossLayers(root, compilation, trees, violations);
        return new Result(errors, violations.ToList());
    }

    /// <summary>The layer index of a folder path such as "BTree" or "Sql/Binding"; -1 when it is in no layer.</summary>
    internal static int LayerOf(string folder) => Array.FindIndex(Layers, layer => layer.Contains(folder, StringComparer.Ordinal));

    /// <summary>The confined folder (see <see cref="Confined"/>) that holds the file at <paramref name="relativePath"/>, with the highest layer that may use it; null when none does.</summary>
    internal static (string Folder, string HighestUser)? ConfinementOf(string relativePath) =>
        Confined.Where(c => relativePath.StartsWith(c.Folder + "/", StringComparison.Ordinal)).Select(c => ((string, string)?)c).FirstOrDefault();

    /// <summary>The layer folder of a file: its top-level folder, or two levels for a split folder; "" at the root.</summary>
    internal static string LayerFolder(string root, string path)
    {
        var parts = Relative(root, path).Split('/');
        if (parts.Length == 1)
        {
            return "";
        }

        return SplitFolders.Contains(parts[0], StringComparer.Ordinal)
            ? parts.Length > 2 ? parts[0] + "/" + parts[1] : parts[0]
            : parts[0];
    }

    /// <summary>The global usings the project compiles with: the SDK's implicit ones plus its &lt;Using&gt; items.</summary>
    internal static IReadOnlyList<string> ImplicitUsings()
    {
        var repo = Path.GetDirectoryName(Path.GetDirectoryName(SourceRoot()))!;
        var project = File.ReadAllText(Path.Combine(SourceRoot(), "DocStore.csproj"));
        var props = File.ReadAllText(Path.Combine(repo, "Directory.Build.props"));
        if (!ImplicitUsingsEnabled().IsMatch(project + props))
        {
            throw new InvalidOperationException("DocStore no longer enables ImplicitUsings; update LayerChecker.SdkImplicitUsings.");
        }

        var items = UsingItem().Matches(project + props).Select(m => m.Groups[1].Value);
        return [.. SdkImplicitUsings.Concat(items).Distinct(StringComparer.Ordinal)];
    }

    /// <summary>src/DocStore of the checkout the tests were built from.</summary>
    internal static string SourceRoot()
    {
        var dir = new DirectoryInfo(AppContext.BaseDirectory);
        while (dir is not null && !File.Exists(Path.Combine(dir.FullName, "DocStore.sln")))
        {
            dir = dir.Parent;
        }

        return Path.Combine(dir?.FullName ?? throw new InvalidOperationException("DocStore.sln not found above the test binaries."), "src", "DocStore");
    }

    /// <summary>The C# files of src/DocStore, without build output.</summary>
    internal static IEnumerable<string> SourceFiles(string root) =>
        Directory.EnumerateFiles(root, "*.cs", SearchOption.AllDirectories)
            .Where(p => Relative(root, p).Split('/')[0] is not ("obj" or "bin"));

    internal static string Relative(string root, string path) => Path.GetRelativePath(root, path).Replace('\\', '/');

    private static void AddPartialTypesAcrossLayers(string root, CSharpCompilation compilation, List<SyntaxTree> trees, SortedSet<string> violations)
    {
        var seen = new HashSet<ISymbol>(SymbolEqualityComparer.Default);
        foreach (var tree in trees)
        {
            var model = compilation.GetSemanticModel(tree);
            foreach (var declaration in tree.GetRoot().DescendantNodes().OfType<TypeDeclarationSyntax>())
            {
                if (model.GetDeclaredSymbol(declaration) is not { } type || !seen.Add(type))
                {
                    continue;
                }

                var parts = type.DeclaringSyntaxReferences.Select(r => r.SyntaxTree.FilePath)
                    .GroupBy(p => LayerOf(LayerFolder(root, p))).ToList();
                if (parts.Count > 1)
                {
                    var files = string.Join(" and ", parts.Select(g => Relative(root, g.First())));
                    violations.Add($"partial type {type.ToDisplayString()} has parts in two layers: {files}");
                }
            }
        }
    }

    /// <summary>
    /// The framework's LibraryImport generator writes the bodies of [LibraryImport] methods at build time; the
    /// checker runs no generators, so only "this partial method has no implementation" is expected, and only there.
    /// </summary>
    private static bool IsLibraryImportStub(CSharpCompilation compilation, Diagnostic diagnostic)
    {
        if (diagnostic.Id != "CS8795" || diagnostic.Location.SourceTree is not { } tree)
        {
            return false;
        }

        var node = tree.GetRoot().FindNode(diagnostic.Location.SourceSpan);
        var method = node.AncestorsAndSelf().OfType<MethodDeclarationSyntax>().FirstOrDefault();
        return method is not null
            && compilation.GetSemanticModel(tree).GetDeclaredSymbol(method)?.GetAttributes()
                .Any(a => a.AttributeClass?.ToDisplayString() == "System.Runtime.InteropServices.LibraryImportAttribute") == true;
    }

    /// <summary>DocStore.csproj references DocStore.Bson and the framework; the framework's reference pack when installed.</summary>
    private static IEnumerable<MetadataReference> References()
    {
        var runtime = Path.GetDirectoryName(typeof(object).Assembly.Location)!;
        var packs = Path.GetFullPath(Path.Combine(runtime, "..", "..", "..", "packs", "Microsoft.NETCore.App.Ref"));
        var major = Environment.Version.Major;
        var refDir = Directory.Exists(packs)
            ? Directory.GetDirectories(packs, $"{major}.*")
                .Select(d => Path.Combine(d, "ref", $"net{major}.0"))
                .Where(Directory.Exists)
                .OrderBy(d => Version.TryParse(Path.GetFileName(Path.GetDirectoryName(Path.GetDirectoryName(d))!).Split('-')[0], out var v) ? v : new Version())
                .LastOrDefault()
            : null;
        var framework = refDir is not null
            ? Directory.GetFiles(refDir, "*.dll")
            : Directory.GetFiles(runtime, "*.dll").Where(IsManaged);
        return framework.Append(typeof(Bson.CBsonReader).Assembly.Location).Select(p => MetadataReference.CreateFromFile(p));
    }

    private static bool IsManaged(string path)
    {
        try
        {
            System.Reflection.AssemblyName.GetAssemblyName(path);
            return true;
        }
        catch (BadImageFormatException)
        {
            return false;
        }
    }

    [GeneratedRegex(@"<ImplicitUsings>\s*(enable|true)\s*</ImplicitUsings>")]
    private static partial Regex ImplicitUsingsEnabled();

    [GeneratedRegex(@"<Using\s+Include=""([^""]+)""\s*/>")]
    private static partial Regex UsingItem();
}
