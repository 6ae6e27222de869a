using DocStore.Guide.Tests.Infrastructure;

namespace DocStore.Guide.Tests;

/// <summary>The README's layout table names every project folder under src/.</summary>
public sealed class ReadmeLayoutTests
{
    [Fact]
    public void The_layout_table_lists_every_source_project()
    {
        var listed = MarkdownTable.Rows(File.ReadAllText(Path.Combine(Repository.Root, "README.md")))
            .Select(cells => cells[0].Trim('`').TrimEnd('/'))
            .ToHashSet(StringComparer.Ordinal);
        var projects = Directory.EnumerateDirectories(Path.Combine(Repository.Root, "src"))
            .Where(d => Directory.EnumerateFiles(d, "*.csproj").Any())
            .Select(d => "src/" + Path.GetFileName(d))
            .ToList();
        Assert.NotEmpty(projects);
        var missing = projects.Where(p => !listed.Contains(p)).ToList();
        Assert.True(missing.Count == 0, "README.md's Layout table has no row for: " + string.Join(", ", missing) + ". Add a row `| `src/<project>` | what it is |`.");
    }
}
