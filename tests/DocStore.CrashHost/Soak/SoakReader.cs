using System.Globalization;

namespace DocStore.CrashHost.Soak;

/// <summary>
/// The reader and checkpointer processes of the multi-process soak. A reader checks every snapshot it takes
/// (<see cref="SharedSoak.Check"/>) and prints <c>snap</c> with its commit counter, which never goes back
/// within the process; a broken invariant prints <c>bad</c> and ends it. The checkpointer checkpoints in a
/// loop between <c>checkpointing</c> and <c>ckpt</c> lines. Both run until killed.
/// </summary>
internal static class SoakReader
{
    /// <summary>Reads and checks snapshots until killed.</summary>
    public static int Read(string path, int seed)
    {
        var random = new Random(seed);
        using var db = DocStoreDatabase.Open(path, SharedSoak.ReaderOptions);
        SoakWriter.Say("ready");
        var seen = -1L;
        while (true)
        {
            var (commits, problem) = SharedSoak.Check(db);
            if (problem is not null || commits < seen)
            {
                SoakWriter.Say(string.Create(CultureInfo.InvariantCulture, $"bad {problem ?? "the commit counter went back"} (seen {seen}, now {commits})"));
                return 1;
            }

            seen = commits;
            SoakWriter.Say(string.Create(CultureInfo.InvariantCulture, $"snap {commits}"));

            // Leaves the processor to the writers, and gaps without a mark for the WAL to restart in; no decision rests on it.
            Thread.Sleep(random.Next(30, 120));
        }
    }

    /// <summary>Checkpoints until killed.</summary>
    public static int Checkpoint(string path, int seed)
    {
        var random = new Random(seed);
        using var db = DocStoreDatabase.Open(path, SharedSoak.WriterOptions);
        SoakWriter.Say("ready");
        while (true)
        {
            SoakWriter.Say("checkpointing");
            SoakWriter.Say($"ckpt {db.Engine.Checkpoint()}");
            // Paced, so the writers get most turns; no decision rests on it.
            Thread.Sleep(random.Next(20, 100));
        }
    }
}
