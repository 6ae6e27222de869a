using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Storage.Wal;
using DocStore.Tests.Support;
using DocStore.Transactions;

namespace DocStore.Tests.Storage;

/// <summary>
/// The WAL logs a page changed a little as a delta against its previous version; deltas replay onto any
/// earlier or torn version, chains stay short, and readers, checkpoints and recovery rebuild exact pages.
/// </summary>
public sealed class DeltaFrameTests
{
    private const int PageSize = 1024;

    [Fact]
    public void A_delta_turns_the_previous_page_into_the_new_one()
    {
        var random = new Random(11);
        for (var round = 0; round < 2000; round++)
        {
            var previous = RandomPage(random);
            var page = Edit(previous, random);
            var delta = new byte[PageSize * 2];
            var length = WalDelta.Encode(previous, page, delta);
            Assert.InRange(length, 0, PageSize + (PageSize / 2));
            var rebuilt = (byte[])previous.Clone();
            Assert.True(WalDelta.TryApply(rebuilt, delta.AsSpan(0, length)));
            Assert.Equal(page, rebuilt);
        }
    }

    [Fact]
    public void Runs_start_and_end_on_changed_bytes_and_are_kept_apart_by_at_least_eight_equal_ones()
    {
        // Sparse single-byte changes at gaps of 1 to 20 bytes, so equal stretches of every length fall on
        // every position relative to the encoder's eight-byte words.
        var random = new Random(23);
        for (var round = 0; round < 2000; round++)
        {
            var previous = RandomPage(random);
            var page = (byte[])previous.Clone();
            for (var at = random.Next(PageSize); at < PageSize && random.Next(12) != 0; at += random.Next(1, 21))
            {
                page[at] ^= (byte)random.Next(1, 256);
            }

            var delta = new byte[PageSize * 2];
            var length = WalDelta.Encode(previous, page, delta);
            var runs = new List<(int Start, int Length)>();
            for (var at = 0; at < length;)
            {
                var start = System.Buffers.Binary.BinaryPrimitives.ReadUInt16LittleEndian(delta.AsSpan(at));
                var run = System.Buffers.Binary.BinaryPrimitives.ReadUInt16LittleEndian(delta.AsSpan(at + 2));
                runs.Add((start, run));
                at += 4 + run;
            }

            for (var i = 0; i < runs.Count; i++)
            {
                var (start, run) = runs[i];
                Assert.NotEqual(previous[start], page[start]);
                Assert.NotEqual(previous[start + run - 1], page[start + run - 1]);
                if (i > 0)
                {
                    Assert.True(start - (runs[i - 1].Start + runs[i - 1].Length) >= 8, $"runs {i - 1} and {i} are only {start - (runs[i - 1].Start + runs[i - 1].Length)} bytes apart");
                }
            }

            var rebuilt = (byte[])previous.Clone();
            Assert.True(WalDelta.TryApply(rebuilt, delta.AsSpan(0, length)));
            Assert.Equal(page, rebuilt);
        }
    }

    [Fact]
    public void Replaying_every_delta_onto_any_earlier_or_torn_version_gives_the_newest()
    {
        var random = new Random(5);
        for (var round = 0; round < 50; round++)
        {
            var versions = new List<byte[]> { RandomPage(random) };
            var deltas = new List<byte[]>();
            for (var i = 0; i < 12; i++)
            {
                var next = Edit(versions[^1], random);
                var buffer = new byte[PageSize * 2];
                var length = WalDelta.Encode(versions[^1], next, buffer);
                deltas.Add(buffer[..length]);
                versions.Add(next);
            }

            for (var older = 0; older < versions.Count; older++)
            {
                for (var newer = older; newer < versions.Count; newer++)
                {
                    // A page torn between two versions, sector by sector, as a cut checkpoint write leaves it.
                    var torn = (byte[])versions[older].Clone();
                    for (var sector = 0; sector < PageSize; sector += 128)
                    {
                        if (random.Next(2) == 0)
                        {
                            versions[newer].AsSpan(sector, 128).CopyTo(torn.AsSpan(sector));
                        }
                    }

                    foreach (var delta in deltas)
                    {
                        Assert.True(WalDelta.TryApply(torn, delta));
                    }

                    Assert.Equal(versions[^1], torn);
                }
            }
        }
    }

