using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.Crash;

/// <summary>
/// A WAL damaged after a kill (cut anywhere, around commits made durable by a redo record and by the WAL's
/// own fsync): recovery either refuses the database or brings back every commit up to a point past which only
/// WAL-fsynced commits are missing (nothing in either log then proves they happened). Never a gap: a commit
/// that only the WAL held must not vanish while redo records of later commits are replayed around it.
/// </summary>
public sealed class RedoChainTests
{
    // Small pages, no automatic checkpoint (every commit stays in the logs), and a WAL that grows per commit,
    // so its length after each commit is where that commit's frames end.
    private static readonly StorageOptions Options = new()
    {
        PageSize = 1024,
        CacheSizePages = 64,
        Durability = Durability.Full,
        AutoCheckpointFrames = 0,
        WalPreallocationFrames = 0,
        WriteLockTimeout = HangGuard.Limit,

        // The idle checkpoint would empty the WAL between two slow commits and move the ends recorded.
        TimeProvider = TestDatabase.StoppedClock,
    };

    private sealed record Commit(int Id, bool ThroughRedo, long WalEnd);

    private sealed class Files(byte[]? db = null, byte[]? wal = null, byte[]? redo = null)
    {
        public FaultInjectingStorageDevice Db { get; } = new("c.db", db);

        public FaultInjectingStorageDevice Wal { get; } = new("c.db-wal", wal);

        public FaultInjectingStorageDevice Redo { get; } = new("c.db-redo", redo);

        public StorageEngine Open() => StorageEngine.Open(Db, Wal, Redo, Options);

        // A kill keeps every byte written; then the WAL loses everything from cutAt on.
        public Files KilledWithWalCutAt(long cutAt) => new(Db.ToArray(), Wal.ToArray()[..(int)cutAt], Redo.ToArray());
    }

    // Transaction id of the given size: small ones go through the redo log, one over a redo record's limit
    // through the WAL's fsync alone.
    private static void Write(StorageEngine engine, int id, int valueBytes, int keys)
    {
        using var tx = engine.BeginWrite();
        var tree = tx.OpenOrCreateTree("t");
        for (var k = 0; k < keys; k++)
        {
            tree.Put(NumberedTransactions.Key(id, k), Value(id, k, valueBytes));
        }

        tx.Commit();
    }

    private static byte[] Value(int id, int k, int length)
    {
        var value = new byte[length];
        new Random((id * 7919) + k).NextBytes(value);
        return value;
    }

    private static List<int> Present(StorageEngine engine, IReadOnlyList<Commit> commits)
    {
        using var tx = engine.BeginRead();
        var tree = tx.OpenTree("t");
        return [.. commits.Where(c => tree is not null && tree.ContainsKey(NumberedTransactions.Key(c.Id, 0))).Select(c => c.Id)];
    }

    // Runs the plan (id, bytes per value, keys) and records, for each commit, how it was made durable and where its frames end.
    private static (Files Files, List<Commit> Commits) Run(params (int ValueBytes, int Keys)[] plan)
    {
        var files = new Files();
        var engine = files.Open();
        var commits = new List<Commit>();
        for (var i = 0; i < plan.Length; i++)
        {
            var records = engine.Pager.Redo.RecordCount;
            Write(engine, i + 1, plan[i].ValueBytes, plan[i].Keys);
            commits.Add(new Commit(i + 1, engine.Pager.Redo.RecordCount > records, files.Wal.Length));
        }

        // Left open: the files are what a kill leaves.
        return (files, commits);
    }

    [Fact]
    public void A_lost_wal_only_commit_between_replayed_records_is_refused_not_skipped()
    {
        // A; A2 of 120 KB (a redo record); B of 360 KB (the WAL's fsync alone); C; then the WAL cut inside A2.
        var (files, commits) = Run((200, 4), (1000, 120), (1000, 360), (200, 4));
        Assert.True(commits[1].ThroughRedo && !commits[2].ThroughRedo && commits[3].ThroughRedo);

        var cutAt = (commits[0].WalEnd + commits[1].WalEnd) / 2;
        var ex = Assert.Throws<DatabaseCorruptException>(() => files.KilledWithWalCutAt(cutAt).Open().Dispose());
        Assert.Contains("c.db-redo", ex.Message);
        Assert.Contains("missing", ex.Message);
    }

    [Fact]
    public void Every_cut_of_the_wal_after_a_kill_gives_a_gapless_prefix_or_a_refusal()
    {
        // Tree creation (WAL fsync), redo commits, WAL-only commits alone and in a row, redo commits after them.
        var (files, commits) = Run((200, 4), (200, 4), (300, 1000), (200, 4), (1000, 120), (300, 1000), (300, 1000), (200, 4), (200, 4), (300, 1000));
        Assert.Contains(commits, c => c.ThroughRedo);
        Assert.Contains(commits.Skip(1), c => !c.ThroughRedo);

        var refused = 0;
        var walStart = Options.PageSize;
        var previousEnd = (long)Math.Min(walStart, commits[0].WalEnd);
        var cuts = new SortedSet<long>();
        foreach (var commit in commits)
        {
            // Each commit's frames: cut at their start, just after it, in the middle, just before their end.
            foreach (var at in new[] { previousEnd, previousEnd + 1, (previousEnd + commit.WalEnd) / 2, commit.WalEnd - 1, commit.WalEnd })
            {
                cuts.Add(Math.Clamp(at, 0, commit.WalEnd));
            }

            previousEnd = commit.WalEnd;
        }

        foreach (var cut in cuts)
        {
            StorageEngine recovered;
            try
            {
                recovered = files.KilledWithWalCutAt(cut).Open();
            }
            catch (DatabaseCorruptException)
            {
                refused++;
                continue;
            }

            using (recovered)
            {
                var present = Present(recovered, commits);
                var prefix = commits.TakeWhile(c => present.Contains(c.Id)).Count();
                Assert.True(present.Count == prefix, $"cut at {cut}: commits {string.Join(",", present)} present, a gap after {prefix}");
                var lost = commits.Skip(prefix).ToList();
                Assert.True(lost.All(c => !c.ThroughRedo), $"cut at {cut}: commit {lost.FirstOrDefault(c => c.ThroughRedo)?.Id} had a redo record but is missing");
                var report = recovered.CheckIntegrity();
                Assert.True(report.IsValid, report.ToString());
            }
        }

        // Cuts inside a WAL-only commit with redo records after it can only be refused.
        Assert.True(refused > 0, "no cut was refused");
    }
}
