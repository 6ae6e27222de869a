using System.Buffers.Binary;
using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.BTree;

/// <summary>
/// Inserts, updates and deletes over a fixed number of live documents leave a file not much larger than a
/// fresh load of the same documents: freed pages are reused, and deletes merge thinned-out pages (the
/// churn ends near 1.38x here; the bound leaves room for the random sizes, not for regressions). Runs
/// 20,000 operations over 2,000 documents by default; DOCSTORE_CHURN_OPS and DOCSTORE_CHURN_LIVE scale it
/// (1000000 and 10000 for the full churn).
/// </summary>
public sealed class ChurnSpaceTests
{
    [Fact]
    public void Churn_over_a_fixed_live_set_ends_within_1_35x_of_a_fresh_load()
    {
        var ops = int.TryParse(Environment.GetEnvironmentVariable("DOCSTORE_CHURN_OPS"), out var o) ? o : 20_000;
        var liveCount = int.TryParse(Environment.GetEnvironmentVariable("DOCSTORE_CHURN_LIVE"), out var l) ? l : 2_000;
        using var dir = new TempDirectory();
        var options = new StorageOptions { Durability = Durability.Normal };
        var random = new Random(11);
        var live = new Dictionary<long, (byte[] Value, byte[] IndexKey)>();
        var ids = new List<long>();
        long next = 1;
        var churned = dir.File("churned.db");
        uint freePages;
        using (var engine = StorageEngine.Open(churned, options))
        {
            using (var tx = engine.BeginWrite())
            {
                tx.CreateTree("docs");
                tx.CreateTree("index");
                tx.Commit();
            }

            for (var i = 0; i < liveCount; i++)
            {
                Insert(engine, live, ids, next++, random);
            }

            for (var i = 0; i < ops; i++)
            {
                var at = random.Next(ids.Count);
                var id = ids[at];
                switch (random.Next(3))
                {
                    case 0:
                        // A document leaves and a new one arrives at the end of the key range.
                        Delete(engine, live, id);
                        ids[at] = ids[^1];
                        ids.RemoveAt(ids.Count - 1);
                        Insert(engine, live, ids, next++, random);
                        break;
                    case 1:
                        // An update that changes the document's size and its index key.
                        Delete(engine, live, id);
                        ids[at] = ids[^1];
                        ids.RemoveAt(ids.Count - 1);
                        Insert(engine, live, ids, id, random);
                        break;
                    default:
                        Update(engine, live, id, random);
                        break;
                }
            }

            Assert.True(engine.CheckIntegrity().IsValid);
            Check(engine, live);
            using var read = engine.BeginRead();
            var header = read.ReadPage(0);
            freePages = DocStore.Storage.Pages.HeaderPage.GetFreeCount(header);
        }

        var fresh = dir.File("fresh.db");
        using (var engine = StorageEngine.Open(fresh, options))
        {
            using var tx = engine.BeginWrite();
            var docs = tx.CreateTree("docs");
            var index = tx.CreateTree("index");
            foreach (var (id, (value, indexKey)) in live.OrderBy(e => e.Key))
            {
                docs.Put(Key(id), value);
                index.Put(indexKey, []);
            }

            tx.Commit();
        }

        var churnedBytes = new FileInfo(churned).Length;
        var freshBytes = new FileInfo(fresh).Length;
        Assert.True(churnedBytes <= freshBytes * 135 / 100, $"churned {churnedBytes} bytes ({freePages} pages free), fresh load {freshBytes} bytes");
    }

    private static void Insert(StorageEngine engine, Dictionary<long, (byte[], byte[])> live, List<long> ids, long id, Random random)
    {
        var value = new byte[200 + random.Next(400)];
        random.NextBytes(value);
        var indexKey = new byte[12];
        random.NextBytes(indexKey.AsSpan(0, 4));
        BinaryPrimitives.WriteInt64BigEndian(indexKey.AsSpan(4), id);
        using var tx = engine.BeginWrite();
        tx.OpenTree("docs")!.Put(Key(id), value);
        tx.OpenTree("index")!.Put(indexKey, []);
        tx.Commit();
        live[id] = (value, indexKey);
        ids.Add(id);
    }

    private static void Update(StorageEngine engine, Dictionary<long, (byte[] Value, byte[] IndexKey)> live, long id, Random random)
    {
        var value = new byte[200 + random.Next(400)];
        random.NextBytes(value);
        using var tx = engine.BeginWrite();
        tx.OpenTree("docs")!.Put(Key(id), value);
        tx.Commit();
        live[id] = (value, live[id].IndexKey);
    }

    private static void Delete(StorageEngine engine, Dictionary<long, (byte[] Value, byte[] IndexKey)> live, long id)
    {
        using var tx = engine.BeginWrite();
        Assert.True(tx.OpenTree("docs")!.Delete(Key(id)));
        Assert.True(tx.OpenTree("index")!.Delete(live[id].IndexKey));
        tx.Commit();
        live.Remove(id);
    }

    private static void Check(StorageEngine engine, Dictionary<long, (byte[] Value, byte[] IndexKey)> live)
    {
        using var tx = engine.BeginRead();
        var docs = tx.OpenTree("docs")!;
        var index = tx.OpenTree("index")!;
        var count = 0;
        var cursor = docs.CreateCursor();
        for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
        {
            count++;
        }

        Assert.Equal(live.Count, count);
        foreach (var (id, (value, indexKey)) in live)
        {
            Assert.True(docs.TryGet(Key(id), out var stored));
            Assert.True(stored.Span.SequenceEqual(value));
            Assert.True(index.TryGet(indexKey, out _));
        }
    }

    private static byte[] Key(long id)
    {
        var key = new byte[8];
        BinaryPrimitives.WriteInt64BigEndian(key, id);
        return key;
    }
}
