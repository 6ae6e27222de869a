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

    /// <summary>Accounts in collection <c>bank</c>: each commit moves money between two of them, so a copy mixing two snapshots' pages shows a wrong total.</summary>
    public const int Accounts = 16;

    /// <summary>What the accounts hold together, in every consistent state.</summary>
    public const long Total = Accounts * 1000;

    /// <summary>
    /// Inserts keys 1, 2, ... (after those already there) into collection <c>seq</c>, each in a transaction
    /// that also moves an amount between two accounts of <c>bank</c> (documents of about a page each, so
    /// on different pages), printing <c>ack n</c> once commit <c>n</c> is acknowledged (<c>ready</c> first).
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
        var bank = db.GetCollection("bank");
        if (bank.Count() == 0)
        {
            using var setup = db.BeginTransaction();
            for (var a = 0; a < Accounts; a++)
            {
                bank.Insert(setup, new BsonDocument { { "_id", a }, { "Balance", Total / Accounts }, { "Pad", new string('p', 700) } });
            }

            setup.Commit();
        }

        Console.WriteLine("ready");
        Console.Out.Flush();
        for (var n = seq.Count() + 1; ; n++)
        {
            using (var tx = db.BeginTransaction())
            {
                seq.Insert(tx, new BsonDocument { { "_id", n }, { "Body", new string('s', (int)(n % 300)) } });
                var from = bank.Get(tx, (int)(n % Accounts))!;
                var to = bank.Get(tx, (int)((n * 7 + 3) % Accounts))!;
                if (from["_id"].AsInt32 != to["_id"].AsInt32)
                {
                    var amount = n % 50;
                    from["Balance"] = from["Balance"].AsInt64 - amount;
                    to["Balance"] = to["Balance"].AsInt64 + amount;
                    bank.Update(tx, from);
                    bank.Update(tx, to);
                }

                tx.Commit();
            }

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
            DocStoreContext.BackupFile(path, destination, overwrite: true);
            Console.WriteLine("backed-up");
            Console.Out.Flush();
        }
    }
}
