using DocStore.Bson.Model;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Tests.Support;

namespace DocStore.Tests.Space;

/// <summary>
/// <see cref="DocStoreContext.BackupFile"/> in one process: of a closed database, of one a context here
/// keeps writing (the same lock protocol as across processes: flocks of two handles conflict whatever
/// process holds them), and its refusals. Across processes: Crash/CrossProcessBackupTests.
/// </summary>
public sealed class BackupFileTests
{
    private static readonly DocStoreOptions Options = new() { PageSize = 1024, Durability = Durability.Normal, AutoCheckpointFrames = 32, JournalSizeLimit = 64 * 1024 };

    [Fact]
    public async Task Backs_up_a_database_a_context_in_this_process_keeps_writing()
    {
        using var dir = new TempDirectory();
        var path = dir.File("live.db");
        using var db = DocStoreDatabase.Open(path, Options);
        var seq = db.GetCollection("seq", IndexDefinition.On("N"));
        long committed = 0;
        using var stop = new CancellationTokenSource();
        var writer = Task.Run(() =>
        {
            for (long n = 1; !stop.IsCancellationRequested; n++)
            {
                seq.Insert(new BsonDocument { { "_id", n }, { "N", n }, { "Body", new string('w', (int)(n % 300)) } });
                Volatile.Write(ref committed, n);
            }
        });
        await HangGuard.UntilAsync(() => Volatile.Read(ref committed) >= 1_000 || writer.IsCompleted, "the writer's first 1,000 commits");

        for (var round = 0; round < 3; round++)
        {
            var backup = dir.File($"copy{round}.db");
            var atStart = Volatile.Read(ref committed);
            await DocStoreContext.BackupFileAsync(path, backup);
            var atEnd = Volatile.Read(ref committed);

            using var copy = DocStoreDatabase.Open(backup, new DocStoreOptions { ReadOnly = true });
            Assert.True(copy.CheckIntegrity().IsValid, copy.CheckIntegrity().ToString());
            var keys = copy.GetCollection("seq", IndexDefinition.On("N")).Scan().Select(d => d["_id"].AsInt64).ToList();
            Assert.InRange(keys.Count, atStart, atEnd + 1);
            Assert.Equal(Enumerable.Range(1, keys.Count).Select(i => (long)i), keys);
        }

        await stop.CancelAsync();
        await writer;
    }

    [Fact]
    public void Backs_up_a_closed_database_and_leaves_no_lock_file_behind()
    {
        using var dir = new TempDirectory();
        var path = dir.File("closed.db");
        using (var db = DocStoreDatabase.Open(path, Options))
        {
            var items = db.GetCollection("items");
            for (var i = 1; i <= 500; i++)
            {
                items.Insert(new BsonDocument { { "_id", i }, { "Body", new string('c', 200) } });
            }
        }

        // The writer's clean close removes the lock file its checkpoints made.
        Assert.False(File.Exists(BackupLockFile.PathFor(path)));
        var backup = dir.File("copy.db");
        DocStoreContext.BackupFile(path, backup);
        Assert.False(File.Exists(BackupLockFile.PathFor(path)));
        Assert.False(File.Exists(backup + ".partial"));
        using var copy = DocStoreDatabase.Open(backup, Options);
        Assert.Equal(500, copy.GetCollection("items").Count());
        Assert.True(copy.CheckIntegrity().IsValid);
    }

