using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Encryption;
using DocStore.Tests.Crash;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.Encryption;

/// <summary>
/// The double-write file of an encrypted database: a checkpoint that a power cut interrupts leaves a page
/// torn, which no longer decrypts, while WAL deltas rest on it; recovery reads it from the double-write file.
/// </summary>
public sealed class EncryptedDoubleWriteTests
{
    [Theory]
    [InlineData(40)]
    [InlineData(300)]
    [InlineData(1000)]
    public void A_page_torn_by_an_interrupted_checkpoint_is_read_from_the_double_write_file(int tearBytes)
    {
        var (rig, options) = TornCheckpoint();
        using var recovered = rig.Reopen(tearBytes, options);
        AssertIntact(recovered, round: 2);

        // The next checkpoint rewrites the torn page whole and empties the double-write file.
        recovered.Checkpoint();
        Touch(recovered, round: 3);
        AssertIntact(recovered, round: 3);
    }

    [Fact]
    public void Without_its_double_write_file_the_torn_page_is_reported_as_damage()
    {
        // Shows that the deltas rest on the file's pages, and that the double-write file is what recovers them.
        var (rig, options) = TornCheckpoint();
        Assert.Throws<DatabaseCorruptException>(() =>
        {
            using var recovered = rig.Reopen(300, options, loseDoubleWrite: true);
            AssertIntact(recovered, round: 2);
        });
    }

    [Fact]
    public void A_finished_checkpoint_leaves_the_double_write_file_empty()
    {
        var options = TestDatabase.Small(Durability.Full, autoCheckpoint: 0);
        var rig = PowerCutRig.Encrypted(EncryptedFilesTests.TestKey);
        using var engine = rig.Open(options);
        for (var id = 1; id <= 8; id++)
        {
            NumberedTransactions.Commit(engine, id);
        }

        var flushes = rig.DoubleWrite.FlushCount;
        engine.Checkpoint();
        Assert.True(rig.DoubleWrite.FlushCount > flushes, "the checkpoint made its images durable first");
        Assert.True(rig.DoubleWrite.Length <= CipherEnvelope.Size, $"{rig.DoubleWrite.Length} bytes left in the double-write file");
    }

    private const int TouchedKeys = 60;

    // Commits 1-8 and a tree of small values, a checkpoint, then one commit that overwrites every small value
    // in place (a delta on each of that tree's pages in the file), then a checkpoint whose fsync of the
    // database file fails, so its page writes are what a power cut may tear.
    internal static (PowerCutRig Rig, StorageOptions Options) TornCheckpoint()
    {
        var options = TestDatabase.Small(Durability.Full, autoCheckpoint: 0);
        var rig = PowerCutRig.Encrypted(EncryptedFilesTests.TestKey);
        var engine = rig.Open(options);
        for (var id = 1; id <= 8; id++)
        {
            NumberedTransactions.Commit(engine, id);
        }

        Touch(engine, round: 1);
        engine.Checkpoint();
        Touch(engine, round: 2);
        rig.Db.FailFlush = true;
        Assert.Throws<StorageFailedException>(() => engine.Checkpoint());
        return (rig, options);
    }

    private static void Touch(StorageEngine engine, int round)
    {
        using var tx = engine.BeginWrite();
        var tree = tx.OpenOrCreateTree("u");
        for (var k = 0; k < TouchedKeys; k++)
        {
            tree.Put(TestDatabase.Key(k), SmallValue(k, round));
        }

        tx.Commit();
    }

    internal static void AssertIntact(StorageEngine engine, int round)
    {
        Assert.Equal(Enumerable.Range(1, 8), NumberedTransactions.Present(engine, 8));
        using (var tx = engine.BeginRead())
        {
            var tree = tx.OpenTree("u");
            Assert.NotNull(tree);
            for (var k = 0; k < TouchedKeys; k++)
            {
                Assert.True(tree.TryGet(TestDatabase.Key(k), out var value), $"key {k} is missing");
                Assert.True(value.Span.SequenceEqual(SmallValue(k, round)), $"key {k}: not the value of round {round}");
            }
        }

        Assert.True(engine.CheckIntegrity().IsValid);
    }

    // Values of two rounds differ in one byte, so a round's delta on a page is a few bytes per value.
    private static byte[] SmallValue(int k, int round) => [.. Enumerable.Range(0, 24).Select(i => (byte)(i == 0 ? round : (k * 31) + i))];
}
