using System.Globalization;
using DocStore.Benchmarks.Commands;
using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Workloads;
using DocStore.Storage;

namespace DocStore.Benchmarks.Space;

/// <summary>
/// <c>space [--docs N] [--durable N] [--updates N] [--churn N] [--dir PATH]</c>: builds the compare
/// harness's data sets (the static people, durable single inserts, the update mix, a writer beside a long
/// reader) and prints <see cref="DocStoreContext.GetStatistics"/> for each, open and after a clean close:
/// where the bytes go. Then churns (inserts, updates, deletes) over the people and compacts.
/// </summary>
internal static class SpaceCommand
{
    public static int Run(string[] args, TextWriter output)
    {
        var docs = CommandArgs.Int(args, "--docs", 10_000);
        var durable = CommandArgs.Int(args, "--durable", 2_000);
        var updates = CommandArgs.Int(args, "--updates", 20_000);
        var churn = CommandArgs.Int(args, "--churn", 50_000);
        var root = CommandArgs.Text(args, "--dir") ?? Path.Combine(Path.GetTempPath(), "docstore-space-" + Environment.ProcessId);
        Directory.CreateDirectory(root);
        try
        {
            Scenario(output, root, $"static {docs} people (batches of 1,000)", Durability.Normal, db => Load(db, docs));
            Scenario(output, root, $"durable single inserts ({durable})", Durability.Full, db =>
            {
                for (var id = 1; id <= durable; id++)
                {
                    db.People.Insert(PersonFactory.Create(id, PeopleLoader.DefaultBioLength));
                }
            });
            Scenario(output, root, $"{updates} updates over {docs} people", Durability.Normal, db =>
            {
                Load(db, docs);
                Update(db, docs, updates, seed: 1);
            });
            Scenario(output, root, $"{updates} updates over {docs} people beside one long reader", Durability.Normal, db =>
            {
                Load(db, docs);
                using var reader = db.Engine.BeginRead();
                Update(db, docs, updates, seed: 2);
                output.WriteLine($"  with the reader still open: {db.GetStatistics().TotalFileBytes / 1048576.0:F2} MiB on disk");
            });
            Churn(output, root, docs, churn);
        }
        finally
        {
            Directory.Delete(root, recursive: true);
        }

        return 0;
    }

    private static void Scenario(TextWriter output, string root, string title, Durability durability, Action<BenchmarkDb> build)
    {
        var path = Path.Combine(root, Guid.NewGuid().ToString("N") + ".db");
        var options = new DocStoreOptions { Durability = durability };
        output.WriteLine($"== {title}");
        using (var db = BenchmarkDb.Open(path, options))
        {
            build(db);
            output.WriteLine("-- open:");
            output.Write(db.GetStatistics());
        }

        using (var db = BenchmarkDb.Open(path, options))
        {
            output.WriteLine("-- after a clean close:");
            output.Write(db.GetStatistics());
        }

        output.WriteLine();
    }

    // Inserts, updates and deletes at random over about `docs` live people, then Compact(), against a fresh
    // load of the same live people.
    private static void Churn(TextWriter output, string root, int docs, int operations)
    {
        var path = Path.Combine(root, "churn.db");
        var options = new DocStoreOptions { Durability = Durability.Normal };
        // A list with swap-removal, so picking a random live id costs O(1) at any scale.
        var live = new List<long>();
        var random = new Random(3);
        long next = docs + 1;
        var fresh = Path.Combine(root, "fresh.db");
        long churned;
        output.WriteLine($"== churn: {operations} inserts, updates and deletes over {docs} live people, then Compact()");
        using (var db = BenchmarkDb.Open(path, options))
        {
            Load(db, docs);
            live.AddRange(Enumerable.Range(1, docs).Select(i => (long)i));
            for (var op = 0; op < operations; op++)
            {
                var roll = random.Next(3);
                if ((roll == 0 && live.Count <= docs) || live.Count < docs / 2)
                {
                    db.People.Insert(PersonFactory.Create(next, PeopleLoader.DefaultBioLength));
                    live.Add(next++);
                }
                else if (roll == 1)
                {
                    var person = PersonFactory.Create(live[random.Next(live.Count)], PeopleLoader.DefaultBioLength + random.Next(-100, 300));
                    person.Age = PersonFactory.MinAge + random.Next(PersonFactory.AgeSpan);
                    db.People.Update(person);
                }
                else
                {
                    var at = random.Next(live.Count);
                    db.People.Delete(live[at]);
                    live[at] = live[^1];
                    live.RemoveAt(live.Count - 1);
                }
            }

            // The walk ends somewhat below the live size it started from; the file keeps the pages of its
            // high-water mark as free pages, so the live set is brought back to that size before comparing.
            var toppedUp = 0;
            for (; live.Count < docs; toppedUp++)
            {
                db.People.Insert(PersonFactory.Create(next, PeopleLoader.DefaultBioLength));
                live.Add(next++);
            }

            db.Engine.Checkpoint();
            output.WriteLine($"-- after the churn ({toppedUp} inserts at the end bring the live documents back to {docs}):");
            output.Write(db.GetStatistics());
            churned = new FileInfo(path).Length;

            // The fresh load holds exactly the live documents (updates changed their bios), in key order.
            using var freshDb = BenchmarkDb.Open(fresh, options);
            foreach (var chunk in db.People.FindAll().Chunk(1000))
            {
                freshDb.People.InsertMany(chunk);
            }

            var started = System.Diagnostics.Stopwatch.StartNew();
            db.Compact();
            output.WriteLine($"-- after Compact() ({started.ElapsedMilliseconds} ms):");
            output.Write(db.GetStatistics());
        }

        double freshBytes = new FileInfo(fresh).Length;
        output.WriteLine($"database file after the churn {churned / 1048576.0:F2} MiB ({churned / freshBytes:F2}x), compacted {new FileInfo(path).Length / 1048576.0:F2} MiB ({new FileInfo(path).Length / freshBytes:F2}x), a fresh load of the same {live.Count} documents {freshBytes / 1048576.0:F2} MiB");
        output.WriteLine();
    }

    private static void Load(BenchmarkDb db, int count)
    {
        var batch = new List<Person>(1000);
        for (long id = 1; id <= count; id++)
        {
            batch.Add(PersonFactory.Create(id, PeopleLoader.DefaultBioLength));
            if (batch.Count == 1000 || id == count)
            {
                db.People.InsertMany(batch);
                batch.Clear();
            }
        }
    }

    // The update mix's writes: Age (indexed) and Score change, one document per transaction.
    private static void Update(BenchmarkDb db, int count, int updates, int seed)
    {
        var random = new Random(seed);
        for (var i = 0; i < updates; i++)
        {
            var person = PersonFactory.Create(random.NextInt64(1, count + 1), PeopleLoader.DefaultBioLength);
            person.Age = PersonFactory.MinAge + random.Next(PersonFactory.AgeSpan);
            person.Score = random.Next(100);
            db.People.Update(person);
        }
    }
}
