using DocStore.Generators.RuntimeTests.Linq.Compiled.Sites;

namespace DocStore.Generators.RuntimeTests.Linq.Compiled;

/// <summary>
/// The differential test of compiled plans: a table of fixed call sites the generator sees (Sites/*.cs:
/// filters, orders, Skip/Take, projections and every terminal with its async twin), each run many times
/// with captured values drawn at random per run and compared with LINQ-to-objects. A site marked as
/// compiled must have run its compiled plan at least once (a value may hand a run to the planner), and a
/// site left to the run time never does; a projection after key lookups is not checked either way. DOCSTORE_LINQ_SEED picks another seed.
/// </summary>
public sealed class CompiledSiteTests(CompiledQueryFixture fixture) : IClassFixture<CompiledQueryFixture>
{
    private const int Runs = 12;

    private static readonly Site[] Table = [.. CompiledSites1.All, .. CompiledSites2.All, .. CompiledSites3.All, .. CompiledSites4.All];

    [Fact]
    public async Task Every_site_returns_what_LINQ_to_objects_returns_with_random_values()
    {
        var seed = int.TryParse(Environment.GetEnvironmentVariable("DOCSTORE_LINQ_SEED"), out var s) ? s : 20261207;
        var run = new SiteRun(fixture.Db, fixture.All, new Random(seed));
        var compiledRuns = new int[Table.Length];
        var failures = new List<string>();
        for (var round = 0; round < Runs; round++)
        {
            for (var i = 0; i < Table.Length; i++)
            {
                try
                {
                    await Table[i].Run(run);
                    compiledRuns[i] += run.RanCompiled ? 1 : 0;
                }
                catch (Exception e)
                {
                    failures.Add($"site {Table[i].Name}, round {round} (seed {seed}): {e.Message}");
                }
            }
        }

        for (var i = 0; i < Table.Length; i++)
        {
            if (Table[i].Compiles is { } compiles && compiles != compiledRuns[i] > 0)
            {
                failures.Add($"site {Table[i].Name} ran compiled {compiledRuns[i]} of {Runs} times; expected {(compiles ? "at least once" : "never")}");
            }
        }

        Assert.True(Table.Length >= 100, "the table has fewer than 100 sites");
        Assert.True(failures.Count == 0, $"{failures.Count} failures (seed {seed}):\n" + string.Join("\n", failures.Take(30)));
    }
}