    [BackupLockFact]
    public async Task A_backup_waits_for_a_writer_step_that_holds_the_lock_and_gives_up_with_a_clear_error()
    {
        using var dir = new TempDirectory();
        var path = dir.File("held.db");
        using (var db = DocStoreDatabase.Open(path, Options))
        {
            db.GetCollection("items").Insert(new BsonDocument { { "_id", 1 } });
        }

        var sidecar = BackupLockFile.PathFor(path);
        var backup = dir.File("copy.db");
        using (var held = BackupLockFile.TryHoldExclusive(sidecar))
        {
            Assert.NotNull(held);
            var error = Assert.Throws<DatabaseLockedException>(() => Engine.Backups.FileBackup.BackupFile(path, backup, TimeSpan.FromMilliseconds(200), CancellationToken.None));
            Assert.Contains("checkpoint", error.Message);
            Assert.False(File.Exists(backup));
        }

        // Held as by a checkpoint: the backup waits for it and then runs. Its thread sleeps between tries
        // while the lock is held (seen as WaitSleepJoin), and only then is the lock released.
        var step = BackupLockFile.TryHoldExclusive(sidecar)!;
        var released = false;
        var done = new TaskCompletionSource<bool>(TaskCreationOptions.RunContinuationsAsynchronously);
        var thread = new Thread(() =>
        {
            try
            {
                Engine.Backups.FileBackup.BackupFile(path, backup, HangGuard.Limit, CancellationToken.None);
                done.SetResult(Volatile.Read(ref released));
            }
            catch (Exception e)
            {
                done.SetException(e);
            }
        });
        thread.Start();
        HangGuard.Until(() => (thread.ThreadState & ThreadState.WaitSleepJoin) != 0 || done.Task.IsCompleted, "the backup waiting for the lock");
        if (done.Task.IsCompleted)
        {
            await done.Task;    // what the backup threw, if it failed
            Assert.Fail("the backup ran while a checkpoint step held the lock");
        }

        Assert.False(File.Exists(backup));
        Volatile.Write(ref released, true);
        step.Dispose();
        Assert.True(await HangGuard.WaitAsync(done.Task, "the backup after the release"), "the backup ended before the lock was released");
        using var copy = DocStoreDatabase.Open(backup, Options);
        Assert.Equal(1, copy.GetCollection("items").Count());
    }

    [BackupLockFact]
    public void A_writer_closed_while_a_backup_reads_leaves_its_log_for_the_next_open()
    {
        using var dir = new TempDirectory();
        var path = dir.File("closing.db");
        using (BackupLockFile.HoldShared(BackupLockFile.PathFor(path), path, TimeSpan.FromSeconds(5), CancellationToken.None))
        {
            using var db = DocStoreDatabase.Open(path, Options);
            var items = db.GetCollection("items");
            for (var i = 1; i <= 300; i++)
            {
                items.Insert(new BsonDocument { { "_id", i }, { "Body", new string('k', 200) } });
            }

            Assert.True(db.Engine.Pager.Backups.CheckpointsDeferredByBackup > 0);
            db.Dispose();

            // The close could neither copy into the file nor restart the log, nor remove the lock file.
            Assert.True(new FileInfo(path + "-wal").Length > 32);
            Assert.True(File.Exists(BackupLockFile.PathFor(path)));
        }

        using (var reopened = DocStoreDatabase.Open(path, Options))
        {
            Assert.Equal(300, reopened.GetCollection("items").Count());
            Assert.True(reopened.CheckIntegrity().IsValid);
            reopened.GetCollection("items").Insert(new BsonDocument { { "_id", 301 } });
        }

        // With the lock free, the next writer's clean close empties the log and removes the lock file.
        Assert.True(new FileInfo(path + "-wal").Length <= 32);
        Assert.False(File.Exists(BackupLockFile.PathFor(path)));
    }

    [BackupLockFact]
    public void In_place_compaction_waits_for_a_backup_and_leaves_the_database_unchanged_if_it_outlasts_the_timeout()
    {
        using var dir = new TempDirectory();
        var path = dir.File("compact.db");
        // Long enough that a background checkpoint the inserts started has ended before the wait runs out, so
        // what compaction waits for at the deadline is the backup.
        using var db = DocStoreDatabase.Open(path, new DocStoreOptions { PageSize = 1024, WriteLockTimeout = TimeSpan.FromSeconds(2) });
        var items = db.GetCollection("items");
        for (var i = 1; i <= 400; i++)
        {
            items.Insert(new BsonDocument { { "_id", i }, { "Body", new string('z', 300) } });
        }

        for (var i = 1; i <= 400; i += 2)
        {
            items.Delete(i);
        }

        long before, filesBefore;
        using (BackupLockFile.HoldShared(BackupLockFile.PathFor(path), path, TimeSpan.FromSeconds(5), CancellationToken.None))
        {
            // Measured under the lock, so no checkpoint copies into the file meanwhile (one the commits started
            // may not have run yet: the rows may still be in the logs, hence the files' total below).
            before = new FileInfo(path).Length;
            filesBefore = FilesLength(path);
            var error = Assert.Throws<WriteLockTimeoutException>(() => db.Compact());
            Assert.Contains("backup", error.Message);
            Assert.Equal(before, new FileInfo(path).Length);
        }

        db.Compact();
        var after = FilesLength(path);
        Assert.True(after < filesBefore, $"compacted to {after} bytes in all, {filesBefore} before");
        Assert.Equal(200, items.Count());
        Assert.True(db.CheckIntegrity().IsValid);
    }

