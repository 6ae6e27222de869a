using DocStore.Bson.Model;
using DocStore.Storage;

namespace DocStore.CrashHost.Collections;

/// <summary>
/// The <c>spill</c> mode: transactions of a few thousand documents each under a spill bound of 16 pages, so
/// every one writes dozens of uncommitted batches to the WAL before its commit; one in four is rolled back
/// after spilling. Prints <c>begin id count</c>, <c>progress id n</c> after every hundred documents, then
/// <c>ack id</c> once committed or <c>rolled id</c>; the test kills the process after a random number of lines.
/// </summary>
public static class SpillWorkload
{
    /// <summary>The options the workload opens the database with (the test reopens it so).</summary>
    public static DocStoreOptions Options { get; } = new() { PageSize = 1024, Durability = Durability.Full, SpillThresholdPages = 16 };

    /// <summary>The collection of the transactions' documents: <c>Tx</c> names the transaction.</summary>
    public const string Documents = "docs";

    /// <summary>One document per committed transaction: its id and <c>Count</c>, the documents it wrote.</summary>
    public const string Markers = "markers";

    /// <summary>Runs transactions until killed.</summary>
    /// <param name="path">The database file.</param>
    /// <param name="seed">Seeds the sizes and the rollbacks.</param>
    /// <returns>The exit code.</returns>
    public static int Run(string path, int seed)
    {
        var random = new Random(seed);
        using var db = DocStoreDatabase.Open(path, Options);
        var documents = db.GetCollection(Documents, IndexDefinition.On("Tx"));
        var markers = db.GetCollection(Markers);
        Console.WriteLine("ready");
        Console.Out.Flush();

        // Each run (one seed per run) numbers its transactions apart from every other run's.
        var id = 1000 * seed + 1;
        while (true)
        {
            var count = random.Next(1000, 3000);
            var rollBack = random.Next(4) == 0;
            Console.WriteLine($"begin {id} {count}");
            Console.Out.Flush();
            using (var tx = db.BeginTransaction())
            {
                for (var i = 0; i < count; i++)
                {
                    documents.Insert(tx, new BsonDocument { { "_id", (long)id * 100_000 + i }, { "Tx", id }, { "Pad", new string((char)('a' + (i % 26)), 200) } });
                    if ((i + 1) % 100 == 0)
                    {
                        Console.WriteLine($"progress {id} {i + 1}");
                        Console.Out.Flush();
                    }
                }

                markers.Insert(tx, new BsonDocument { { "_id", id }, { "Count", count } });
                if (rollBack)
                {
                    tx.Rollback();
                    Console.WriteLine($"rolled {id}");
                }
                else
                {
                    tx.Commit();
                    Console.WriteLine($"ack {id}");
                }

                Console.Out.Flush();
            }

            id++;
        }
    }
}
