using DocStore.Guide.Tests.Infrastructure;
using Xunit.Abstractions;

namespace DocStore.Guide.Tests;

/// <summary>
/// Every page of docs/guide, and the repository's README, compiles and runs: its ```csharp blocks form one
/// program (docs/guide/README.md, "Writing a page"), which must build without a warning and finish
/// without an exception; its relative links must point at files that exist.
/// </summary>
public sealed class GuidePageTests(ITestOutputHelper output)
{
    private static readonly TimeSpan Timeout = TimeSpan.FromMinutes(10);

    public static TheoryData<string> Pages()
    {
        var pages = new TheoryData<string>();
        foreach (var file in Directory.EnumerateFiles(Repository.Guide, "*.md").Order(StringComparer.Ordinal))
        {
            pages.Add(Path.GetRelativePath(Repository.Root, file));
        }

        pages.Add("README.md");
        return pages;
    }

    [Theory]
    [MemberData(nameof(Pages))]
    public void Page_compiles_runs_and_links_resolve(string page)
    {
        var path = Path.Combine(Repository.Root, page);
        var markdown = MarkdownPage.Load(path);

        var broken = markdown.Links
            .Where(l => !TargetExists(Path.GetDirectoryName(path)!, l.Target))
            .Select(l => $"{markdown.Name}({l.Line}): the link target '{l.Target}' does not exist")
            .ToList();
        if (markdown.CSharpBlocks.Any())
        {
            CompileAndRun(markdown);
        }

        Assert.True(broken.Count == 0, string.Join('\n', broken));
    }

    private void CompileAndRun(MarkdownPage markdown)
    {
        var compiled = PageCompiler.Compile(markdown);
        Assert.True(compiled.Problems.Count == 0, $"{markdown.Name} does not compile cleanly:\n" + string.Join('\n', compiled.Problems));
        if (!compiled.IsProgram)
        {
            return;
        }

        var run = PageRunner.Run(markdown.Name, compiled.Assembly!, compiled.Symbols!, Timeout);
        output.WriteLine(run.Output);
        Assert.False(run.TimedOut, $"{markdown.Name}: the program did not finish within {Timeout.TotalMinutes} minutes. Output:\n{run.Output}");
        if (run.Failure is not null)
        {
            output.WriteLine($"{markdown.Name}: the program threw {run.Failure.GetType().Name}: {run.Failure.Message}");
            PageRunner.Rethrow(run.Failure);
        }
    }

    [Fact]
    public void The_table_of_contents_lists_every_page()
    {
        var contents = MarkdownPage.Load(Path.Combine(Repository.Guide, "README.md"));
        var listed = contents.Links.Select(l => l.Target.Split('#')[0]).ToHashSet(StringComparer.Ordinal);
        var missing = Directory.EnumerateFiles(Repository.Guide, "*.md")
            .Select(Path.GetFileName)
            .Where(f => f != "README.md" && !listed.Contains(f!))
            .ToList();
        Assert.True(missing.Count == 0, "docs/guide/README.md does not link: " + string.Join(", ", missing));
    }

    private static bool TargetExists(string folder, string target)
    {
        var file = Uri.UnescapeDataString(target.Split('#')[0]);
        var full = Path.GetFullPath(Path.Combine(folder, file));
        return File.Exists(full) || Directory.Exists(full);
    }
}
