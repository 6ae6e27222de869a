using DocStore.Storage;

namespace DocStore.CrashHost.Collections;

/// <summary>
/// The <c>collections</c> mode: two concurrent writers insert, update, upsert and delete
/// <see cref="CrashItem"/> documents (writer 0 the even keys, writer 1 the odd ones, so each writer's
/// log alone decides its keys' state) in auto-commit and explicit transactions, printing
/// <see cref="CrashLog"/> lines, until the test kills the process.
/// </summary>
public static class CollectionWorkload
{
    /// <summary>The number of concurrent writers.</summary>
    public const int Writers = 2;

    /// <summary>Small pages and a small cache, so trees are deep, payloads overflow and pages get evicted mid-transaction.</summary>
    public static DocStoreOptions Options { get; } = new() { PageSize = 1024, CacheSizePages = 64, Durability = Durability.Full };

    /// <summary>The writer that owns key <paramref name="id"/>: keys 1, 3, 5, ... are writer 0's, 2, 4, 6, ... writer 1's.</summary>
    /// <param name="id">The key.</param>
    /// <returns>The writer.</returns>
    public static int WriterOf(int id) => (id - 1) % Writers;

    /// <summary>Runs the writers until the process is killed (or one meets an unexpected outcome).</summary>
    /// <param name="path">The database file.</param>
    /// <param name="seed">Seeds the writers' choices.</param>
    /// <returns>The exit code: 1 after a failure.</returns>
    public static async Task<int> RunAsync(string path, int seed)
    {
        using var db = CrashDb.Open(path, Options);

        // A previous run's last transaction may or may not have committed: the file says which.
        var stored = db.CrashItems.FindAll().ToDictionary(item => item.Id, item => item.Version);
        var firstVersion = stored.Count == 0 ? 1 : stored.Values.Max() + 1;
        var output = new Lock();
        Print(output, "ready");
        var writers = Enumerable.Range(0, Writers).Select(w =>
        {
            var own = stored.Where(pair => WriterOf(pair.Key) == w).ToDictionary();
            return Task.Run(() => new CrashWriter(db, w, seed, own, firstVersion, line => Print(output, line)).RunAsync());
        }).ToArray();
        try
        {
            await Task.WhenAll(writers);
            return 0;
        }
        catch (Exception e)
        {
            Print(output, CrashLog.Fail(e.ToString()));
            return 1;
        }
    }

    private static void Print(Lock output, string line)
    {
        lock (output)
        {
            Console.WriteLine(line);
            Console.Out.Flush();
        }
    }
}
