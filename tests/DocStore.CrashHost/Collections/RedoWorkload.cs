using DocStore.Storage;

namespace DocStore.CrashHost.Collections;

/// <summary>
/// The <c>redo</c> mode: after a checkpoint, the writes of a typed collection that go through redo records
/// under <see cref="Durability.Full"/> (single inserts, a batch, updates that move index entries, deletes),
/// then the pager's redo figures, <c>done</c>, and a wait for the test to kill the process, which leaves
/// the database file as of the checkpoint, the WAL's frames and the redo log as a crash would.
/// </summary>
public static class RedoWorkload
{
    /// <summary>
    /// The options the workload opens the database with (the test reopens it so). The idle checkpoint's clock
    /// stands still: on a busy machine a pause of a second between two writes would otherwise checkpoint and
    /// cut the redo log the figures count.
    /// </summary>
    public static DocStoreOptions Options { get; } = new() { Durability = Durability.Full, TimeProvider = new Microsoft.Extensions.Time.Testing.FakeTimeProvider() };

    /// <summary>The documents the workload leaves: key to version.</summary>
    public static Dictionary<int, int> Expected { get; } = Enumerable.Range(1, 60)
        .Where(id => id is < 20 or > 25)
        .ToDictionary(id => id, id => id is >= 5 and <= 15 ? 2 : 1);

    /// <summary>Runs the writes, prints <c>records</c>, <c>early-starts</c> and <c>rewrites</c> lines and <c>done</c>, and waits until killed (or stdin closes).</summary>
    /// <param name="path">The database file.</param>
    /// <returns>The exit code.</returns>
    public static int Run(string path)
    {
        // Never disposed: a clean close would checkpoint and reset the logs the test wants.
        var db = CrashDb.Open(path, Options);
        var items = db.CrashItems;
        items.Insert(CrashItems.Create(1, 1));
        if (!db.Engine.Checkpoint())
        {
            throw new InvalidOperationException("the checkpoint left frames in the WAL");
        }

        // Single inserts (announced ahead of their changes), a batch, updates that move index entries, deletes.
        for (var id = 2; id <= 40; id++)
        {
            items.Insert(CrashItems.Create(id, 1));
        }

        items.InsertMany(Enumerable.Range(41, 20).Select(id => CrashItems.Create(id, 1)));
        for (var id = 5; id <= 15; id++)
        {
            if (!items.Update(CrashItems.Create(id, 2)))
            {
                throw new InvalidOperationException($"document {id} was not updated");
            }
        }

        for (var id = 20; id <= 25; id++)
        {
            if (!items.Delete(id))
            {
                throw new InvalidOperationException($"document {id} was not deleted");
            }
        }

        var pager = db.Engine.Pager;
        Console.WriteLine($"records {pager.Redo.RecordCount}");
        Console.WriteLine($"early-starts {pager.Counters.RedoEarlyStarts}");
        Console.WriteLine($"rewrites {pager.Counters.RedoRewrites}");
        Console.WriteLine("done");
        Console.Out.Flush();
        Console.In.ReadToEnd();
        return 0;
    }
}
