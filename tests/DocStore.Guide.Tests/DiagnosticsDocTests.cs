using System.Reflection;
using System.Text.RegularExpressions;
using DocStore.Generators;
using DocStore.Guide.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace DocStore.Guide.Tests;

/// <summary>
/// The diagnostics the docs list are the ones the generator's analyzers report: docs/diagnostics/README.md
/// (id, title, severity), one page per id with that title and severity, and the guide's table (ids).
/// </summary>
public sealed partial class DiagnosticsDocTests
{
    private const string Fix = "Fix the docs from src/DocStore.Generators/Diagnostics/DiagnosticDescriptors.cs: one row per descriptor, " +
        "with its id, title and severity, in id order, and a page docs/diagnostics/<ID>.md headed '# <ID>: <title>' with a line 'Severity: <error|warning>.'.";

    /// <summary>Every DiagnosticDescriptor the generator assembly declares, by id.</summary>
    private static readonly IReadOnlyList<DiagnosticDescriptor> Descriptors = typeof(DocStoreGenerator).Assembly.GetTypes()
        .SelectMany(t => t.GetFields(BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic))
        .Where(f => f.FieldType == typeof(DiagnosticDescriptor))
        .Select(f => (DiagnosticDescriptor)f.GetValue(null)!)
        .DistinctBy(d => d.Id)
        .OrderBy(d => d.Id, StringComparer.Ordinal)
        .ToList();

    [Fact]
    public void The_generator_declares_diagnostics()
    {
        // Guards the reflection above: an empty list would make every other check here pass.
        Assert.Contains(Descriptors, d => d.Id == "DOCS001");
    }

    [Fact]
    public void The_diagnostics_index_lists_every_descriptor_with_its_title_and_severity()
    {
        var expected = Descriptors.Select(d => $"[{d.Id}]({d.Id}.md) | {d.Title} | {Severity(d)}").ToList();
        var listed = MarkdownTable.Rows(File.ReadAllText(Path.Combine(Repository.Root, "docs", "diagnostics", "README.md")))
            .Select(cells => string.Join(" | ", cells))
            .ToList();
        AssertSameLines("docs/diagnostics/README.md", expected, listed);
    }

    [Fact]
    public void Each_descriptor_has_a_page_with_its_title_and_severity_and_no_page_is_left_over()
    {
        var problems = new List<string>();
        foreach (var d in Descriptors)
        {
            var page = Path.Combine(Repository.Root, "docs", "diagnostics", d.Id + ".md");
            if (!File.Exists(page))
            {
                problems.Add($"docs/diagnostics/{d.Id}.md does not exist");
                continue;
            }

            var lines = File.ReadAllLines(page);
            if (lines.FirstOrDefault() != $"# {d.Id}: {d.Title}")
            {
                problems.Add($"docs/diagnostics/{d.Id}.md: the heading is '{lines.FirstOrDefault()}', expected '# {d.Id}: {d.Title}'");
            }

            if (!lines.Any(l => l.StartsWith($"Severity: {Severity(d)}.", StringComparison.Ordinal)))
            {
                problems.Add($"docs/diagnostics/{d.Id}.md: no line 'Severity: {Severity(d)}.'");
            }
        }

        var ids = Descriptors.Select(d => d.Id).ToHashSet(StringComparer.Ordinal);
        problems.AddRange(Directory.EnumerateFiles(Path.Combine(Repository.Root, "docs", "diagnostics"), "DOCS*.md")
            .Select(Path.GetFileNameWithoutExtension)
            .Where(id => !ids.Contains(id!))
            .Select(id => $"docs/diagnostics/{id}.md documents a diagnostic the generator does not declare"));
        Assert.True(problems.Count == 0, string.Join('\n', problems) + "\n" + Fix);
    }

    [Fact]
    public void The_guide_lists_every_diagnostic_and_no_other()
    {
        var expected = Descriptors.Select(d => d.Id).ToList();
        var listed = MarkdownTable.Rows(File.ReadAllText(Path.Combine(Repository.Guide, "diagnostics.md")))
            .Select(cells => IdLink().Match(cells[0]))
            .Where(m => m.Success)
            .Select(m => m.Groups[1].Value)
            .ToList();
        AssertSameLines("docs/guide/diagnostics.md", expected, listed);
    }

    [Fact]
    public void The_docs_name_no_diagnostic_that_does_not_exist()
    {
        var ids = Descriptors.Select(d => d.Id).ToHashSet(StringComparer.Ordinal);
        var pages = new[] { "README.md", Path.Combine("docs", "guide", "diagnostics.md"), Path.Combine("docs", "guide", "README.md"), Path.Combine("docs", "diagnostics", "README.md") };
        var unknown = pages
            .SelectMany(p => AnyId().Matches(File.ReadAllText(Path.Combine(Repository.Root, p))).Select(m => (Page: p, Id: m.Value)))
            .Where(x => !ids.Contains(x.Id))
            .Select(x => $"{x.Page} names {x.Id}, which the generator does not declare")
            .Distinct()
            .ToList();
        Assert.True(unknown.Count == 0, string.Join('\n', unknown) + "\n" + Fix);
    }

    private static string Severity(DiagnosticDescriptor d) => d.DefaultSeverity.ToString().ToLowerInvariant();

    private static void AssertSameLines(string page, IReadOnlyList<string> expected, IReadOnlyList<string> listed)
    {
        var missing = expected.Except(listed).ToList();
        var extra = listed.Except(expected).ToList();
        var problems = missing.Select(m => $"{page} lacks: {m}").Concat(extra.Select(e => $"{page} lists what no descriptor says: {e}")).ToList();
        if (problems.Count == 0 && !expected.SequenceEqual(listed))
        {
            problems.Add($"{page}: the rows are not in id order");
        }

        Assert.True(problems.Count == 0, string.Join('\n', problems) + "\n" + Fix);
    }

    [GeneratedRegex(@"^\[(DOCS\d{3})\]")]
    private static partial Regex IdLink();

    [GeneratedRegex(@"\bDOCS\d{3}\b")]
    private static partial Regex AnyId();
}
