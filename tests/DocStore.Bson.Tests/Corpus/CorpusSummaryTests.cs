using System.Text;
using Xunit.Abstractions;

namespace DocStore.Bson.Tests.Corpus;

/// <summary>Runs the whole corpus once more and prints "N cases ran, N passed" per file and in total.</summary>
public class CorpusSummaryTests(ITestOutputHelper output)
{
    [Fact]
    public void Every_corpus_file_is_enumerated_and_every_case_passes()
    {
        var report = new StringBuilder();
        var failures = new List<string>();
        var totalRan = 0;
        var totalPassed = 0;
        Assert.NotEmpty(CorpusCatalog.FileNames);
        report.AppendLine($"BSON corpus at {CorpusLocation.Folder}");
        foreach (var file in CorpusCatalog.FileNames)
        {
            var cases = CorpusCatalog.CasesOf(file);
            var passed = 0;
            foreach (var c in cases)
            {
                try
                {
                    CorpusRunner.Run(c);
                    passed++;
                }
#pragma warning disable CA1031 // The summary records every failure instead of stopping at the first.
                catch (Exception e)
#pragma warning restore CA1031
                {
                    failures.Add($"{c}: {e.GetType().Name}: {e.Message}");
                }
            }

            var counts = string.Join(", ", cases.GroupBy(c => c.Kind).Select(g => $"{g.Key} {g.Count()}"));
            report.AppendLine($"{file}: {cases.Count} cases ran, {passed} passed ({counts})");
            totalRan += cases.Count;
            totalPassed += passed;
        }

        report.AppendLine($"TOTAL: {CorpusCatalog.FileNames.Count} files, {totalRan} cases ran, {totalPassed} passed");
        output.WriteLine(report.ToString());
        File.WriteAllText(Path.Combine(AppContext.BaseDirectory, "bson-corpus-summary.txt"), report.ToString());
        Assert.True(failures.Count == 0, string.Join("\n", failures));
        Assert.Equal(totalRan, totalPassed);
    }
}
