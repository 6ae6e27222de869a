using DocStore.Guide.Tests.Infrastructure;

namespace DocStore.Guide.Tests;

/// <summary>The guide test itself: it must catch what it is there to catch, and name the markdown line.</summary>
public sealed class HarnessTests
{
    private const string Model = """
        # A page

        ```csharp
        using DocStore;

        using var db = AppDb.OpenInMemory();
        db.Notes.Insert(new Note { Text = "a" });
        ```

        The model comes after the code that uses it, as a reader meets it.

        ```csharp
        [Collection]
        public partial class Note
        {
            [Key] public int Id { get; set; }
            [Index] public string Text { get; set; } = "";
        }

        public partial class AppDb : DocStoreContext { }
        ```

        """;

    [Fact]
    public void Statements_of_all_blocks_run_in_order_with_types_from_any_block()
    {
        var page = MarkdownPage.Parse("story.md", Model + """
            ```csharp
            var count = db.Notes.CountByText("a");
            Console.WriteLine($"{count} note");
            File.WriteAllText("here.txt", "");
            if (!File.Exists(Path.Combine(Environment.CurrentDirectory, "here.txt"))) throw new Exception("relative paths are not in the current directory");
            ```
            """);
        var compiled = PageCompiler.Compile(page);
        Assert.Empty(compiled.Problems);

        var run = PageRunner.Run(page.Name, compiled.Assembly!, compiled.Symbols!, TimeSpan.FromMinutes(10));
        Assert.Null(run.Failure);
        Assert.Equal("1 note", run.Output.Trim());
    }

    [Fact]
    public void A_compile_error_names_the_markdown_line()
    {
        var page = MarkdownPage.Parse("broken.md", Model + """
            ```csharp
            db.Notes.FindByTitle("a");
            ```
            """);
        var problem = Assert.Single(PageCompiler.Compile(page).Problems);
        Assert.StartsWith("broken.md(23,", problem, StringComparison.Ordinal);
        Assert.Contains("CS1061", problem, StringComparison.Ordinal);
    }

    [Fact]
    public void A_warning_is_a_problem()
    {
        var page = MarkdownPage.Parse("warning.md", Model + """
            ```csharp
            string s = null;
            Console.WriteLine(s);
            ```
            """);
        var problems = PageCompiler.Compile(page).Problems;
        Assert.Contains(problems, p => p.StartsWith("warning.md(23,", StringComparison.Ordinal) && p.Contains("warning CS8600", StringComparison.Ordinal));
    }

    [Fact]
    public void A_model_error_is_reported_by_the_analyzer()
    {
        var page = MarkdownPage.Parse("model.md", """
            ```csharp
            using DocStore;

            [Collection]
            public class Item
            {
                [Key] public int Id { get; set; }
            }
            ```
            """);
        var problems = PageCompiler.Compile(page).Problems;
        Assert.Contains(problems, p => p.StartsWith("model.md(", StringComparison.Ordinal) && p.Contains("DOCS001", StringComparison.Ordinal));
    }

    [Fact]
    public void A_failed_check_in_the_code_fails_the_run_at_its_line()
    {
        var page = MarkdownPage.Parse("check.md", Model + """
            ```csharp
            if (db.Notes.Count() != 2) throw new InvalidOperationException("expected two notes");
            ```
            """);
        var compiled = PageCompiler.Compile(page);
        Assert.Empty(compiled.Problems);

        var run = PageRunner.Run(page.Name, compiled.Assembly!, compiled.Symbols!, TimeSpan.FromMinutes(10));
        var failure = Assert.IsType<InvalidOperationException>(run.Failure);
        Assert.Equal("expected two notes", failure.Message);
        Assert.Contains("check.md:line 23", failure.StackTrace, StringComparison.Ordinal);
    }

    [Fact]
    public void A_program_that_does_not_finish_times_out()
    {
        // It never finishes, so the run's limit is certain to pass, however slow the machine.
        var page = MarkdownPage.Parse("slow.md", """
            ```csharp
            Thread.Sleep(Timeout.Infinite);
            ```
            """);
        var compiled = PageCompiler.Compile(page);
        var run = PageRunner.Run(page.Name, compiled.Assembly!, compiled.Symbols!, TimeSpan.FromMilliseconds(200));
        Assert.True(run.TimedOut);
    }

    [Theory]
    [InlineData("```\ncode\n```", "needs an info string")]
    [InlineData("```cs\ncode\n```", "write ```csharp")]
    [InlineData("```csharp\ncode", "not closed")]
    public void Fences_must_say_what_they_hold(string markdown, string expected)
    {
        var e = Assert.Throws<InvalidDataException>(() => MarkdownPage.Parse("fences.md", markdown));
        Assert.Contains(expected, e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Links_outside_code_spans_are_collected()
    {
        var page = MarkdownPage.Parse("links.md", "See [a](a.md#x), [web](https://example.org), [here](#top) and `x[0](y)`.\n");
        Assert.Equal([(1, "a.md#x")], page.Links);
    }
}
