using System.Globalization;
using DocStore.Bson.Model;

namespace DocStore.CrashHost.Soak;

/// <summary>
/// A writer process of the multi-process soak: random transactions over both collections (see
/// <see cref="SharedSoak"/>), one in ten rolled back, each printed as <c>begin</c> with its batch id, size
/// and commit number before it commits and <c>ack</c> after <c>Commit</c> returned, so the driver knows
/// every acknowledged commit and the one a kill may have left in flight. Every 15 commits it checkpoints
/// explicitly, between a <c>checkpointing</c> and a <c>ckpt</c> line. It runs until it is killed.
/// </summary>
internal static class SoakWriter
{
    private const int CheckpointEvery = 15;

    /// <summary>Writes batches named <paramref name="name"/>n1, n2, ... until killed.</summary>
    public static int Run(string path, string name, int seed)
    {
        var random = new Random(seed);
        using var db = DocStoreDatabase.Open(path, SharedSoak.WriterOptions);
        var accounts = db.GetCollection("accounts");
        var entries = db.GetCollection("entries");
        Say("ready");
        var committed = 0;
        for (var n = 1; ; n++)
        {
            var batch = string.Create(CultureInfo.InvariantCulture, $"{name}n{n}");
            try
            {
                using var tx = db.BeginTransaction();
                var meta = accounts.Get(tx, 0L) ?? throw new InvalidOperationException("the meta document is missing");
                var seq = meta["commits"].AsInt64 + 1;
                var from = random.Next(1, SharedSoak.Accounts + 1);
                var to = 1 + ((from + random.Next(SharedSoak.Accounts - 1)) % SharedSoak.Accounts);
                var amount = (long)random.Next(1, 60);
                Move(accounts, tx, from, -amount, batch);
                Move(accounts, tx, to, amount, batch);
                var size = 2 + random.Next(3);
                var documents = Enumerable.Range(1, size).Select(i => new BsonDocument
                {
                    { "_id", string.Create(CultureInfo.InvariantCulture, $"{batch}:{i}") },
                    { "batch", batch },
                    { "n", (long)size },
                    { "seq", seq },
                    { "code", string.Create(CultureInfo.InvariantCulture, $"c{seq}:{i}") },
                    { "account", i switch { 1 => (long)from, 2 => (long)to, _ => 0L } },
                    { "amount", i switch { 1 => -amount, 2 => amount, _ => 0L } },
                    { "pad", new string((char)('a' + (i % 26)), random.Next(10) == 0 ? random.Next(1500, 4000) : random.Next(0, 120)) },
                }).ToList();
                if (random.Next(2) == 0)
                {
                    entries.InsertMany(tx, documents);
                }
                else
                {
                    documents.ForEach(document => entries.Insert(tx, document));
                }

                meta["commits"] = seq;
                accounts.Update(tx, meta);
                if (random.Next(10) == 0)
                {
                    tx.Rollback();
                    Say($"rolled {batch}");
                    continue;
                }

                Say(string.Create(CultureInfo.InvariantCulture, $"begin {batch} {size} {seq}"));
                tx.Commit();
                Say(string.Create(CultureInfo.InvariantCulture, $"ack {batch} {seq}"));
            }
            catch (DatabaseBusyException e)
            {
                // Not expected within two minutes; the driver fails on it.
                Say($"bad busy {e.Message}");
                return 1;
            }

            if (++committed % CheckpointEvery == 0)
            {
                Say("checkpointing");
                Say($"ckpt {db.Engine.Checkpoint()}");
            }

            // Paced, so the data (and the readers' whole-snapshot checks) stay small enough for the test
            // suite's time; no decision rests on it.
            Thread.Sleep(random.Next(2, 25));
        }
    }

    private static void Move(BsonCollection accounts, DocStoreTransaction tx, long account, long amount, string batch)
    {
        var document = accounts.Get(tx, account) ?? throw new InvalidOperationException($"account {account} is missing");
        document["balance"] = document["balance"].AsInt64 + amount;
        document["last"] = batch;
        accounts.Update(tx, document);
    }

    /// <summary>Prints a line and flushes it, so the driver has it before any kill that follows.</summary>
    public static void Say(string line)
    {
        Console.WriteLine(line);
        Console.Out.Flush();
    }
}
