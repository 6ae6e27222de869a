using DocStore.Bson.Model;
using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.Space;

/// <summary><see cref="DocStoreContext.Compact()"/> and <see cref="DocStoreContext.Compact(string)"/>: dense, exact, and the database stays usable.</summary>
public sealed class CompactionTests
{
    private static readonly DocStoreOptions Options = new() { PageSize = 1024, Durability = Durability.Normal, WriteLockTimeout = HangGuard.Limit };

    private static int Operations => int.TryParse(Environment.GetEnvironmentVariable("DOCSTORE_CHURN_OPERATIONS"), out var n) ? n : 20_000;

    [Fact]
    public void Compaction_after_churn_comes_within_five_percent_of_a_fresh_load()
    {
        using var dir = new TempDirectory();
        var path = dir.File("churn.db");
        var live = new SortedDictionary<long, BsonDocument>();
        using (var db = DocStoreDatabase.Open(path, Options))
        {
            var items = Open(db);
            Churn(items, live, Operations, liveTarget: 2_000);
            var before = db.GetStatistics();
            db.Compact();
            var after = db.GetStatistics();
            Assert.True(after.PageCount < before.PageCount, $"pages {before.PageCount} -> {after.PageCount}");
            Assert.Equal(0, after.FreePages);
            Assert.Equal(live.Count, after["items"]!.DocumentCount);

            // Still usable: reads, index queries and writes through the same collection object.
            AssertHolds(items, live);
            items.Insert(new BsonDocument { { "Group", 1 }, { "Body", "after" } });
            Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
            items.Delete(live.Keys.Max() + 1);
        }

        var fresh = dir.File("fresh.db");
        using (var db = DocStoreDatabase.Open(fresh, Options))
        {
            var items = Open(db);
            items.InsertMany(live.Values);
        }

        var compacted = new FileInfo(path).Length;
        var loaded = new FileInfo(fresh).Length;
        Assert.True(compacted <= loaded * 1.05, $"compacted {compacted} bytes, a fresh load of the same documents {loaded}");

        using (var db = DocStoreDatabase.Open(path, Options))
        {
            AssertHolds(Open(db), live);
            Assert.True(db.CheckIntegrity().IsValid);
        }
    }

