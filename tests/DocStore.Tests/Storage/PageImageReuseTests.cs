using System.Buffers.Binary;
using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Storage.Pages;
using DocStore.Storage.Paging;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage;

/// <summary>
/// A file database reuses page images that left the cache, but only once no transaction that could have
/// picked them up is left: what a transaction read stays as it was until the transaction ends.
/// </summary>
public sealed class PageImageReuseTests
{
    private const int PageSize = 1024;

    [Fact]
    public void An_image_retired_under_a_registered_reader_waits_for_that_reader()
    {
        var registry = new ReaderRegistry(visibleLsn: 1);
        var pool = new PagePool(PageSize, registry);
        var reader = registry.Register();
        var image = new byte[PageSize];
        pool.Retire(image);

        Assert.NotSame(image, pool.Rent());
        registry.Publish(2);
        Assert.NotSame(image, pool.Rent());

        reader.Leave();
        Assert.Same(image, pool.Rent());
    }

    [Fact]
    public void Readers_that_register_after_a_retirement_do_not_hold_it_back_once_its_epoch_is_closed()
    {
        var registry = new ReaderRegistry(visibleLsn: 1);
        var pool = new PagePool(PageSize, registry);
        var image = new byte[PageSize];
        pool.Retire(image);
        var sameEpoch = registry.Register();

        // The first attempt finds a reader in the retirement's epoch and closes that epoch.
        Assert.NotSame(image, pool.Rent());
        var later = registry.Register();
        Assert.True(later.Epoch > sameEpoch.Epoch);
        Assert.NotSame(image, pool.Rent());

        sameEpoch.Leave();
        Assert.Same(image, pool.Rent());
        later.Leave();
    }

    [Fact]
    public void A_pin_holds_back_what_is_retired_after_it_and_a_released_image_is_reused_at_once()
    {
        var registry = new ReaderRegistry(visibleLsn: 1);
        var pool = new PagePool(PageSize, registry);
        var pin = pool.PinImages();
        var retired = new byte[PageSize];
        pool.Retire(retired);
        Assert.NotSame(retired, pool.Rent());

        var released = new byte[PageSize];
        pool.Release(released);
        Assert.Same(released, pool.Rent());

        pin.Dispose();
        Assert.Same(retired, pool.Rent());
    }

    [Fact]
    public void The_waiting_list_is_bounded_and_its_oldest_go_to_the_collector()
    {
        var registry = new ReaderRegistry(visibleLsn: 1);
        var pool = new PagePool(PageSize, registry);
        var reader = registry.Register();
        for (var i = 0; i < PagePool.MaxRetired + 10; i++)
        {
            pool.Retire(new byte[PageSize]);
        }

        Assert.Equal(PagePool.MaxRetired, pool.RetiredCount);
        reader.Leave();
    }

    [Fact]
    public void A_commit_retiring_more_than_the_smallest_bound_is_served_again_without_new_images()
    {
        // What a commit retires comes free only after it; if the free list could not hold all of it, the
        // next commit of the same size would allocate the difference anew (and leave as much pinned garbage).
        var registry = new ReaderRegistry(visibleLsn: 1);
        var pool = new PagePool(PageSize, registry, maxFree: 2 * PagePool.MinFree);
        var images = new HashSet<byte[]>(ReferenceEqualityComparer.Instance);
        var pin = pool.PinImages();
        for (var i = 0; i < PagePool.MinFree + 100; i++)
        {
            var image = new byte[PageSize];
            images.Add(image);
            pool.Retire(image);
        }

        pin.Dispose();
        for (var i = 0; i < PagePool.MinFree + 100; i++)
        {
            Assert.Contains(pool.Rent(), images);
        }

        Assert.Equal(PagePool.MinFree + 100, pool.Reused);
    }