    [Fact]
    public void In_place_compaction_waits_for_a_backup_even_when_the_log_is_already_empty()
    {
        using var dir = new TempDirectory();
        var path = dir.File("idle.db");
        var options = new DocStoreOptions { PageSize = 1024, WriteLockTimeout = TimeSpan.FromSeconds(1) };
        using (var first = DocStoreDatabase.Open(path, options))
        {
            var items = first.GetCollection("items");
            for (var i = 1; i <= 400; i++)
            {
                items.Insert(new BsonDocument { { "_id", i }, { "Body", new string('z', 300) } });
            }

            for (var i = 1; i <= 400; i += 2)
            {
                items.Delete(i);
            }
        }

        // A clean close emptied the log, as an idle trim does: compaction finds nothing to checkpoint, and
        // must still not replace the files a backup from another process is reading.
        using var db = DocStoreDatabase.Open(path, options);
        var before = new FileInfo(path).Length;
        using (BackupLockFile.HoldShared(BackupLockFile.PathFor(path), path, TimeSpan.FromSeconds(5), CancellationToken.None))
        {
            var error = Assert.Throws<WriteLockTimeoutException>(() => db.Compact());
            Assert.Contains("backup", error.Message);
            Assert.Equal(before, new FileInfo(path).Length);
        }

        db.Compact();
        Assert.True(new FileInfo(path).Length < before, $"compacted to {new FileInfo(path).Length} bytes, {before} before");
        Assert.Equal(200, db.GetCollection("items").Count());
        Assert.True(db.CheckIntegrity().IsValid);
    }

    [Fact]
    public void Refuses_a_missing_source_its_own_file_and_a_destination_with_logs_beside_it()
    {
        using var dir = new TempDirectory();
        var path = dir.File("source.db");
        Assert.Throws<FileNotFoundException>(() => DocStoreContext.BackupFile(path, dir.File("copy.db")));
        using (var db = DocStoreDatabase.Open(path, Options))
        {
            db.GetCollection("items").Insert(new BsonDocument { { "_id", 1 } });
        }

        Assert.Throws<ArgumentException>(() => DocStoreContext.BackupFile(path, path));
        var other = dir.File("other.db");
        File.WriteAllBytes(other + "-wal", [1, 2, 3]);
        Assert.Throws<IOException>(() => DocStoreContext.BackupFile(path, other));
        Assert.False(File.Exists(other));
        Assert.False(File.Exists(other + ".partial"));
    }

    [Fact]
    public async Task A_cancelled_backup_leaves_nothing_behind()
    {
        using var dir = new TempDirectory();
        var path = dir.File("c.db");
        using (var db = DocStoreDatabase.Open(path, Options))
        {
            db.GetCollection("items").Insert(new BsonDocument { { "_id", 1 } });
        }

        using var cancelled = new CancellationTokenSource();
        await cancelled.CancelAsync();
        var backup = dir.File("backup.db");
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await DocStoreContext.BackupFileAsync(path, backup, cancelled.Token));
        Assert.False(File.Exists(backup));
        Assert.False(File.Exists(backup + ".partial"));
    }

    private static long FilesLength(string path) =>
        new[] { path, path + "-wal", path + "-redo" }.Where(File.Exists).Sum(f => new FileInfo(f).Length);
}
