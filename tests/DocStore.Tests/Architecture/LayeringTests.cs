using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace DocStore.Tests.Architecture;

/// <summary>
/// The layers of src/DocStore (docs/architecture.md) depend downward only: a type in one folder may use types
/// of its own layer and of the layers below it, never above. The test compiles the sources with Roslyn and
/// resolves every name, so it sees through namespaces (public types live in namespace DocStore whatever their layer).
/// </summary>
public sealed class LayeringTests
{
    /// <summary>Top-level folders of src/DocStore, lowest layer first; folders on one line share a layer.</summary>
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
        ["Sql"],
    ];

    [Fact]
    public void No_type_uses_a_type_of_a_higher_layer()
    {
        var violations = FindViolations();
        Assert.True(violations.Count == 0, "References against the layers:\n" + string.Join('\n', violations));
    }

    [Fact]
    public void Every_source_folder_is_a_known_layer()
    {
        var unknown = SourceFiles().Select(LayerFolder).Where(f => LayerOf(f) < 0).Distinct().ToList();
        Assert.Empty(unknown);
    }

    private static List<string> FindViolations()
    {
        var root = SourceRoot();
        var trees = SourceFiles().Select(path => CSharpSyntaxTree.ParseText(File.ReadAllText(path), path: path)).ToList();
        var compilation = CSharpCompilation.Create(
            "Layering",
            trees,
            References(),
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, allowUnsafe: true));

        var violations = new SortedSet<string>(StringComparer.Ordinal);
        foreach (var tree in trees)
        {
            var fromFolder = LayerFolder(tree.FilePath);
            var fromLayer = LayerOf(fromFolder);
            var model = compilation.GetSemanticModel(tree);
            foreach (var name in tree.GetRoot().DescendantNodes().OfType<SimpleNameSyntax>())
            {
                if (name.Ancestors().Any(a => a is UsingDirectiveSyntax))
                {
                    continue;
                }

                var symbol = model.GetSymbolInfo(name).Symbol;
                var type = symbol as INamedTypeSymbol ?? symbol?.ContainingType;
                var declaration = type?.OriginalDefinition.DeclaringSyntaxReferences.FirstOrDefault();
                if (declaration is null)
                {
                    continue;
                }

                var toFolder = LayerFolder(declaration.SyntaxTree.FilePath);
                if (LayerOf(toFolder) > fromLayer)
                {
                    var file = Path.GetRelativePath(root, tree.FilePath);
                    violations.Add($"{file} ({fromFolder}) uses {type!.Name} ({toFolder})");
                }
            }
        }

        return violations.ToList();
    }

    private static int LayerOf(string folder) => Array.FindIndex(Layers, layer => layer.Contains(folder, StringComparer.Ordinal));

    private static string LayerFolder(string path)
    {
        var relative = Path.GetRelativePath(SourceRoot(), path);
        var slash = relative.IndexOf(Path.DirectorySeparatorChar, StringComparison.Ordinal);
        return slash < 0 ? "Context" : relative[..slash];
    }

    private static IEnumerable<string> SourceFiles() =>
        Directory.EnumerateFiles(SourceRoot(), "*.cs", SearchOption.AllDirectories)
            .Where(p => !p.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal)
                     && !p.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal));

    private static string SourceRoot()
    {
        var dir = new DirectoryInfo(AppContext.BaseDirectory);
        while (dir is not null && !File.Exists(Path.Combine(dir.FullName, "DocStore.sln")))
        {
            dir = dir.Parent;
        }

        return Path.Combine(dir?.FullName ?? throw new InvalidOperationException("DocStore.sln not found above the test binaries."), "src", "DocStore");
    }

    private static IEnumerable<MetadataReference> References()
    {
        var platform = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator);
        return platform.Append(typeof(Bson.CBsonReader).Assembly.Location).Select(p => MetadataReference.CreateFromFile(p));
    }
}
