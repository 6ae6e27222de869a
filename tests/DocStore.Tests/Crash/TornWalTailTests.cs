using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Tests.Support;

namespace DocStore.Tests.Crash;

/// <summary>
/// A WAL cut off at any byte (a crash mid-write) recovers to a prefix of its commits: whole transactions
/// only, every tree intact, and never fewer commits for a longer log. The commits mix whole-page frames and
/// deltas, inserts, in-place updates and deletes.
/// </summary>
public sealed class TornWalTailTests
{
    private const int Commits = 14;

    [Fact]
    public void A_log_cut_at_any_byte_recovers_exactly_a_prefix_of_its_transactions()
    {
        var db = new MemoryStorageDevice("w.db");
        var wal = new MemoryStorageDevice("w.db-wal");
        var options = TestDatabase.Small(Durability.Full, autoCheckpoint: 0);
        var engine = TestDatabase.Open(db, wal, options);
        var states = new List<Dictionary<int, int>> { new() };
        var model = new Dictionary<int, int>();
        var random = new Random(12);
        for (var commit = 1; commit <= Commits; commit++)
        {
            using var tx = engine.BeginWrite();
            var tree = tx.OpenOrCreateTree("t");
            for (var i = 0; i < (commit == 1 ? 60 : 4); i++)
            {
                var key = random.Next(80);
                if (commit > 1 && random.Next(4) == 0 && model.Remove(key))
                {
                    tree.Delete(TestDatabase.Key(key));
                    continue;
                }

                tree.Put(TestDatabase.Key(key), TestDatabase.Value((key * 100) + commit, 24));
                model[key] = commit;
            }

            tx.Commit();
            states.Add(new Dictionary<int, int>(model));
        }

        var dbImage = db.ToArray();
        var walImage = wal.ToArray();
        var end = WalFrames.Read(walImage) is { Count: > 0 } frames ? frames[^1].Offset + frames[^1].Length : 32;
        var previous = 0;
        var cuts = Enumerable.Range(0, 64).Concat(Enumerable.Range(0, ((end - 64) / 37) + 1).Select(i => 64 + (i * 37))).Append(end).Append(walImage.Length);
        foreach (var cut in cuts)
        {
            using var recovered = TestDatabase.Open(new MemoryStorageDevice("w.db", dbImage), new MemoryStorageDevice("w.db-wal", walImage[..cut]), options);
            Assert.True(recovered.CheckIntegrity().IsValid, $"cut at {cut}");
            var present = Read(recovered);
            var commits = states.FindLastIndex(s => Same(s, present));
            Assert.True(commits >= 0, $"cut at {cut}: the data is no prefix of the commits");
            Assert.True(commits >= previous, $"cut at {cut}: {commits} commits after {previous} for a shorter log");
            previous = commits;
        }

        Assert.Equal(Commits, previous);
    }

    private static Dictionary<int, int> Read(StorageEngine engine)
    {
        var result = new Dictionary<int, int>();
        using var read = engine.BeginRead();
        if (read.OpenTree("t") is not { } tree)
        {
            return result;
        }

        for (var key = 0; key < 80; key++)
        {
            if (tree.TryGet(TestDatabase.Key(key), out var value))
            {
                var version = Enumerable.Range(1, Commits).Single(c => value.Span.SequenceEqual(TestDatabase.Value((key * 100) + c, 24)));
                result[key] = version;
            }
        }

        return result;
    }

    private static bool Same(Dictionary<int, int> a, Dictionary<int, int> b) =>
        a.Count == b.Count && a.All(pair => b.TryGetValue(pair.Key, out var v) && v == pair.Value);
}
