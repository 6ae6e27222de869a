using System.Globalization;
using DocStore.Bson.Model;
using DocStore.CrashHost.Collections;
using DocStore.Tests.Space;
using DocStore.Tests.Support;

namespace DocStore.Tests.Crash;

/// <summary>
/// A child process compacts a database, or backs one up while a writer commits, and is killed at a random
/// moment: the database then opens complete, as before or as after compaction, and a backup's destination
/// holds either nothing or a complete copy.
/// </summary>
[Collection(BusyChildProcesses.Name)]
public sealed class KilledUpkeepTests
{
    private static int Kills => int.TryParse(Environment.GetEnvironmentVariable("DOCSTORE_UPKEEP_KILLS"), out var n) ? n : 8;

    private static DocStoreOptions ReadOnly { get; } = new() { PageSize = 1024, ReadOnly = true };

    [Fact]
    public void A_kill_during_compaction_leaves_the_old_or_the_new_database_complete()
    {
        using var dir = new TempDirectory();
        var path = dir.File("compact.db");
        var live = new SortedDictionary<long, BsonDocument>();
        using (var db = DocStoreDatabase.Open(path, new DocStoreOptions { PageSize = 1024, Durability = Durability.Normal }))
        {
            CompactionTests.Churn(CompactionTests.Open(db), live, 6_000, liveTarget: 1_500);
        }

        var oldSize = new FileInfo(path).Length;
        var dense = dir.File("dense.db");
        using (var db = DocStoreDatabase.Open(path, ReadOnly))
        {
            db.Compact(dense);
        }

        var newSize = new FileInfo(dense).Length;
        Assert.True(newSize < oldSize, $"compaction would not shrink the file ({oldSize} -> {newSize} bytes)");
        var random = new Random(20261126);
        var sizes = new HashSet<long>();
        for (var kill = 0; kill < Kills; kill++)
        {
            using (var host = new CrashHostProcess("compact", path))
            {
                Assert.Equal("ready", host.ReadLine(HangGuard.Limit));

                // The last kill follows a finished compaction if none did yet, so the compacted size is always
                // among the outcomes (the file keeps it from then on); the sleep only picks a random moment.
                if (kill == Kills - 1 && !sizes.Contains(newSize))
                {
                    string? line;
                    while ((line = host.ReadLine(HangGuard.Limit)) != "compacted")
                    {
                        Assert.True(line is not null, "hung: the compaction never finished");
                    }
                }

                Thread.Sleep(random.Next(0, 120));
                host.Kill();
            }

            var size = new FileInfo(path).Length;
            Assert.True(size == oldSize || size == newSize, $"after kill {kill} the file has {size} bytes, neither the old {oldSize} nor the compacted {newSize}");
            sizes.Add(size);
            using var db = DocStoreDatabase.Open(path, SpaceWorkload.Options);
            var report = db.CheckIntegrity();
            Assert.True(report.IsValid, report.ToString());
            CompactionTests.AssertHolds(CompactionTests.Open(db), live);
        }

        Assert.Contains(newSize, sizes);
    }

    [Fact]
    public void A_kill_during_a_backup_harms_neither_the_source_nor_leaves_a_partial_copy_that_opens()
    {
        using var dir = new TempDirectory();
        var path = dir.File("source.db");
        var backup = dir.File("backup.db");
        var random = new Random(20261127);
        long acknowledged = 0;
        for (var kill = 0; kill < Kills; kill++)
        {
            using (var host = new CrashHostProcess("backup", path, backup))
            {
                string? line;
                while ((line = host.ReadLine(HangGuard.Limit)) != "ready")
                {
                    Assert.NotNull(line);
                }

                // A random moment of the backups; whatever it is, every check below must hold.
                Thread.Sleep(random.Next(0, 150));
                host.Kill();
                foreach (var ack in host.DrainLines().Where(l => l.StartsWith("ack ", StringComparison.Ordinal)))
                {
                    acknowledged = Math.Max(acknowledged, long.Parse(ack[4..], CultureInfo.InvariantCulture));
                }
            }

            using (var source = DocStoreDatabase.Open(path, SpaceWorkload.Options))
            {
                Assert.True(source.CheckIntegrity().IsValid);
                Assert.True(AssertGapless(source) >= acknowledged);
            }

            if (File.Exists(backup))
            {
                using var copy = DocStoreDatabase.Open(backup, ReadOnly);
                Assert.True(copy.CheckIntegrity().IsValid, copy.CheckIntegrity().ToString());
                AssertGapless(copy);
            }

            // A copy cut off before its rename is empty (any empty file opens as a new database), has no
            // header yet, or is complete.
            if (File.Exists(backup + ".partial") && new FileInfo(backup + ".partial").Length > 0)
            {
                try
                {
                    using var partial = DocStoreDatabase.Open(backup + ".partial", ReadOnly);
                    Assert.True(partial.CheckIntegrity().IsValid);
                    AssertGapless(partial);
                }
                catch (DatabaseCorruptException)
                {
                }
            }
        }
    }

    private static long AssertGapless(DocStoreContext db)
    {
        var keys = db.GetCollection("seq").Scan().Select(d => d["_id"].AsInt64).ToList();
        Assert.Equal(Enumerable.Range(1, keys.Count).Select(i => (long)i), keys);
        return keys.Count;
    }
}
