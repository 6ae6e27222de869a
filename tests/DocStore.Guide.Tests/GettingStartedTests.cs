using DocStore.Guide.Tests.Infrastructure;
using Xunit.Abstractions;

namespace DocStore.Guide.Tests;

/// <summary>
/// The getting-started page works as a newcomer uses it: its blocks pasted in order into one Program.cs
/// compile, and the program runs twice in a row over the same folder (the second run meets the first
/// run's file).
/// </summary>
public sealed class GettingStartedTests(ITestOutputHelper output)
{
    private static readonly TimeSpan Timeout = TimeSpan.FromMinutes(10);

    private static MarkdownPage Page => MarkdownPage.Load(Path.Combine(Repository.Guide, "getting-started.md"));

    [Fact]
    public void Its_blocks_pasted_in_order_into_Program_cs_run_twice_over_one_file()
    {
        var compiled = PageCompiler.CompileAsOneFile(Page);
        Assert.True(compiled.Problems.Count == 0,
            "getting-started.md's blocks, pasted in order into one Program.cs, do not compile (C# wants the usings first, " +
            "then the top-level statements, then the types; order the blocks so):\n" + string.Join('\n', compiled.Problems));
        Assert.True(compiled.IsProgram, "getting-started.md has no statements to run");

        var folder = Directory.CreateTempSubdirectory("docstore-getting-started-").FullName;
        try
        {
            foreach (var run in new[] { "first", "second" })
            {
                var result = PageRunner.Run("getting-started.md", compiled.Assembly!, compiled.Symbols!, Timeout, folder);
                output.WriteLine($"{run} run:\n{result.Output}");
                Assert.False(result.TimedOut, $"the {run} run did not finish within {Timeout.TotalMinutes} minutes");
                Assert.True(result.Failure is null,
                    $"The {run} run of getting-started.md failed over the file a previous run left: {result.Failure}\n" +
                    "A reader runs the program again; write it so that it can (Upsert, or check before inserting).");
            }

            Assert.True(File.Exists(Path.Combine(folder, "app.db")), "the program did not write app.db in its current directory");
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }
}
