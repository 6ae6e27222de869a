using System.Globalization;
using DocStore.Tests.Support;
using Xunit.Abstractions;

namespace DocStore.Tests.Storage.MultiProcess.Soak;

/// <summary>
/// The multi-process soak (docs/storage.md, "Multi-process soak"): three writer processes, three reader
/// processes and a checkpointer on one database opened shared, killed one at a time at random points (a
/// random number of their own lines after the previous kill) and started again, then all killed at once;
/// the first open after that recovers, and the database must hold every acknowledged commit, no partial or
/// rolled-back batch, and pass the integrity check, the snapshot invariants and the index-against-scan check.
/// Readers check the invariants on every snapshot they take meanwhile.
/// </summary>
[Collection(BusyChildProcesses.Name)]
public sealed class SharedSoakTests(ITestOutputHelper output)
{
    [SharedOpenFact]
    public void Writers_readers_and_a_checkpointer_killed_at_random_lose_nothing_acknowledged_and_show_no_partial_batch()
    {
        var seed = SoakSettings.Seed;
        var kills = SoakSettings.Kills;
        output.WriteLine($"multi-process soak: seed {seed}, {kills} kills (DOCSTORE_SHARED_SOAK_SEED={seed} runs it again)");
        using var dir = new TempDirectory();
        var random = new Random(seed);
        int acknowledged, inFlight;
        using (var crew = new SoakCrew(dir.File("soak.db"), seed, writers: 3, readers: 3, checkpointer: true))
        {
            foreach (var member in crew.All)
            {
                crew.WaitForReady(member);
            }

            var members = crew.All.ToList();
            for (var kill = 1; kill <= kills; kill++)
            {
                // Writers take half the kills; a kill lands after 1-40 of the victim's own lines, so on a
                // begin (a commit in flight), an ack, a checkpoint's start, or a reader's snapshot.
                var victim = random.Next(2) == 0 ? crew.Writers[random.Next(crew.Writers.Count)] : members[random.Next(members.Count)];
                var lines = random.Next(1, 41);
                var at = crew.WaitFor(victim, _ => true, lines, $"{lines} lines before kill {kill}");
                output.WriteLine($"kill {kill}: {victim.Current.Id} after \"{at}\"");
                crew.Restart(victim);
                crew.WaitForReady(victim);
            }

            // Everybody writes on after the last restart, then every process dies at once.
            foreach (var writer in crew.Writers)
            {
                crew.WaitFor(writer, l => l.StartsWith("ack ", StringComparison.Ordinal), 3, "three more commits");
            }

            crew.KillAll();
            var ledger = new SoakLedger(crew.Writers);
            var (problems, committed) = ledger.Check(crew.Path);
            Assert.True(problems.Count == 0, $"seed {seed}: " + string.Join("\n", problems.Take(20)));
            (acknowledged, inFlight) = (ledger.Acknowledged, committed);
        }

        output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{acknowledged} acknowledged commits checked, {inFlight} commits in flight at a kill found whole"));
        Assert.True(acknowledged > 0, $"seed {seed}: no commit was acknowledged");
    }
}
