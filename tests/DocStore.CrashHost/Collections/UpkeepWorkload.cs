using DocStore.Storage;
using DocStore.TestShared;

namespace DocStore.CrashHost.Collections;

/// <summary>
/// The <c>upkeep</c> mode: the collection workload's two writers at a chosen durability, and beside them
/// upkeep that, every <see cref="Pace"/> acknowledged transactions, compacts in place, writes a dense copy
/// or backs up (rotating), printing <see cref="UpkeepLog"/> lines around each call; until the test kills
/// the process.
/// </summary>
public static class UpkeepWorkload
{
    /// <summary>Acknowledged transactions between two upkeep calls: few, so calls land among commits in flight.</summary>
    public const int Pace = 6;

    /// <summary>The collection workload's options at <paramref name="durability"/>.</summary>
    /// <param name="durability">How commits are made durable.</param>
    /// <returns>The options.</returns>
    public static DocStoreOptions Options(Durability durability) =>
        new() { PageSize = 1024, CacheSizePages = 64, Durability = durability };

    /// <summary>Runs the writers and the upkeep until the process is killed (or one meets an unexpected outcome).</summary>
    /// <param name="path">The database file; copies go beside it (<see cref="UpkeepLog.CopyPath"/>).</param>
    /// <param name="seed">Seeds the writers' choices.</param>
    /// <param name="durability">The durability the database is opened with.</param>
    /// <returns>The exit code: 1 after a failure.</returns>
    public static async Task<int> RunAsync(string path, int seed, Durability durability)
    {
        using var db = CrashDb.Open(path, Options(durability));
        var stored = db.CrashItems.FindAll().ToDictionary(item => item.Id, item => item.Version);
        var firstVersion = stored.Count == 0 ? 1 : stored.Values.Max() + 1;
        var output = new Lock();
        using var due = new SemaphoreSlim(0);
        var acknowledged = 0;
        void Print(string line)
        {
            lock (output)
            {
                Console.WriteLine(line);
                Console.Out.Flush();
            }

            // Upkeep is paced by acknowledgements, not by a clock, so a slow machine changes nothing.
            if (line.StartsWith("ack ", StringComparison.Ordinal) && Interlocked.Increment(ref acknowledged) % Pace == 0)
            {
                due.Release();
            }
        }

        Print("ready");
        var tasks = Enumerable.Range(0, CollectionWorkload.Writers).Select(w =>
        {
            var own = stored.Where(pair => CollectionWorkload.WriterOf(pair.Key) == w).ToDictionary();
            return Task.Run(() => new CrashWriter(db, w, seed, own, firstVersion, Print).RunAsync());
        }).Append(Task.Run(() => UpkeepLog.RunAsync(db, path, due, Print))).ToArray();
        try
        {
            // None ends but by failing: report the first failure at once, not when the others end.
            await await Task.WhenAny(tasks);
            return 0;
        }
        catch (Exception e)
        {
            Print(CrashLog.Fail(e.ToString()));
            return 1;
        }
    }
}
