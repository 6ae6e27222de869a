using DocStore.Benchmarks.Compare.Data;
using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Tests.Support;

namespace DocStore.Tests.Crash;

/// <summary>
/// The redo records of a typed collection's writes (a document, its index entries, new field names) rebuild
/// exactly the trees the writes made, when every WAL frame since the last checkpoint is lost.
/// </summary>
public sealed class RedoCollectionReplayTests
{
    [Fact]
    public void Replaying_a_collections_redo_records_on_the_last_checkpoint_gives_the_same_trees()
    {
        using var temp = new TempDirectory();
        using var db = BenchmarkDb.Open(temp.File("people.db"), new DocStoreOptions { Durability = Durability.Full });
        db.People.Insert(PersonFactory.Create(1, 40));
        Assert.True(db.Engine.Checkpoint());
        var pager = db.Engine.Pager;
        Assert.Equal(0, pager.RedoRecordCount);

        // Single inserts (announced ahead of their changes), a batch, updates that move index entries, deletes.
        for (var id = 2; id <= 40; id++)
        {
            db.People.Insert(PersonFactory.Create(id, 40 + id));
        }

        db.People.InsertMany(Enumerable.Range(41, 20).Select(id => PersonFactory.Create(id, 30)));
        for (var id = 5; id <= 15; id++)
        {
            var person = db.People.Get(id)!;
            person.Age += 7;
            person.Tags = [.. person.Tags, "extra"];
            Assert.True(db.People.Update(person));
        }

        for (var id = 20; id <= 25; id++)
        {
            Assert.True(db.People.Delete(id));
        }

        Assert.True(pager.RedoRecordCount >= 57);

        // Each single insert but the first (whose new field names the commit adds), update and delete started its
        // record before changing the trees, and changed exactly what it announced.
        Assert.Equal(39 + 11 + 6, pager.Counters.RedoEarlyStarts);
        Assert.Equal(0, pager.Counters.RedoRewrites);

        // What a power cut could leave: the database file of the checkpoint, the WAL's header without a single
        // frame, and the redo log.
        var recovered = StorageEngine.Open(
            new MemoryStorageDevice("people.db", Contents(pager.DbDevice!)),
            new MemoryStorageDevice("people.db-wal", Contents(pager.WalDevice!)[..32]),
            new MemoryStorageDevice("people.db-redo", Contents(pager.RedoDevice!)),
            new StorageOptions { Durability = Durability.Full });
        using (recovered)
        {
            Assert.Equal(Dump(db.Engine), Dump(recovered));
            var report = recovered.CheckIntegrity();
            Assert.True(report.IsValid, report.ToString());
        }
    }

    private static byte[] Contents(IStorageDevice device)
    {
        var bytes = new byte[device.Length];
        Assert.Equal(bytes.Length, device.Read(0, bytes));
        return bytes;
    }

    // Every tree's entries, the catalog's included, as text that an assertion can compare and print.
    private static List<string> Dump(StorageEngine engine)
    {
        using var tx = engine.BeginRead();
        var lines = new List<string>();
        AddEntries(lines, TreeDirectory.CatalogTreeName, tx.CatalogTree());
        foreach (var name in tx.GetTreeNames())
        {
            if (tx.OpenTree(name) is { } tree)
            {
                AddEntries(lines, name, tree);
            }
        }

        return lines;
    }

    private static void AddEntries(List<string> lines, string name, Tree tree)
    {
        var cursor = tree.CreateCursor();
        for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
        {
            lines.Add($"{name} {Convert.ToHexString(cursor.Key)} {Convert.ToHexString(cursor.Value.Span)}");
        }
    }
}
