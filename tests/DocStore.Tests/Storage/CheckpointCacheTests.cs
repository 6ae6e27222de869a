using DocStore.BTree;
using DocStore.Engine;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage;

/// <summary>
/// A write-heavy run keeps the current versions of its pages cached (the versions its commits replaced go
/// first), so a checkpoint copies them without reading the WAL back, and afterwards finds them as the file's
/// images without reading the file back.
/// </summary>
public sealed class CheckpointCacheTests
{
    private const int Keys = 600;

    [Fact]
    public void A_checkpoint_after_many_commits_to_one_page_reads_nothing_back_from_the_wal()
    {
        var wal = new CountingStorageDevice("c.db-wal");
        using var engine = TestDatabase.Open(new CountingStorageDevice("c.db"), wal, TestDatabase.Small(cachePages: 64, autoCheckpoint: 0));
        LoadThenUpdateOneKey(engine);

        var before = wal.Reads;
        Assert.True(engine.Checkpoint());
        Assert.Equal(before, wal.Reads);
        AssertAllKeys(engine);
    }

    [Fact]
    public void Pages_a_checkpoint_copied_are_read_afterwards_without_reading_the_file()
    {
        var db = new CountingStorageDevice("f.db");
        using var engine = TestDatabase.Open(db, new CountingStorageDevice("f.db-wal"), TestDatabase.Small(cachePages: 64, autoCheckpoint: 0));
        LoadThenUpdateOneKey(engine);
        Assert.True(engine.Checkpoint());

        var before = db.Reads;
        AssertAllKeys(engine);
        Assert.Equal(before, db.Reads);
        Assert.True(engine.CheckIntegrity().IsValid);
    }

    // 600 keys fill about twenty 1 KiB leaves; then 500 commits change only key 0, each replacing that
    // leaf's version (and the tree's root), far more versions than the 64-page cache holds.
    private static void LoadThenUpdateOneKey(StorageEngine engine)
    {
        using (var tx = engine.BeginWrite())
        {
            var tree = tx.OpenOrCreateTree("t");
            for (var key = 0; key < Keys; key++)
            {
                tree.Put(TestDatabase.Key(key), TestDatabase.Value(key));
            }

            tx.Commit();
        }

        for (var i = 1; i <= 500; i++)
        {
            TestDatabase.CommitPut(engine, 0, Keys + i, 20);
        }
    }

    private static void AssertAllKeys(StorageEngine engine)
    {
        using var reader = engine.BeginRead();
        var tree = reader.OpenTree("t")!;
        for (var key = 0; key < Keys; key++)
        {
            Assert.True(tree.TryGet(TestDatabase.Key(key), out var value), $"key {key}");
            Assert.Equal(TestDatabase.Value(key == 0 ? Keys + 500 : key), value.ToArray());
        }
    }
}