    [Fact]
    public void Identical_pages_give_an_empty_delta_and_one_that_does_not_fit_is_refused()
    {
        var random = new Random(2);
        var page = RandomPage(random);
        Assert.Equal(0, WalDelta.Encode(page, page, new byte[16]));
        Assert.Equal(-1, WalDelta.Encode(page, RandomPage(random), new byte[PageSize / 2]));
    }

    [Fact]
    public void A_damaged_delta_whose_run_leaves_the_page_is_refused()
    {
        var page = new byte[PageSize];
        byte[] pastTheEnd = [0xF0, 0x03, 0x20, 0x00, .. new byte[32]]; // offset 1008, 32 bytes
        byte[] cutShort = [0x10, 0x00, 0x08, 0x00, 1, 2, 3];
        Assert.False(WalDelta.TryApply(page, pastTheEnd));
        Assert.False(WalDelta.TryApply(page, cutShort));
        Assert.False(WalDelta.TryApply(page, [0x10, 0x00]));
    }

    [Fact]
    public void A_small_commit_to_full_pages_logs_deltas_far_smaller_than_the_pages()
    {
        var wal = new MemoryStorageDevice("d.db-wal");
        using var engine = TestDatabase.Open(new MemoryStorageDevice("d.db"), wal, TestDatabase.Small(autoCheckpoint: 0));
        using (var tx = engine.BeginWrite())
        {
            var tree = tx.CreateTree("t");
            for (var i = 0; i < 200; i++)
            {
                tree.Put(TestDatabase.Key(i * 2), TestDatabase.Value(i, 30));
            }

            tx.Commit();
        }

        var before = WalFrames.Read(wal.ToArray()).Count;
        using (var tx = engine.BeginWrite())
        {
            // A new value for a key in a full leaf: the page changes, but nothing splits.
            tx.OpenTree("t")!.Put(TestDatabase.Key(200), TestDatabase.Value(1, 30));
            tx.Commit();
        }

        var last = WalFrames.Read(wal.ToArray())[before..];
        Assert.NotEmpty(last);
        Assert.All(last, f => Assert.True(f.Header.PayloadLength < PageSize / 2, $"page {f.Header.PageNumber}: {f.Header.PayloadLength} bytes"));
        Assert.True(last.Sum(f => f.Header.PayloadLength) < PageSize / 2);
    }

    [Fact]
    public void A_page_is_logged_whole_again_after_the_longest_delta_chain()
    {
        var wal = new MemoryStorageDevice("c.db-wal");
        using var engine = TestDatabase.Open(new MemoryStorageDevice("c.db"), wal, TestDatabase.Small(autoCheckpoint: 0));
        for (var i = 0; i < 3 * WriteAheadLog.MaxDeltaChain; i++)
        {
            TestDatabase.CommitPut(engine, 0, i, 30);
        }

        var frames = WalFrames.Read(wal.ToArray());
        foreach (var page in frames.Select(f => f.Header.PageNumber).Distinct())
        {
            var run = 0;
            var whole = 0;
            foreach (var frame in frames.Where(f => f.Header.PageNumber == page))
            {
                run = frame.Header.PayloadLength == PageSize ? 0 : run + 1;
                whole += frame.Header.PayloadLength == PageSize ? 1 : 0;
                Assert.InRange(run, 0, WriteAheadLog.MaxDeltaChain);
            }

            if (frames.Count(f => f.Header.PageNumber == page) > WriteAheadLog.MaxDeltaChain + 1)
            {
                Assert.True(whole >= 2, $"page {page} was logged whole {whole} times");
            }
        }
    }

    [Fact]
    public void Old_snapshots_rebuild_their_versions_from_deltas_with_a_tiny_cache_across_partial_checkpoints()
    {
        using var engine = TestDatabase.Open(new MemoryStorageDevice("s.db"), new MemoryStorageDevice("s.db-wal"), TestDatabase.Small(cachePages: 16, autoCheckpoint: 0));
        var model = new Dictionary<int, int>();
        var random = new Random(9);
        Update(engine, model, Enumerable.Range(0, 300).Select(k => (k, 0)));
        engine.Checkpoint();
        var snapshots = new List<(ReadTransaction Reader, Dictionary<int, int> Expected)>();
        try
        {
            for (var round = 1; round <= 60; round++)
            {
                Update(engine, model, Enumerable.Range(0, 5).Select(_ => (random.Next(400), round)));
                if (round % 6 == 0)
                {
                    snapshots.Add((engine.BeginRead(), new Dictionary<int, int>(model)));
                }

                if (round % 15 == 0)
                {
                    // Copies only up to the oldest live snapshot: the file then holds newer versions than
                    // some delta chains start from.
                    Assert.False(engine.Checkpoint());
                }
            }

            foreach (var (reader, expected) in snapshots)
            {
                AssertTree(reader, expected);
            }
        }
        finally
        {
            snapshots.ForEach(s => s.Reader.Dispose());
        }

        using (var latest = engine.BeginRead())
        {
            AssertTree(latest, model);
        }

        Assert.True(engine.Checkpoint());
        Assert.True(engine.CheckIntegrity().IsValid);
        using var afterCheckpoint = engine.BeginRead();
        AssertTree(afterCheckpoint, model);
    }

