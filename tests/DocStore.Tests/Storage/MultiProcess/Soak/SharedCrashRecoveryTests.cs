using System.Globalization;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.MultiProcess.Soak;

/// <summary>
/// A writer process killed in the middle of a commit, or in a checkpoint, while other processes have the
/// database open (the soak's processes, see <see cref="SharedSoakTests"/>): the other writer's next
/// transaction takes its turn and builds on every acknowledged commit, a reader goes on reading whole
/// snapshots, and once every process is gone the first open recovers a database that holds every
/// acknowledged commit. Every wait is for a process's line; the kill points are lines too.
/// </summary>
[Collection(BusyChildProcesses.Name)]
public sealed class SharedCrashRecoveryTests
{
    [SharedOpenFact]
    public void A_writer_killed_with_a_commit_in_flight_blocks_no_one_and_the_next_open_recovers_every_acknowledged_commit() =>
        KillOneWriterAt(l => l.StartsWith("begin ", StringComparison.Ordinal), checkpointer: false);

    [SharedOpenFact]
    public void A_writer_killed_in_its_checkpoint_beside_a_killed_checkpointer_blocks_no_one_and_loses_nothing_acknowledged() =>
        KillOneWriterAt(l => l == "checkpointing", checkpointer: true);

    private static void KillOneWriterAt(Func<string, bool> killPoint, bool checkpointer)
    {
        using var dir = new TempDirectory();
        using var crew = new SoakCrew(dir.File("app.db"), seed: 20261206, writers: 2, readers: 1, checkpointer);
        var (victim, survivor) = (crew.Writers[0], crew.Writers[1]);
        crew.WaitFor(victim, l => l.StartsWith("ack ", StringComparison.Ordinal), 20, "20 commits of the first writer");
        crew.WaitFor(victim, killPoint, 1, "the kill point");
        victim.Kill();
        if (checkpointer)
        {
            crew.WaitFor(crew.Checkpointers[0], l => l == "checkpointing", 1, "the checkpointer's next checkpoint");
            crew.Checkpointers[0].Kill();
        }

        // The survivor goes on committing past every commit the dead writer acknowledged. Each commit's number
        // is the meta document's counter plus one, written with a unique code: a commit built on a view that
        // missed one of them would repeat its number and fail on the unique index (the ledger checks 1..N below).
        var highest = SoakLedger.HighestAcknowledged(victim);
        var after = crew.WaitFor(survivor, l => l.StartsWith("ack ", StringComparison.Ordinal) && Seq(l) > highest + 2, 1, $"a commit past number {highest + 2}");
        var seq = Seq(after);

        // A reader's snapshot reaches it, checked whole.
        crew.WaitFor(crew.Readers[0], l => l.StartsWith("snap ", StringComparison.Ordinal) && long.Parse(l[5..], CultureInfo.InvariantCulture) >= seq, 1, $"a snapshot with commit {seq}");

        crew.KillAll();
        var ledger = new SoakLedger(crew.Writers);
        var (problems, _) = ledger.Check(crew.Path);
        Assert.True(problems.Count == 0, string.Join("\n", problems.Take(20)));
        Assert.True(ledger.Acknowledged >= 22, $"only {ledger.Acknowledged} commits were acknowledged");
    }

    private static long Seq(string ack) => long.Parse(ack.Split(' ')[2], CultureInfo.InvariantCulture);
}
