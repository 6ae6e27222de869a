using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.BTree;

/// <summary>
/// Seeded random operations against a SortedDictionary model on 1 KiB pages, so that splits, merges,
/// rebalances and overflow chains all happen; the integrity check runs after every batch and the file is
/// reopened at the end.
/// </summary>
public sealed class ModelBasedTests
{
    private const int BatchSize = 2000;

    [Theory]
    [InlineData(1, 100_000)]
    [InlineData(2, 30_000)]
    public void Random_operations_agree_with_a_sorted_dictionary_model(int seed, int operations)
    {
        var random = new Random(seed);
        var model = new SortedDictionary<byte[], byte[]>(ByteArrayComparer.Instance);
        var keys = new SortedSet<byte[]>(ByteArrayComparer.Instance);
        using var dir = new TempDirectory();
        var path = dir.File("model.db");
        var options = TestDatabase.Small(Durability.None, cachePages: 256, autoCheckpoint: 500);
        using (var engine = StorageEngine.Open(path, options))
        {
            var done = 0;

            // A reader opened now and then must keep seeing the model of its moment through later batches,
            // rollbacks and checkpoints.
            global::DocStore.Transactions.ReadTransaction? oldReader = null;
            SortedDictionary<byte[], byte[]>? oldModel = null;
            while (done < operations)
            {
                if (done % (4 * BatchSize) == 0)
                {
                    if (oldReader is not null)
                    {
                        AssertSame(oldReader, oldModel!);
                        oldReader.Dispose();
                    }

                    oldReader = engine.BeginRead();
                    oldModel = new SortedDictionary<byte[], byte[]>(model, ByteArrayComparer.Instance);
                }

                using (var tx = engine.BeginWrite())
                {
                    var tree = tx.OpenOrCreateTree("model");
                    for (var i = 0; i < BatchSize; i++, done++)
                    {
                        Step(random, tree, model, keys);
                    }

                    var invariants = Integrity.IntegrityChecker.Check(tx);
                    Assert.True(invariants.IsValid, invariants.ToString());
                    if (random.Next(10) == 0)
                    {
                        tx.Rollback();
                        model = Snapshot(engine);
                        keys = new SortedSet<byte[]>(model.Keys, ByteArrayComparer.Instance);
                        continue;
                    }

                    tx.Commit();
                }

                if (done % (5 * BatchSize) == 0)
                {
                    var report = engine.CheckIntegrity();
                    Assert.True(report.IsValid, report.ToString());
                    AssertSame(engine, model);
                }
            }

            oldReader?.Dispose();
        }

        using var reopened = StorageEngine.Open(path, options);
        Assert.True(reopened.CheckIntegrity().IsValid);
        AssertSame(reopened, model);
    }

    private static void Step(Random random, Tree tree, SortedDictionary<byte[], byte[]> model, SortedSet<byte[]> keys)
    {
        var op = random.Next(100);
        var key = RandomKey(random);
        if (op < 45)
        {
            var value = RandomValue(random);
            tree.Put(key, value);
            model[key] = value;
            keys.Add(key);
        }
        else if (op < 70)
        {
            Assert.Equal(model.Remove(key), tree.Delete(key));
            keys.Remove(key);
        }
        else if (op < 85)
        {
            var found = tree.TryGet(key, out var value);
            Assert.Equal(model.TryGetValue(key, out var expected), found);
            if (found)
            {
                Assert.True(value.Span.SequenceEqual(expected));
            }
        }
        else
        {
            RangeScan(random, tree, model, keys, key);
        }
    }

    private static void RangeScan(Random random, Tree tree, SortedDictionary<byte[], byte[]> model, SortedSet<byte[]> keys, byte[] from)
    {
        var cursor = tree.CreateCursor();
        var take = random.Next(1, 40);
        if (random.Next(2) == 0)
        {
            var expected = keys.GetViewBetween(from, MaxKey).Take(take).ToList();
            var actual = new List<byte[]>();
            for (var ok = cursor.Seek(from); ok && actual.Count < take; ok = cursor.MoveNext())
            {
                actual.Add(cursor.Key.ToArray());
                Assert.True(cursor.Value.Span.SequenceEqual(model[actual[^1]]));
            }

            Assert.Equal(expected, actual);
        }
        else
        {
            var expected = keys.GetViewBetween([], from).Reverse().Take(take).ToList();
            var actual = new List<byte[]>();
            for (var ok = cursor.SeekAtOrBefore(from); ok && actual.Count < take; ok = cursor.MovePrevious())
            {
                actual.Add(cursor.Key.ToArray());
            }

            Assert.Equal(expected, actual);
        }
    }

    private static readonly byte[] MaxKey = Enumerable.Repeat((byte)0xFF, 300).ToArray();

    private static byte[] RandomKey(Random random)
    {
        // A small key space makes updates and deletes hit; varied lengths exercise suffix truncation.
        var id = random.Next(6000);
        var length = 4 + (id % 60);
        var key = new byte[length];
        BitConverter.TryWriteBytes(key, System.Buffers.Binary.BinaryPrimitives.ReverseEndianness(id));
        for (var i = 4; i < length; i++)
        {
            key[i] = (byte)(id * i);
        }

        return key;
    }

    private static byte[] RandomValue(Random random)
    {
        var length = random.Next(100) switch
        {
            < 80 => random.Next(0, 60),
            < 95 => random.Next(60, 400),
            _ => random.Next(400, 5000),
        };
        var value = new byte[length];
        random.NextBytes(value);
        return value;
    }

    private static SortedDictionary<byte[], byte[]> Snapshot(StorageEngine engine)
    {
        using var tx = engine.BeginRead();
        return Snapshot(tx);
    }

    private static SortedDictionary<byte[], byte[]> Snapshot(global::DocStore.Transactions.Transaction tx)
    {
        var model = new SortedDictionary<byte[], byte[]>(ByteArrayComparer.Instance);
        var tree = tx.OpenTree("model");
        if (tree is null)
        {
            return model;
        }

        var cursor = tree.CreateCursor();
        for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
        {
            model[cursor.Key.ToArray()] = cursor.Value.ToArray();
        }

        return model;
    }

    private static void AssertSame(StorageEngine engine, SortedDictionary<byte[], byte[]> model)
    {
        using var tx = engine.BeginRead();
        AssertSame(tx, model);
    }

    private static void AssertSame(global::DocStore.Transactions.Transaction tx, SortedDictionary<byte[], byte[]> model)
    {
        var actual = Snapshot(tx);
        Assert.Equal(model.Count, actual.Count);
        foreach (var (key, value) in model)
        {
            Assert.True(actual.TryGetValue(key, out var stored), "missing key");
            Assert.True(stored.AsSpan().SequenceEqual(value));
        }

        var tree = tx.OpenTree("model");
        if (tree is null)
        {
            Assert.Empty(model);
            return;
        }

        var cursor = tree.CreateCursor();
        var backwards = new List<byte[]>();
        for (var ok = cursor.SeekLast(); ok; ok = cursor.MovePrevious())
        {
            backwards.Add(cursor.Key.ToArray());
        }

        backwards.Reverse();
        Assert.Equal(model.Keys.ToList(), backwards);
    }
}
