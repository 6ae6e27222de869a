using DocStore.Bson.Model;
using DocStore.Sql;
using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.Space;

/// <summary>
/// Every upkeep operation that takes a snapshot of "the last commit" (compaction, backups, dense copies,
/// checkpoints, statistics, integrity checks) run over and over beside typed and SQL writers that move money
/// between accounts, at every durability: no acknowledged transfer is lost from the database or missing from
/// a copy taken after it was acknowledged, and the total never changes. Upkeep is paced by counts of
/// acknowledged transfers, not by time.
/// </summary>
public sealed class UpkeepBesideWritersTests
{
    private const int Accounts = 20;
    private const long Opening = 1_000;
    private const int UpkeepRounds = 15;
    private const int TransfersBetweenUpkeep = 40;

    [Theory]
    [InlineData(Durability.Full)]
    [InlineData(Durability.Normal)]
    [InlineData(Durability.None)]
    public void Typed_and_sql_transfers_survive_compactions_backups_checkpoints_and_checks(Durability durability)
    {
        using var dir = new TempDirectory();
        var options = new DocStoreOptions { PageSize = 1024, Durability = durability, WriteLockTimeout = HangGuard.Limit };
        using var db = DocStoreDatabase.Open(dir.File("bank.db"), options);
        var accounts = db.GetCollection("accounts");
        var transfers = db.GetCollection("transfers");
        for (var a = 1; a <= Accounts; a++)
        {
            accounts.Insert(new BsonDocument { { "_id", a }, { "Balance", Opening } });
        }

        var acknowledged = new List<long>[4];
        var failures = new System.Collections.Concurrent.ConcurrentQueue<Exception>();
        long count = 0;
        var upkeepDone = false;
        var writers = Enumerable.Range(0, 4).Select(w =>
        {
            acknowledged[w] = [];
            return new Thread(() =>
            {
                try
                {
                    Transfer(w);
                }
                catch (Exception e)
                {
                    failures.Enqueue(e);
                }
            });

            void Transfer(int w)
            {
                var random = new Random(w);
                using var session = db.Sql.OpenSession();
                for (var i = 0; !Volatile.Read(ref upkeepDone); i++)
                {
                    var id = (w * 1_000_000L) + i;
                    var from = random.Next(1, Accounts + 1);
                    var to = (from % Accounts) + 1;
                    if (w < 2)
                    {
                        TypedTransfer(db, accounts, transfers, id, from, to, amount: 1 + (i % 7));
                    }
                    else
                    {
                        session.Execute(
                            "BEGIN; UPDATE accounts SET Balance = Balance - @amount WHERE _id = @from; UPDATE accounts SET Balance = Balance + @amount WHERE _id = @to; INSERT INTO transfers (_id, Amount) VALUES (@id, @amount); COMMIT",
                            new SqlParameters().Add("amount", 1 + (i % 7)).Add("from", from).Add("to", to).Add("id", id));
                    }

                    lock (acknowledged[w])
                    {
                        acknowledged[w].Add(id);
                    }

                    Interlocked.Increment(ref count);
                }
            }
        }).ToArray();
        foreach (var writer in writers)
        {
            writer.Start();
        }

        for (var round = 0; round < UpkeepRounds; round++)
        {
            // Writers keep going while each operation runs; it starts once they have acknowledged more.
            var seen = Interlocked.Read(ref count);
            Assert.True(SpinWait.SpinUntil(() => Interlocked.Read(ref count) >= seen + TransfersBetweenUpkeep || !failures.IsEmpty, HangGuard.Limit), "the writers stopped");
            Assert.Empty(failures);
            var before = Snapshot(acknowledged);
            switch (round % 5)
            {
                case 0:
                    db.Compact();
                    break;
                case 1:
                    AssertCopyHolds(db, dir.File($"backup{round}.db"), before, copy => db.Backup(copy));
                    break;
                case 2:
                    AssertCopyHolds(db, dir.File($"dense{round}.db"), before, copy => db.Compact(copy));
                    break;
                case 3:
                    db.Engine.Checkpoint();
                    Assert.True(db.GetStatistics().Collections.Count >= 2);
                    break;
                default:
                    var report = db.CheckIntegrity();
                    Assert.True(report.IsValid, report.ToString());
                    break;
            }
        }

        Volatile.Write(ref upkeepDone, true);
        foreach (var writer in writers)
        {
            writer.Join();
        }

        Assert.Empty(failures);
        AssertHolds(accounts, transfers, Snapshot(acknowledged));
        db.Compact();
        AssertHolds(accounts, transfers, Snapshot(acknowledged));
    }

    private static void TypedTransfer(DocStoreDatabase db, BsonCollection accounts, BsonCollection transfers, long id, int from, int to, int amount)
    {
        using var tx = db.BeginTransaction();
        var source = accounts.Get(tx, from)!;
        var target = accounts.Get(tx, to)!;
        source["Balance"] = CompactionTests.Long(source["Balance"]) - amount;
        target["Balance"] = CompactionTests.Long(target["Balance"]) + amount;
        accounts.Update(tx, source);
        accounts.Update(tx, target);
        transfers.Insert(tx, new BsonDocument { { "_id", id }, { "Amount", amount } });
        tx.Commit();
    }

    private static List<long> Snapshot(List<long>[] acknowledged)
    {
        var all = new List<long>();
        foreach (var list in acknowledged)
        {
            lock (list)
            {
                all.AddRange(list);
            }
        }

        return all;
    }

    // A copy taken after the transfers in `before` were acknowledged holds each of them, and the same total.
    private static void AssertCopyHolds(DocStoreDatabase db, string path, List<long> before, Action<string> write)
    {
        write(path);
        using var copy = DocStoreDatabase.Open(path, new DocStoreOptions { ReadOnly = true });
        var report = copy.CheckIntegrity();
        Assert.True(report.IsValid, report.ToString());
        AssertHolds(copy.GetCollection("accounts"), copy.GetCollection("transfers"), before, exact: false);
    }

    private static void AssertHolds(BsonCollection accounts, BsonCollection transfers, List<long> acknowledged, bool exact = true)
    {
        var missing = acknowledged.Where(id => transfers.Get(id) is null).ToList();
        Assert.True(missing.Count == 0, $"{missing.Count} of {acknowledged.Count} acknowledged transfers are missing, e.g. {string.Join(", ", missing.Take(5))}");
        if (exact)
        {
            Assert.Equal(acknowledged.Count, transfers.Count());
        }

        Assert.Equal(Accounts * Opening, accounts.FindAll().Sum(a => CompactionTests.Long(a["Balance"])));
    }
}
