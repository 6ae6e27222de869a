using DocStore.Guide.Tests.Infrastructure;

namespace DocStore.Guide.Tests;

/// <summary>
/// docs/architecture.md names every folder of the engine's project that holds code, so the map a newcomer reads is the
/// tree they open: a folder added, renamed or split without a line there fails here.
/// </summary>
public sealed class ArchitectureDocTests
{
    [Fact]
    public void Every_folder_with_code_in_src_DocStore_is_named_in_architecture_md()
    {
        var project = Path.Combine(Repository.Root, "src", "DocStore");
        var folders = Directory.EnumerateDirectories(project, "*", SearchOption.AllDirectories)
            .Select(d => Path.GetRelativePath(project, d).Replace('\\', '/'))
            .Where(d => !IsBuildOutput(d) && Directory.EnumerateFiles(Path.Combine(project, d), "*.cs", SearchOption.TopDirectoryOnly).Any())
            .ToList();
        Assert.Contains("Sql/Execution", folders);   // the walk found the tree at all

        var page = File.ReadAllText(Path.Combine(Repository.Root, "docs", "architecture.md"));
        var missing = folders.Where(f => !page.Contains($"`{f}/`", StringComparison.Ordinal)).OrderBy(f => f, StringComparer.Ordinal).ToList();
        Assert.True(missing.Count == 0,
            "docs/architecture.md does not name these folders of src/DocStore:\n" + string.Join('\n', missing) +
            "\nAdd each to the folder table as `Folder/Sub/` with a line on what it holds.");
    }

    [Fact]
    public void Every_project_under_src_is_named_in_architecture_md()
    {
        var projects = Directory.EnumerateDirectories(Path.Combine(Repository.Root, "src"))
            .Where(d => Directory.EnumerateFiles(d, "*.csproj").Any())
            .Select(Path.GetFileName)
            .ToList();
        Assert.Contains("DocStore.Bson", projects);

        var page = File.ReadAllText(Path.Combine(Repository.Root, "docs", "architecture.md"));
        var missing = projects.Where(p => !page.Contains(p!, StringComparison.Ordinal)).ToList();
        Assert.True(missing.Count == 0, "docs/architecture.md does not name these projects: " + string.Join(", ", missing));
    }

    private static bool IsBuildOutput(string folder) =>
        folder.Split('/')[0] is "bin" or "obj";
}
