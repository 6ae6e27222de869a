using System.Buffers.Binary;
using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.Transactions;

/// <summary>
/// The WAL and the redo log stay within the journal's bound while readers keep opening snapshots: checkpoints
/// restart the log under live readers, and cut the files back. Runs two seconds by default;
/// DOCSTORE_JOURNAL_SOAK_SECONDS makes it a soak.
/// </summary>
public sealed class JournalBoundTests
{
    private const int Pairs = 400;
    private const long Limit = 512 << 10;

    [Theory]
    [InlineData(Durability.Normal)]
    [InlineData(Durability.Full)]
    public async Task A_writer_beside_four_readers_keeps_the_journal_under_its_limit(Durability durability)
    {
        using var dir = new TempDirectory();
        var path = dir.File("j.db");
        var options = new StorageOptions
        {
            PageSize = 4096,
            Durability = durability,
            AutoCheckpointFrames = 32,
            JournalSizeLimit = Limit,
            WalPreallocationFrames = 16,
        };
        var seconds = int.TryParse(Environment.GetEnvironmentVariable("DOCSTORE_JOURNAL_SOAK_SECONDS"), out var s) ? s : 2;
        var versions = new int[Pairs];
        long largestWal = 0, largestRedo = 0;
        using (var engine = StorageEngine.Open(path, options))
        {
            using (var tx = engine.BeginWrite())
            {
                var tree = tx.CreateTree("t");
                for (var i = 0; i < Pairs; i++)
                {
                    tree.Put(Key(i), Value(i, 0));
                    tree.Put(Key(i + Pairs), Value(i, 0));
                }

                tx.Commit();
            }

            using var stop = new CancellationTokenSource(TimeSpan.FromSeconds(seconds));
            var failures = new List<string>();
            var readers = Enumerable.Range(0, 4).Select(r => Task.Run(() => Read(engine, r, failures, stop.Token))).ToArray();
            var random = new Random(7);
            var commits = 0;
            while (!stop.IsCancellationRequested || commits < 200)
            {
                // Both keys of a pair change in one transaction: a reader sees them equal or its snapshot is torn.
                var pair = random.Next(Pairs);
                var version = ++versions[pair];
                using (var tx = engine.BeginWrite())
                {
                    var tree = tx.OpenTree("t")!;
                    tree.Put(Key(pair), Value(pair, version));
                    tree.Put(Key(pair + Pairs), Value(pair, version));
                    tx.Commit();
                }

                commits++;
                largestWal = Math.Max(largestWal, Length(path + "-wal"));
                largestRedo = Math.Max(largestRedo, Length(path + "-redo"));
            }

            await Task.WhenAll(readers);
            Assert.Empty(failures);
            Assert.True(engine.CheckIntegrity().IsValid);
            Check(engine, versions);
        }

        // Each file may pass the limit by what lands before the checkpoint restarts it: a commit and the
        // zeros written ahead of it. Without restarts under readers the log grows for as long as the test runs.
        Assert.InRange(largestWal, 0, Limit + (20 * 4136));
        Assert.InRange(largestRedo, 0, Limit + DocStore.Storage.Redo.RedoLog.PreallocationBytes + 8192);
        using var reopened = StorageEngine.Open(path, options);
        Check(reopened, versions);
    }

    private static void Read(StorageEngine engine, int seed, List<string> failures, CancellationToken stop)
    {
        var random = new Random(seed);
        while (!stop.IsCancellationRequested)
        {
            using var tx = engine.BeginRead();
            var tree = tx.OpenTree("t")!;
            for (var i = 0; i < 20; i++)
            {
                var pair = random.Next(Pairs);
                if (!tree.TryGet(Key(pair), out var a) || !tree.TryGet(Key(pair + Pairs), out var b) || !a.Span.SequenceEqual(b.Span)
                    || BinaryPrimitives.ReadInt32LittleEndian(a.Span) != pair)
                {
                    lock (failures)
                    {
                        failures.Add($"pair {pair}: the two keys differ in one snapshot");
                    }

                    return;
                }
            }
        }
    }

    private static void Check(StorageEngine engine, int[] versions)
    {
        using var tx = engine.BeginRead();
        var tree = tx.OpenTree("t")!;
        for (var i = 0; i < Pairs; i++)
        {
            Assert.True(tree.TryGet(Key(i + Pairs), out var value));
            Assert.Equal(Value(i, versions[i]), value.ToArray());
        }
    }

    private static long Length(string path) => File.Exists(path) ? new FileInfo(path).Length : 0;

    private static byte[] Key(int i) => TestDatabase.Key(i);

    // 300 bytes: the pair's number, its version, then bytes drawn from both.
    private static byte[] Value(int pair, int version)
    {
        var value = new byte[300];
        new Random((pair * 7919) + version).NextBytes(value);
        BinaryPrimitives.WriteInt32LittleEndian(value, pair);
        BinaryPrimitives.WriteInt32LittleEndian(value.AsSpan(4), version);
        return value;
    }
}