    [Fact]
    public void Recovery_replays_delta_chains_onto_a_file_a_partial_checkpoint_moved_ahead()
    {
        var db = new MemoryStorageDevice("r.db");
        var wal = new MemoryStorageDevice("r.db-wal");
        var options = TestDatabase.Small(Durability.Full, cachePages: 16, autoCheckpoint: 0);
        var engine = TestDatabase.Open(db, wal, options);
        var model = new Dictionary<int, int>();
        var random = new Random(4);
        Update(engine, model, Enumerable.Range(0, 300).Select(k => (k, 0)));
        engine.Checkpoint();
        for (var round = 1; round <= 40; round++)
        {
            Update(engine, model, Enumerable.Range(0, 4).Select(_ => (random.Next(400), round)));
        }

        using (engine.BeginRead())
        {
            for (var round = 41; round <= 80; round++)
            {
                Update(engine, model, Enumerable.Range(0, 4).Select(_ => (random.Next(400), round)));
            }

            Assert.False(engine.Checkpoint());
        }

        for (var round = 81; round <= 100; round++)
        {
            Update(engine, model, Enumerable.Range(0, 4).Select(_ => (random.Next(400), round)));
        }

        Assert.Contains(WalFrames.Read(wal.ToArray()), f => f.Header.PayloadLength < PageSize);

        // The engine is abandoned, not disposed (as by a crash): the WAL still holds every commit.
        using var recovered = TestDatabase.Open(new MemoryStorageDevice("r.db", db.ToArray()), new MemoryStorageDevice("r.db-wal", wal.ToArray()), options);
        Assert.True(recovered.CheckIntegrity().IsValid);
        using var read = recovered.BeginRead();
        AssertTree(read, model);
    }

    private static void Update(StorageEngine engine, Dictionary<int, int> model, IEnumerable<(int Key, int Version)> changes)
    {
        using var tx = engine.BeginWrite();
        var tree = tx.OpenOrCreateTree("t");
        foreach (var (key, version) in changes)
        {
            tree.Put(TestDatabase.Key(key), TestDatabase.Value((key * 1000) + version, 24));
            model[key] = version;
        }

        tx.Commit();
    }

    private static void AssertTree(ReadTransaction reader, Dictionary<int, int> expected)
    {
        var tree = reader.OpenTree("t")!;
        var count = 0;
        var cursor = tree.CreateCursor();
        for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
        {
            count++;
        }

        Assert.Equal(expected.Count, count);
        foreach (var (key, version) in expected)
        {
            Assert.True(tree.TryGet(TestDatabase.Key(key), out var value), $"key {key}");
            Assert.True(value.Span.SequenceEqual(TestDatabase.Value((key * 1000) + version, 24)), $"key {key} version {version}");
        }
    }

    private static byte[] RandomPage(Random random)
    {
        var page = new byte[PageSize];
        random.NextBytes(page);
        return page;
    }

    // Changes like a slotted page's: a few overwritten runs, sometimes a shifted block (a slot inserted).
    private static byte[] Edit(byte[] previous, Random random)
    {
        var page = (byte[])previous.Clone();
        for (var edits = random.Next(1, 5); edits > 0; edits--)
        {
            var start = random.Next(PageSize);
            var length = Math.Min(random.Next(1, 80), PageSize - start);
            if (random.Next(3) == 0 && start + length + 2 <= PageSize)
            {
                page.AsSpan(start, length).CopyTo(page.AsSpan(start + 2));
            }
            else
            {
                random.NextBytes(page.AsSpan(start, length));
            }
        }

        return page;
    }
}
