namespace DocStore.Tests.Architecture;

/// <summary>
/// The layers of src/DocStore (docs/architecture.md) depend downward only: code in one folder may use symbols
/// declared in its own layer and in the layers below it, never above. <see cref="LayerChecker"/> compiles the
/// sources as their project does and resolves every name, member, operator and conversion, so it sees through
/// namespaces (public types live in namespace DocStore whatever their layer).
/// </summary>
public sealed class LayeringTests
{
    private static readonly Lazy<LayerChecker.Result> Checked = new(() => LayerChecker.Check());

    [Fact]
    public void The_sources_compile_as_their_project_does()
    {
        var errors = Checked.Value.CompileErrors;
        Assert.True(errors.Count == 0, $"{errors.Count} compile errors, first ones:\n" + string.Join('\n', errors.Take(10)));
    }

    [Fact]
    public void No_code_uses_a_symbol_of_a_higher_layer()
    {
        var violations = Checked.Value.Violations;
        Assert.True(violations.Count == 0, "References against the layers:\n" + string.Join('\n', violations));
    }

    [Fact]
    public void Every_source_folder_is_a_known_layer()
    {
        var root = LayerChecker.SourceRoot();
        var unknown = LayerChecker.SourceFiles(root).Select(p => LayerChecker.LayerFolder(root, p))
            .Where(f => LayerChecker.LayerOf(f) < 0).Distinct().ToList();
        Assert.Empty(unknown);
    }

    [Fact]
    public void The_implicit_usings_match_the_generated_file_when_one_exists()
    {
        var generated = Directory.Exists(Path.Combine(LayerChecker.SourceRoot(), "obj"))
            ? Directory.EnumerateFiles(Path.Combine(LayerChecker.SourceRoot(), "obj"), "DocStore.GlobalUsings.g.cs", SearchOption.AllDirectories).FirstOrDefault()
            : null;
        if (generated is null)
        {
            return;
        }

        var fromBuild = File.ReadAllLines(generated).Where(l => l.StartsWith("global using ", StringComparison.Ordinal))
            .Select(l => l["global using ".Length..].TrimEnd(';').Replace("global::", "", StringComparison.Ordinal)).Order(StringComparer.Ordinal);
        Assert.Equal(fromBuild, LayerChecker.ImplicitUsings().Order(StringComparer.Ordinal));
    }
}
