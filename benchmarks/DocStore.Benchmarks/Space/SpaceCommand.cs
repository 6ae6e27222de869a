using System.Globalization;
using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Workloads;
using DocStore.Storage;

namespace DocStore.Benchmarks.Space;

/// <summary>
/// <c>space [--docs N] [--durable N] [--updates N] [--dir PATH]</c>: builds the compare harness's data sets
/// (the static people, durable single inserts, the update mix, a writer beside a long reader) and prints
/// <see cref="DocStoreContext.GetStatistics"/> for each, open and after a clean close: where the bytes go.
/// </summary>
internal static class SpaceCommand
{
    public static int Run(string[] args, TextWriter output)
    {
        var docs = Option(args, "--docs", 10_000);
        var durable = Option(args, "--durable", 2_000);
        var updates = Option(args, "--updates", 20_000);
        var root = args.SkipWhile(a => a != "--dir").Skip(1).FirstOrDefault() ?? Path.Combine(Path.GetTempPath(), "docstore-space-" + Environment.ProcessId);
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

    private static int Option(string[] args, string name, int fallback)
    {
        var index = Array.IndexOf(args, name);
        return index >= 0 && index + 1 < args.Length ? int.Parse(args[index + 1], CultureInfo.InvariantCulture) : fallback;
    }
}
