using DocStore.Bson.Model;
using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.Space;

/// <summary><see cref="DocStoreContext.Backup"/>: one snapshot's documents, exactly, while writers go on.</summary>
public sealed class BackupTests
{
    private static readonly DocStoreOptions Options = new() { PageSize = 1024, Durability = Durability.Normal, AutoCheckpointFrames = 200 };

    [Fact]
    public async Task A_backup_under_concurrent_writers_holds_a_gapless_prefix_of_each_writer()
    {
        using var dir = new TempDirectory();
        using var db = DocStoreDatabase.Open(dir.File("live.db"), Options);
        var collections = new[] { db.GetCollection("a", IndexDefinition.On("N")), db.GetCollection("b", IndexDefinition.On("N")) };
        var committed = new long[2];
        using var stop = new CancellationTokenSource();
        var writers = Enumerable.Range(0, 2).Select(w => Task.Run(() =>
        {
            for (long n = 1; !stop.IsCancellationRequested; n++)
            {
                collections[w].Insert(new BsonDocument { { "_id", n }, { "N", n }, { "Body", new string((char)('a' + w), (int)(n % 300)) } });
                Volatile.Write(ref committed[w], n);
            }
        })).ToArray();

        await HangGuard.UntilAsync(
            () => Volatile.Read(ref committed[0]) >= 2_000 && Volatile.Read(ref committed[1]) >= 2_000 || writers.Any(w => w.IsCompleted),
            "2,000 commits of each writer");

        // A backup can be quicker than the writers' next commit on a loaded machine; repeat it (each replaces
        // the last) until one overlapped commits, which is what this test is about.
        var backup = dir.File("backup.db");
        long[] atStart, atEnd;
        var attempts = 0;
        do
        {
            atStart = committed.Select(c => Volatile.Read(ref c)).ToArray();
            await db.BackupAsync(backup, overwrite: true);
            atEnd = committed.Select(c => Volatile.Read(ref c)).ToArray();
        }
        while (atEnd[0] == atStart[0] && atEnd[1] == atStart[1] && ++attempts < 50);

        await stop.CancelAsync();
        await Task.WhenAll(writers);
        Assert.True(atEnd[0] > atStart[0] || atEnd[1] > atStart[1], "the writers did not commit during the backup");

        Assert.False(File.Exists(backup + ".partial"));
        using var copy = DocStoreDatabase.Open(backup, Options);
        for (var w = 0; w < 2; w++)
        {
            var collection = copy.GetCollection(w == 0 ? "a" : "b", IndexDefinition.On("N"));
            var keys = collection.Scan().Select(d => d["_id"].AsInt64).ToList();
            // A commit is visible to the backup's snapshot a moment before its writer records it, so the copy
            // may hold one document more than the last count read.
            Assert.InRange(keys.Count, atStart[w], atEnd[w] + 1);
            Assert.Equal(Enumerable.Range(1, keys.Count).Select(i => (long)i), keys);
            var last = collection.Get(keys[^1])!;
            Assert.Equal(new string((char)('a' + w), (int)(keys[^1] % 300)), last["Body"].AsString);
            Assert.Equal(1, collection.CountBy("N", keys[^1]));
        }

        Assert.True(copy.CheckIntegrity().IsValid, copy.CheckIntegrity().ToString());
    }

    [Fact]
    public void An_in_memory_database_is_saved_and_a_backup_replaces_an_older_one_only_when_asked()
    {
        using var dir = new TempDirectory();
        var path = dir.File("saved.db");
        using var memory = DocStoreDatabase.OpenInMemory(Options);
        var items = memory.GetCollection("items");
        items.Insert(new BsonDocument { { "_id", 1 } });
        memory.Backup(path);
        var older = File.ReadAllBytes(path);
        items.Insert(new BsonDocument { { "_id", 2 } });

        var refused = Assert.Throws<IOException>(() => memory.Backup(path));
        Assert.Contains("exists", refused.Message);
        Assert.False(File.Exists(path + ".partial"));
        Assert.Equal(older, File.ReadAllBytes(path));

        memory.Backup(path, overwrite: true);
        using var copy = DocStoreDatabase.Open(path, Options);
        Assert.Equal(2, copy.GetCollection("items").Count());
    }

    [Fact]
    public async Task The_async_backups_refuse_an_existing_file_unless_asked()
    {
        using var dir = new TempDirectory();
        var path = dir.File("live.db");
        using (var db = DocStoreDatabase.Open(path, Options))
        {
            db.GetCollection("items").Insert(new BsonDocument { { "_id", 1 } });
            var taken = dir.File("taken.db");
            File.WriteAllText(taken, "not a database");

            await Assert.ThrowsAsync<IOException>(async () => await db.BackupAsync(taken));
            Assert.Equal("not a database", File.ReadAllText(taken));
            await db.BackupAsync(taken, overwrite: true);
        }

        var copy = dir.File("file-copy.db");
        File.WriteAllText(copy, "not a database");
        await Assert.ThrowsAsync<IOException>(async () => await DocStoreContext.BackupFileAsync(path, copy));
        Assert.Throws<IOException>(() => DocStoreContext.BackupFile(path, copy));
        Assert.Equal("not a database", File.ReadAllText(copy));
        await DocStoreContext.BackupFileAsync(path, copy, overwrite: true);
        using var reopened = DocStoreDatabase.Open(copy, Options);
        Assert.Equal(1, reopened.GetCollection("items").Count());
    }

    [Fact]
    public void Refuses_its_own_file_and_a_destination_with_logs_beside_it()
    {
        using var dir = new TempDirectory();
        var path = dir.File("self.db");
        using var db = DocStoreDatabase.Open(path, Options);
        db.GetCollection("items").Insert(new BsonDocument { { "_id", 1 } });
        Assert.Throws<ArgumentException>(() => db.Backup(path));
        var other = dir.File("other.db");
        File.WriteAllBytes(other + "-wal", [1, 2, 3]);
        Assert.Throws<IOException>(() => db.Backup(other));
        Assert.False(File.Exists(other));
        Assert.True(db.CheckIntegrity().IsValid);
    }

    [Fact]
    public async Task A_cancelled_backup_leaves_nothing_behind()
    {
        using var dir = new TempDirectory();
        using var db = DocStoreDatabase.Open(dir.File("c.db"), Options);
        db.GetCollection("items").Insert(new BsonDocument { { "_id", 1 } });
        using var cancelled = new CancellationTokenSource();
        await cancelled.CancelAsync();
        var backup = dir.File("backup.db");
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await db.BackupAsync(backup, cancelled.Token));
        Assert.False(File.Exists(backup));
        Assert.False(File.Exists(backup + ".partial"));
    }
}
