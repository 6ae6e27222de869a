using DocStore.BTree;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Storage.Encryption;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.Encryption;

/// <summary>
/// The logs' encrypted layout (docs/storage.md, "Encryption"): 4 KiB slots of 4,064 plaintext bytes, so a
/// write of whole blocks reaches the file as whole aligned 4 KiB units; small commits packed into blocks no
/// fsync has covered; and a file of an older envelope version refused with a message naming it.
/// </summary>
public sealed class EncryptedLogLayoutTests
{
    private static DatabaseKey NewKey() => DatabaseKey.New(new EncryptionSecret(EncryptedFilesTests.TestKey, null, 0), 1024);

    [Fact]
    public void Whole_log_blocks_are_written_as_whole_aligned_4_KiB_slots()
    {
        var inner = new AlignmentRecordingDevice("a.db-redo", 4096);
        using var log = NewKey().WrapLog(inner, CipherEnvelope.RedoKind);
        Assert.Equal(4064, log.LogBlockSize);
        Assert.Equal(4064, log.PreferredWriteAlignment);

        var record = AlignedBuffer.Allocate(2 * 4064, 4096);
        new Random(7).NextBytes(record.Span);
        log.Write(0, new byte[] { 1, 2, 3, 4 });
        log.BeginWrite(4064, record, 4064);
        log.EndWrite();
        Assert.Equal((8192L, 4096), inner.Writes[^1]);
        log.Write(2 * 4064, record.Span);
        Assert.Equal((12288L, 8192), inner.Writes[^1]);

        var back = new byte[3 * 4064];
        Assert.Equal(back.Length, log.Read(4064, back));
        Assert.True(back.AsSpan(0, 4064).SequenceEqual(record.Span[..4064]));
        Assert.True(back.AsSpan(4064).SequenceEqual(record.Span));
    }

    [Fact]
    public void A_log_over_a_device_without_unbuffered_writes_asks_for_no_alignment()
    {
        using var log = NewKey().WrapLog(new MemoryStorageDevice("m.db-wal"), CipherEnvelope.WalKind);
        Assert.Equal(4064, log.LogBlockSize);
        Assert.Equal(1, log.PreferredWriteAlignment);
    }

    [Fact]
    public void Small_commits_under_Normal_durability_share_blocks_and_all_recover()
    {
        var key = NewKey();
        var db = new MemoryStorageDevice("e.db");
        var wal = new MemoryStorageDevice("e.db-wal");
        var options = TestDatabase.Small(Durability.Normal, autoCheckpoint: 0);
        var engine = TestDatabase.Open(key.WrapDatabase(db), key.WrapLog(wal, CipherEnvelope.WalKind), options);
        for (var i = 0; i < 30; i++)
        {
            TestDatabase.CommitPut(engine, i, i, 40);
        }

        // The decrypted log: thirty commits one after another in far fewer than thirty blocks.
        using var copy = key.WrapLog(new MemoryStorageDevice("copy", wal.ToArray()), CipherEnvelope.WalKind);
        var image = new byte[copy.Length];
        copy.Read(0, image);
        var frames = WalFrames.Read(image, copy.LogBlockSize);
        Assert.Equal(engine.WalFrameCount, frames.Count);
        for (var i = 1; i < frames.Count; i++)
        {
            Assert.Equal(frames[i - 1].Offset + frames[i - 1].Length, frames[i].Offset);
        }

        Assert.True(frames[^1].Offset + frames[^1].Length < 8 * 4064, $"the frames end at {frames[^1].Offset + frames[^1].Length}");

        // Recovered from copies of the files alone, while the abandoned engine still has them open.
        using var recovered = TestDatabase.Open(key.WrapDatabase(new MemoryStorageDevice("e.db", db.ToArray())), key.WrapLog(new MemoryStorageDevice("e.db-wal", wal.ToArray()), CipherEnvelope.WalKind), options);
        Assert.True(recovered.CheckIntegrity().IsValid);
        using var read = recovered.BeginRead();
        for (var i = 0; i < 30; i++)
        {
            Assert.True(read.OpenTree("t")!.TryGet(TestDatabase.Key(i), out var value), $"key {i}");
            Assert.True(value.Span.SequenceEqual(TestDatabase.Value(i, 40)));
        }

        GC.KeepAlive(engine);
    }

    [Fact]
    public void A_file_of_envelope_version_1_is_refused_naming_the_version()
    {
        using var dir = new TempDirectory();
        var path = dir.File("v1.db");
        using (var db = DocStoreDatabase.Open(path, new DocStoreOptions { EncryptionKey = EncryptedFilesTests.TestKey }))
        {
            db.GetCollection("c").Insert(new DocStore.Bson.Model.BsonDocument { { "_id", 1 } });
        }

        // The envelope as version 1 wrote it: the version field, and the checksum over it.
        var bytes = File.ReadAllBytes(path);
        System.Buffers.Binary.BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(32), 1);
        System.Buffers.Binary.BinaryPrimitives.WriteUInt32LittleEndian(bytes, ~DocStore.Storage.Pages.Crc32C.Append(0xFFFFFFFFu, bytes.AsSpan(4, CipherEnvelope.Size - 4)));
        File.WriteAllBytes(path, bytes);

        var e = Assert.Throws<DatabaseCorruptException>(() => DocStoreDatabase.Open(path, new DocStoreOptions { EncryptionKey = EncryptedFilesTests.TestKey }));
        Assert.Contains("envelope version 1", e.Message, StringComparison.Ordinal);
        Assert.Contains("reads envelope version 2", e.Message, StringComparison.Ordinal);
        Assert.Equal(path, e.FileName);
    }
}