    [Fact]
    public void Key_sequences_indexes_and_catalog_survive_exactly()
    {
        using var dir = new TempDirectory();
        var path = dir.File("seq.db");
        using var db = DocStoreDatabase.Open(path, Options);
        var items = Open(db);
        var other = db.GetCollection("other", new BsonCollectionOptions { Indexes = [IndexDefinition.UniqueOn("Code")] });
        for (var i = 0; i < 300; i++)
        {
            items.Insert(new BsonDocument { { "Group", i % 7 }, { "Body", new string('x', i % 3 == 0 ? 3000 : 40) } });
            other.Insert(new BsonDocument { { "_id", $"k{i:D4}" }, { "Code", i } });
        }

        for (var i = 1; i <= 150; i++)
        {
            items.Delete(i * 2);
        }

        var keyBefore = Raw(db);
        db.Compact();
        Assert.Equal(keyBefore, Raw(db));

        // The sequence continues after the largest key ever handed out, not after the largest left.
        var next = items.Insert(new BsonDocument { { "Group", 0 } });
        Assert.Equal(301L, Long(next));
        Assert.Equal(Enumerable.Range(1, 300).Count(k => k % 2 == 1 && (k - 1) % 7 == 3), items.CountBy("Group", 3));
        Assert.Equal("k0042", other.FindOne("Code", 42)!["_id"].AsString);
        Assert.True(db.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_dense_copy_to_another_file_holds_the_same_documents()
    {
        using var dir = new TempDirectory();
        var live = new SortedDictionary<long, BsonDocument>();
        using var db = DocStoreDatabase.Open(dir.File("source.db"), Options);
        Churn(Open(db), live, 4_000, liveTarget: 500);
        var copy = dir.File("copy.db");
        db.Compact(copy);
        Assert.False(File.Exists(copy + ".partial"));
        using var opened = DocStoreDatabase.Open(copy, Options);
        AssertHolds(Open(opened), live);
        Assert.True(opened.CheckIntegrity().IsValid);
        Assert.Equal(0, opened.GetStatistics().FreePages);
    }

    [Fact]
    public async Task Compaction_waits_for_an_open_read_and_refuses_memory()
    {
        using var dir = new TempDirectory();
        using var db = DocStoreDatabase.Open(dir.File("wait.db"), new DocStoreOptions { PageSize = 1024, Durability = Durability.Normal, WriteLockTimeout = TimeSpan.FromMilliseconds(300) });
        var items = Open(db);
        items.Insert(new BsonDocument { { "Group", 1 } });
        using (var reader = db.Engine.BeginRead())
        {
            Assert.Throws<WriteLockTimeoutException>(db.Compact);
        }

        await db.CompactAsync();
        Assert.Equal(1, items.Count());
        using var memory = DocStoreDatabase.OpenInMemory(Options);
        Assert.Throws<NotSupportedException>(memory.Compact);
    }

    [Fact]
    public async Task Readers_and_a_writer_carry_on_across_compactions()
    {
        using var dir = new TempDirectory();
        using var db = DocStoreDatabase.Open(dir.File("busy.db"), Options);
        var items = Open(db);
        var live = new SortedDictionary<long, BsonDocument>();
        Churn(items, live, 3_000, liveTarget: 800);
        var fixedKeys = live.Keys.ToArray();
        long written = 0;
        var reads = new long[2];
        using var stop = new CancellationTokenSource();
        var readers = Enumerable.Range(0, 2).Select(r => Task.Run(() =>
        {
            var random = new Random(r);
            while (!stop.IsCancellationRequested)
            {
                var key = fixedKeys[random.Next(fixedKeys.Length)];
                Assert.Equal(live[key]["Body"].AsString, items.Get(key)!["Body"].AsString);
                Interlocked.Increment(ref reads[r]);
            }

            return Interlocked.Read(ref reads[r]);
        })).ToArray();
        var writer = Task.Run(() =>
        {
            while (!stop.IsCancellationRequested)
            {
                items.Insert(new BsonDocument { { "Group", 99 }, { "Body", "w" } });
                Interlocked.Increment(ref written);
            }
        });

        // Before each compaction, every reader and the writer get more work done since the last one: the
        // compactions land among them, counted in their work rather than in time.
        for (var i = 0; i < 3; i++)
        {
            var (readsThen, writtenThen) = (Enumerable.Range(0, 2).Select(r => Interlocked.Read(ref reads[r])).ToArray(), Interlocked.Read(ref written));
            await HangGuard.UntilAsync(
                () => Enumerable.Range(0, 2).All(r => Interlocked.Read(ref reads[r]) >= readsThen[r] + 20) && Interlocked.Read(ref written) >= writtenThen + 20
                    || readers.Any(t => t.IsCompleted) || writer.IsCompleted,
                $"reads and writes before compaction {i + 1}");
            await db.CompactAsync();
        }

        await stop.CancelAsync();
        await writer;
        Assert.All(await Task.WhenAll(readers), reads => Assert.True(reads > 0));
        Assert.Equal(Interlocked.Read(ref written), items.CountBy("Group", 99));
        Assert.Equal(live.Count + Interlocked.Read(ref written), items.Count());
        Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
    }

    internal static long Long(BsonValue value) => value is BsonInt32 small ? small.Value : value.AsInt64;

    internal static BsonCollection Open(DocStoreContext db) =>
        db.GetCollection("items", new BsonCollectionOptions { KeyGeneration = KeyGeneration.Sequence, Indexes = [IndexDefinition.On("Group")] });

    // Inserts, updates (growing and shrinking) and deletes over a live set of about liveTarget documents.
    internal static void Churn(BsonCollection items, SortedDictionary<long, BsonDocument> live, int operations, int liveTarget)
    {
        var random = new Random(7);
        for (var op = 0; op < operations; op++)
        {
            var roll = random.Next(100);
            if (live.Count < liveTarget && roll < 60 || live.Count == 0)
            {
                var document = new BsonDocument { { "Group", random.Next(50) }, { "Body", new string('i', random.Next(20, 400)) } };
                var key = Long(items.Insert(document));
                document["_id"] = key;
                live[key] = document;
            }
            else if (roll < 80)
            {
                var key = live.Keys.ElementAt(random.Next(live.Count));
                var document = new BsonDocument { { "_id", key }, { "Group", random.Next(50) }, { "Body", new string('u', random.Next(20, 400)) } };
                Assert.True(items.Update(document));
                live[key] = document;
            }
            else
            {
                var key = live.Keys.ElementAt(random.Next(live.Count));
                Assert.True(items.Delete(key));
                live.Remove(key);
            }
        }
    }

    internal static void AssertHolds(BsonCollection items, SortedDictionary<long, BsonDocument> live)
    {
        Assert.Equal(live.Count, items.Count());
        foreach (var (key, document) in live)
        {
            var stored = items.Get(key);
            Assert.NotNull(stored);
            Assert.Equal(document["Body"].AsString, stored["Body"].AsString);
            Assert.Equal(document["Group"].AsInt32, stored["Group"].AsInt32);
        }

        var group = live.Values.First()["Group"].AsInt32;
        Assert.Equal(live.Values.Count(d => d["Group"].AsInt32 == group), items.CountBy("Group", group));
    }

    private static List<string> Raw(DocStoreContext db)
    {
        using var tx = db.Engine.BeginRead();
        var lines = new List<string>();
        foreach (var (name, _) in global::DocStore.BTree.TreeDirectory.TreeRoots(tx))
        {
            var cursor = global::DocStore.BTree.TreeDirectory.OpenTree(tx, name)!.CreateCursor();
            for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
            {
                lines.Add(name + ":" + Convert.ToHexString(cursor.Key) + "=" + Convert.ToHexString(cursor.Value.Span));
            }
        }

        return lines;
    }
}
