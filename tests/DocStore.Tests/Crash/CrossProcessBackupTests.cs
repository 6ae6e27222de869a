using System.Globalization;
using DocStore.CrashHost.Collections;
using DocStore.Storage.Devices;
using DocStore.Tests.Support;

namespace DocStore.Tests.Crash;

/// <summary>
/// <see cref="DocStoreContext.BackupFile"/> of a database another process keeps writing (the crash host's
/// <c>seqwrite</c> mode, with a small journal so that checkpoints and restarts happen all the time): each
/// copy checks clean and holds a gapless prefix of the writer's keys, the writer is never stopped, its
/// journal grows while a backup holds the lock and comes back under its bound after, and a backup killed
/// midway harms neither the source nor leaves a copy that opens as good.
/// </summary>
[Collection(BusyChildProcesses.Name)]
public sealed class CrossProcessBackupTests
{
    private static int Rounds => int.TryParse(Environment.GetEnvironmentVariable("DOCSTORE_XBACKUP_ROUNDS"), out var n) ? n : 8;

    private static DocStoreOptions ReadOnly { get; } = new() { ReadOnly = true };

    [BackupLockTheory]
    [InlineData(true)]
    [InlineData(false)]
    public void Backups_of_a_database_another_process_writes_hold_a_gapless_prefix_of_its_commits(bool redoLog)
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var writer = new AckReader(redoLog ? new CrashHostProcess("seqwrite", path) : new CrashHostProcess("seqwrite", path, "noredo"));
        writer.WaitFor(300);
        for (var round = 0; round < Rounds; round++)
        {
            var before = writer.Latest();
            var copyPath = dir.File($"copy{round}.db");
            DocStoreContext.BackupFile(path, copyPath);
            var after = writer.Latest();

            Assert.False(File.Exists(copyPath + ".partial"));
            using var copy = DocStoreDatabase.Open(copyPath, ReadOnly);
            var report = copy.CheckIntegrity();
            Assert.True(report.IsValid, report.ToString());
            var count = GaplessCount(copy);

            // Every insert acknowledged before the backup began is in it; what it holds beyond is a commit the
            // writer made (and acknowledges, if it had not yet printed it).
            Assert.True(count >= before, $"round {round}: the copy holds {count} keys, {before} were acknowledged before the backup");
            writer.WaitFor(count);
            Assert.True(writer.Latest() >= after);
        }
    }

    [BackupLockFact]
    public void A_writer_defers_checkpoints_while_a_backup_holds_the_lock_and_comes_back_under_its_bound_after()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var writer = new AckReader(new CrashHostProcess("seqwrite", path));
        writer.WaitFor(200);

        // What a backup holds while it reads, held here for a while without reading.
        long grown;
        long ackedWhileHeld;
        using (BackupLockFile.HoldShared(BackupLockFile.PathFor(path), path, TimeSpan.FromSeconds(30), CancellationToken.None))
        {
            var start = writer.Latest();
            var largest = 0L;
            HangGuard.Until(
                () => (largest = Math.Max(largest, new FileInfo(path + "-wal").Length)) > 4 * BackupFileWorkload.WriterOptions.JournalSizeLimit,
                $"the WAL growing past four times its bound while checkpoints had to defer (it reached {largest} bytes)");
            grown = largest;
            ackedWhileHeld = writer.Latest() - start;
        }

        Assert.True(ackedWhileHeld > 0, "the writer stopped while the backup lock was held");
        Assert.True(grown > 4 * BackupFileWorkload.WriterOptions.JournalSizeLimit, $"the WAL reached only {grown} bytes while checkpoints had to defer");

        // Released: the next checkpoint restarts the log and cuts it back to the limit.
        var bound = BackupFileWorkload.WriterOptions.JournalSizeLimit + (256 * 1024);
        long wal = long.MaxValue;
        HangGuard.Until(() => (wal = new FileInfo(path + "-wal").Length) <= bound, $"the WAL coming back under {bound} bytes after the backup lock was released (it is {wal})");
        var acked = writer.Latest();
        writer.WaitFor(acked + 50);
    }

    [BackupLockFact]
    public void A_backup_process_killed_midway_harms_neither_the_source_nor_leaves_a_copy_that_opens_as_good()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        var destination = dir.File("copy.db");
        var random = new Random(20261127);
        long acknowledged;
        using (var writer = new AckReader(new CrashHostProcess("seqwrite", path)))
        {
            writer.WaitFor(300);
            for (var kill = 0; kill < Rounds; kill++)
            {
                using (var backup = new CrashHostProcess("backupfile", path, destination))
                {
                    Assert.Equal("backup", backup.ReadLine(HangGuard.Limit));

                    // A random moment of the copy; whatever it is, every check below must hold.
                    Thread.Sleep(random.Next(0, 200));
                    backup.Kill();
                }

                // The kill released the lock: the writer goes on, checkpoints included.
                writer.WaitFor(writer.Latest() + 100);
                if (File.Exists(destination))
                {
                    using var copy = DocStoreDatabase.Open(destination, ReadOnly);
                    Assert.True(copy.CheckIntegrity().IsValid);
                    GaplessCount(copy);
                }

                // Cut off before the rename: no header yet (refused), or complete and checked.
                var partial = destination + ".partial";
                if (File.Exists(partial) && new FileInfo(partial).Length > 0)
                {
                    try
                    {
                        using var copy = DocStoreDatabase.Open(partial, ReadOnly);
                        Assert.True(copy.CheckIntegrity().IsValid);
                        GaplessCount(copy);
                    }
                    catch (DatabaseCorruptException)
                    {
                    }
                }
            }

            acknowledged = writer.Latest();
        }

        using var source = DocStoreDatabase.Open(path, BackupFileWorkload.WriterOptions);
        Assert.True(source.CheckIntegrity().IsValid);
        Assert.True(GaplessCount(source) >= acknowledged);
    }

    // The seq keys form a gapless prefix, and the accounts hold the same total as in every committed state.
    private static long GaplessCount(DocStoreContext db)
    {
        Assert.Equal(BackupFileWorkload.Total, db.GetCollection("bank").Scan().Sum(d => d["Balance"].AsInt64));
        var keys = db.GetCollection("seq").Scan().Select(d => d["_id"].AsInt64).ToList();
        Assert.Equal(Enumerable.Range(1, keys.Count).Select(i => (long)i), keys);
        return keys.Count;
    }

    // Follows the writer's "ack n" lines.
    private sealed class AckReader(CrashHostProcess host) : IDisposable
    {
        private long _latest;

        public long Latest()
        {
            foreach (var line in host.DrainLines())
            {
                Take(line);
            }

            return _latest;
        }

        public void WaitFor(long count)
        {
            while (Latest() < count)
            {
                var line = host.ReadLine(HangGuard.Limit);
                Assert.True(line is not null, $"hung: the writer acknowledged only {_latest} inserts, waiting for {count}");
                Take(line);
            }
        }

        private void Take(string line)
        {
            if (line.StartsWith("ack ", StringComparison.Ordinal))
            {
                _latest = Math.Max(_latest, long.Parse(line[4..], CultureInfo.InvariantCulture));
            }
        }

        public void Dispose() => host.Dispose();
    }
}