    // Reads until the writers' commits reused a thousand images, which in memory only commits do: with the
    // invariant check before every commit that takes too long, so .ci/run's invariants run leaves this test out.
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    [Trait("InvariantsRun", "Excluded")]
    public async Task Values_a_reader_holds_do_not_change_while_writers_churn_a_small_cache(bool inMemory)
    {
        // A 16-page cache over a tree of a few hundred pages: every commit and most reads evict, so images are
        // retired and reused all the time while readers keep values from pages long gone from the cache. In
        // memory, checkpoints every few commits and restarts between read transactions do the retiring.
        using var temp = new TempDirectory();
        var options = new StorageOptions { PageSize = PageSize, CacheSizePages = 16, Durability = Durability.Normal, AutoCheckpointFrames = 200 };
        using var engine = inMemory ? TestDatabase.OpenMemory(options) : StorageEngine.Open(temp.File("reuse.db"), options);
        const int Keys = 2000;
        using (var tx = engine.BeginWrite())
        {
            var tree = tx.CreateTree("t");
            for (var k = 0; k < Keys; k++)
            {
                tree.Put(Key(k), Value(k, 0));
            }

            tx.Commit();
        }

        var stop = false;
        var writer = Task.Factory.StartNew(
            () =>
            {
                var random = new Random(3);
                for (var version = 1; !Volatile.Read(ref stop); version++)
                {
                    using var tx = engine.BeginWrite();
                    var tree = tx.OpenTree("t")!;
                    for (var i = 0; i < 5; i++)
                    {
                        var k = random.Next(Keys);
                        tree.Put(Key(k), Value(k, version));
                    }

                    if (version % 7 == 0)
                    {
                        tx.Rollback();
                    }
                    else
                    {
                        tx.Commit();
                    }
                }
            },
            CancellationToken.None,
            TaskCreationOptions.LongRunning,
            TaskScheduler.Default);

        // Each reader runs at least MinRounds read transactions, and goes on until images were reused
        // ReusedWanted times while it read: counts of work, whatever the machine's load.
        const int MinRounds = 50, ReusedWanted = 1000;
        var readers = Enumerable.Range(0, 2).Select(seed => Task.Factory.StartNew(
            () =>
            {
                var random = new Random(seed);
                for (var round = 0; (round < MinRounds || engine.Pager.Pool.Reused <= ReusedWanted) && !Volatile.Read(ref stop); round++)
                {
                    using var read = engine.BeginRead();
                    var tree = read.OpenTree("t")!;
                    var held = new List<(int Key, ReadOnlyMemory<byte> Value, byte[] Copy)>();
                    for (var i = 0; i < 40; i++)
                    {
                        var k = random.Next(Keys);
                        Assert.True(tree.TryGet(Key(k), out var value));
                        CheckValue(k, value.Span);
                        held.Add((k, value, value.ToArray()));
                    }

                    // Everything read earlier in this transaction is still what it was.
                    foreach (var (k, value, copy) in held)
                    {
                        Assert.True(value.Span.SequenceEqual(copy), $"the value of key {k} changed under its reader");
                        Assert.True(tree.TryGet(Key(k), out var again));
                        Assert.True(again.Span.SequenceEqual(copy), $"key {k} read twice in one snapshot differs");
                    }
                }
            },
            CancellationToken.None,
            TaskCreationOptions.LongRunning,
            TaskScheduler.Default)).ToArray();

        try
        {
            await HangGuard.WaitAsync(Task.WhenAll(readers), $"{ReusedWanted} reused images under the readers");
        }
        finally
        {
            Volatile.Write(ref stop, true);
            await writer;
        }

        Assert.True(engine.Pager.Pool.Reused > ReusedWanted, $"only {engine.Pager.Pool.Reused} images were reused");
        Assert.True(engine.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_transaction_that_touches_more_pages_than_the_cache_holds_logs_deltas_against_intact_sources()
    {
        // The writer copies pages it keeps the committed sources of (for the WAL's deltas) while its own reads
        // evict them from a 16-page cache; with no reader registered, only the writer's pin keeps them from
        // being reused for its next copies. Recovery rebuilds every page from those deltas.
        var db = new MemoryStorageDevice("big.db");
        var wal = new MemoryStorageDevice("big.db-wal");
        var options = new StorageOptions { PageSize = PageSize, CacheSizePages = 16, Durability = Durability.Full, AutoCheckpointFrames = 0 };
        var engine = TestDatabase.Open(db, wal, options);
        const int Keys = 3000;
        using (var tx = engine.BeginWrite())
        {
            var tree = tx.CreateTree("t");
            for (var k = 0; k < Keys; k++)
            {
                tree.Put(Key(k), Value(k, 0));
            }

            tx.Commit();
        }

        Assert.True(engine.Checkpoint());
        for (var round = 1; round <= 3; round++)
        {
            using var tx = engine.BeginWrite();
            var tree = tx.OpenTree("t")!;
            for (var k = round; k < Keys; k += 4)
            {
                tree.Put(Key(k), Value(k, round));
            }

            tx.Commit();
        }

        Assert.True(engine.Pager.Pool.Reused > 0);

        // Each transaction changed a quarter of the values of every leaf in place: every frame is a small
        // delta against the source the writer copied from. A source reused under the writer would have turned
        // into another page's bytes, and its delta into a whole page (or a wrong one, which recovery refuses).
        var frames = WalFrames.Read(wal.ToArray());
        Assert.True(frames.Count > 100, $"{frames.Count} frames");
        Assert.All(frames, f => Assert.True(f.Header.PayloadLength < PageSize / 2, $"a frame of page {f.Header.PageNumber} carries {f.Header.PayloadLength} bytes"));

        // Not disposed: the next open recovers the three transactions from the log.
        using var recovered = TestDatabase.Open(new MemoryStorageDevice("big.db", db.ToArray()), new MemoryStorageDevice("big.db-wal", wal.ToArray()), options);
        Assert.True(recovered.CheckIntegrity().IsValid);
        using var read = recovered.BeginRead();
        var reopened = read.OpenTree("t")!;
        for (var k = 0; k < Keys; k++)
        {
            Assert.True(reopened.TryGet(Key(k), out var value));
            Assert.True(value.Span.SequenceEqual(Value(k, k % 4)), $"key {k}");
        }
    }

    private static byte[] Key(int k)
    {
        var key = new byte[4];
        BinaryPrimitives.WriteInt32BigEndian(key, k);
        return key;
    }

    // 64 bytes: the key, the version, then bytes derived from both, so a value that is not one written for
    // its key (another page's bytes, a torn mix) fails the check.
    private static byte[] Value(int k, int version)
    {
        var value = new byte[64];
        BinaryPrimitives.WriteInt32LittleEndian(value, k);
        BinaryPrimitives.WriteInt32LittleEndian(value.AsSpan(4), version);
        new Random(HashCode.Combine(k, version)).NextBytes(value.AsSpan(8));
        return value;
    }

    private static void CheckValue(int k, ReadOnlySpan<byte> value)
    {
        Assert.Equal(64, value.Length);
        Assert.Equal(k, BinaryPrimitives.ReadInt32LittleEndian(value));
        Assert.True(value.SequenceEqual(Value(k, BinaryPrimitives.ReadInt32LittleEndian(value[4..]))), $"the value of key {k} is not one that was written");
    }
}
