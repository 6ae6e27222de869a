using System.Globalization;
using DocStore.CrashHost.Collections;
using DocStore.Storage;
using DocStore.Tests.Support;
using DocStore.TestShared;

namespace DocStore.Tests.Crash;

/// <summary>
/// The collection workload's writers commit at each durability while, beside them in the same process,
/// upkeep compacts in place, writes dense copies and backs up, paced by acknowledgements
/// (tests/DocStore.CrashHost/Collections/UpkeepWorkload.cs); the process is killed once compactions have
/// run among the commits. A process kill loses nothing acknowledged at any durability: the database must
/// reopen as <see cref="KilledCollectionWriterTests"/> demands, and every copy that was completed must open,
/// pass the integrity check and hold every transaction acknowledged before its call began.
/// </summary>
[Collection(BusyChildProcesses.Name)]
public sealed class KilledWriterBesideUpkeepTests
{
    // In-place compactions a run must have completed before the kill is set off.
    private const int Compactions = 3;

    private static int Kills => int.TryParse(Environment.GetEnvironmentVariable("DOCSTORE_UPKEEP_KILLS"), out var n) ? n : 4;

    [Theory]
    [InlineData(Durability.Full)]
    [InlineData(Durability.Normal)]
    [InlineData(Durability.None)]
    public void Acknowledged_commits_survive_kills_beside_compaction_and_are_in_every_copy(Durability durability)
    {
        using var dir = new TempDirectory();
        var path = dir.File("upkeep.db");
        var random = new Random(20261128 + (int)durability);
        var state = new Dictionary<int, int>();
        var copies = 0;
        for (var kill = 0; kill < Kills; kill++)
        {
            var lines = Run(path, kill, durability, random.Next(0, 80));
            var failures = lines.Where(line => line.StartsWith("fail ", StringComparison.Ordinal)).ToList();
            var logs = CrashLog.Parse(lines.Where(line => !line.StartsWith("fail ", StringComparison.Ordinal)));

            // The file first: a lost acknowledged commit is the failure to report, not what the writers made of it.
            var before = state;
            state = KilledCollectionWriterTests.Verify(path, before, logs);
            foreach (var call in UpkeepLog.Parse(lines, CollectionWorkload.Writers).Where(c => c.Kind != "compact" && c.BegunBeforeDone is not null))
            {
                AssertCopyHolds(UpkeepLog.CopyPath(path, call.Number), before, logs, call);
                copies++;
            }

            Assert.True(failures.Count == 0, string.Join(Environment.NewLine, failures));
            foreach (var copy in Directory.GetFiles(dir.Path, Path.GetFileName(path) + ".copy*"))
            {
                File.Delete(copy);
            }
        }

        Assert.True(copies > 0, "No copy was completed before a kill.");
    }

    // Runs the workload until it completed some compactions and printed extraLines more lines, kills it, and returns its output.
    private static List<string> Run(string path, int seed, Durability durability, int extraLines)
    {
        var lines = new List<string>();
        using var host = new CrashHostProcess("upkeep", path, seed.ToString(CultureInfo.InvariantCulture), durability.ToString());
        Assert.Equal("ready", host.ReadLine(HangGuard.Limit));
        var compactions = 0;
        while (compactions < Compactions || extraLines-- > 0)
        {
            var line = host.ReadLine(HangGuard.Limit);
            Assert.True(line is not null, "The workload stopped writing: " + string.Join(Environment.NewLine, lines.TakeLast(20)));
            lines.Add(line);
            if (line.StartsWith("fail ", StringComparison.Ordinal))
            {
                break;
            }

            compactions += line.StartsWith("upkeep done compact ", StringComparison.Ordinal) ? 1 : 0;
        }

        host.Kill();
        lines.AddRange(host.DrainLines());
        return lines;
    }

    // The copy is checked against the state before the run: it must hold each writer's transactions acknowledged
    // before the call began, and may hold some it began before the call returned, in order, never others.
    private static void AssertCopyHolds(string copyPath, Dictionary<int, int> before, Dictionary<int, CrashLog.WriterLog> logs, UpkeepLog.UpkeepCall call)
    {
        using var copy = CrashDb.Open(copyPath, new DocStoreOptions { PageSize = 1024, ReadOnly = true });
        var report = copy.CheckIntegrity();
        Assert.True(report.IsValid, $"{call.Kind} {call.Number}: {report}");
        var stored = copy.CrashItems.FindAll().ToList();
        foreach (var item in stored)
        {
            KilledCollectionWriterTests.AssertSameDocument(CrashItems.Create(item.Id, item.Version), item);
        }

        var found = stored.ToDictionary(item => item.Id, item => item.Version);
        for (var w = 0; w < CollectionWorkload.Writers; w++)
        {
            var log = logs.GetValueOrDefault(w);
            var begun = (log?.Acknowledged ?? []).Concat(log?.Pending is { } pending ? [pending.Effects] : []).ToList();
            var expected = KilledCollectionWriterTests.Owned(before, w);
            var acknowledged = call.AcknowledgedBefore[w];
            foreach (var effects in begun.Take(acknowledged))
            {
                KilledCollectionWriterTests.Apply(expected, effects);
            }

            var actual = KilledCollectionWriterTests.Owned(found, w);
            var difference = KilledCollectionWriterTests.Difference(expected, actual);
            for (var next = acknowledged; !KilledCollectionWriterTests.Same(expected, actual) && next < call.BegunBeforeDone![w]; next++)
            {
                KilledCollectionWriterTests.Apply(expected, begun[next]);
            }

            Assert.True(KilledCollectionWriterTests.Same(expected, actual), $"{call.Kind} {call.Number}: writer {w}'s keys in the copy are not its {acknowledged} transactions acknowledged before the call, nor those and some it began before the call returned ({difference})");
        }
    }
}
