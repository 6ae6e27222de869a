using DocStore.Bson.Model;
using DocStore.Storage;

namespace DocStore.CrashHost.Collections;

/// <summary>
/// Backups from another process (<see cref="DocStoreContext.BackupFile"/>): the <c>seqwrite</c> mode is the
/// application that keeps writing, the <c>backupfile</c> mode a backup tool the test may kill.
/// </summary>
public static class BackupFileWorkload
{
    /// <summary>The writer's options: small pages and a small journal, so checkpoints and restarts happen often.</summary>
    public static DocStoreOptions WriterOptions { get; } = new()
    {
        PageSize = 1024,
        Durability = Durability.Full,
        AutoCheckpointFrames = 64,
        JournalSizeLimit = 64 * 1024,
    };

    /// <summary>
    /// Inserts keys 1, 2, ... (after those already there) into collection <c>seq</c>, one commit each,
    /// printing <c>ack n</c> once insert <c>n</c> is acknowledged (<c>ready</c> first).
    /// </summary>
    /// <param name="path">The database file.</param>
    /// <param name="redoLog">Whether commits go through the redo log (the default) or the WAL's own fsync.</param>
    /// <returns>Never returns normally; the test kills the process.</returns>
    public static int Write(string path, bool redoLog = true)
    {
        var o = WriterOptions;
        using var db = DocStoreDatabase.Open(path, new DocStoreOptions
        {
            PageSize = o.PageSize,
            Durability = o.Durability,
            AutoCheckpointFrames = o.AutoCheckpointFrames,
            JournalSizeLimit = o.JournalSizeLimit,
            RedoLog = redoLog,
        });
        var seq = db.GetCollection("seq");
        Console.WriteLine("ready");
        Console.Out.Flush();
        for (var n = seq.Count() + 1; ; n++)
        {
            seq.Insert(new BsonDocument { { "_id", n }, { "Body", new string('s', (int)(n % 300)) } });
            Console.WriteLine($"ack {n}");
            Console.Out.Flush();
        }
    }

    /// <summary>Backs <paramref name="path"/> up to <paramref name="destination"/> over and over, printing <c>backup</c> before and <c>backed-up</c> after each.</summary>
    /// <param name="path">The database another process writes.</param>
    /// <param name="destination">Where the copies go.</param>
    /// <returns>Never returns normally; the test kills the process.</returns>
    public static int Backup(string path, string destination)
    {
        while (true)
        {
            Console.WriteLine("backup");
            Console.Out.Flush();
            DocStoreContext.BackupFile(path, destination);
            Console.WriteLine("backed-up");
            Console.Out.Flush();
        }
    }
}
