using DocStore.Bson.Model;
using DocStore.Storage;

namespace DocStore.CrashHost.Collections;

/// <summary>
/// The <c>compact</c> and <c>backup</c> modes: upkeep that the test kills at a random moment. Compaction
/// runs over and over on a database the test prepared; a backup is written while a writer inserts
/// sequential keys.
/// </summary>
public static class SpaceWorkload
{
    /// <summary>The options both modes open the database with (the test reopens it so).</summary>
    public static DocStoreOptions Options { get; } = new() { PageSize = 1024, Durability = Durability.Full, AutoCheckpointFrames = 300 };

    /// <summary>Compacts <paramref name="path"/> in place forever, printing <c>compacted</c> after each.</summary>
    /// <param name="path">The database file.</param>
    /// <returns>Never returns normally; the test kills the process.</returns>
    public static int Compact(string path)
    {
        using var db = DocStoreDatabase.Open(path, Options);
        Console.WriteLine("ready");
        Console.Out.Flush();
        while (true)
        {
            db.Compact();
            Console.WriteLine("compacted");
            Console.Out.Flush();
        }
    }

    /// <summary>
    /// Inserts keys 1, 2, ... into collection <c>seq</c> from one writer (printing <c>ack n</c> every 100),
    /// and from the first 500 on writes backups to <paramref name="destination"/> over and over, printing
    /// <c>backup</c> before and <c>backed-up</c> after each.
    /// </summary>
    /// <param name="path">The database file.</param>
    /// <param name="destination">Where the backups go.</param>
    /// <returns>Never returns normally; the test kills the process.</returns>
    public static async Task<int> BackupAsync(string path, string destination)
    {
        using var db = DocStoreDatabase.Open(path, Options);
        var seq = db.GetCollection("seq");
        var fiveHundred = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var writer = Task.Run(() =>
        {
            for (var n = seq.Count() + 1; ; n++)
            {
                seq.Insert(new BsonDocument { { "_id", n }, { "Body", new string('s', (int)(n % 500)) } });
                if (n >= 500)
                {
                    fiveHundred.TrySetResult();
                }

                if (n % 100 == 0)
                {
                    Console.WriteLine($"ack {n}");
                    Console.Out.Flush();
                }
            }
        });

        // The writer only ends by failing, which the await below then reports.
        await Task.WhenAny(fiveHundred.Task, writer);

        Console.WriteLine("ready");
        Console.Out.Flush();
        while (!writer.IsCompleted)
        {
            Console.WriteLine("backup");
            Console.Out.Flush();
            await db.BackupAsync(destination, overwrite: true);
            Console.WriteLine("backed-up");
            Console.Out.Flush();
        }

        await writer;
        return 0;
    }
}
