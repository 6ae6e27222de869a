using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Storage.Redo;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage;

/// <summary>
/// The redo log file on its own, without an engine: records come back from a reopened file exactly as
/// appended, a torn record ends the log, a damaged record that an fsync covered is reported, and a reset,
/// a cancelled record and the preallocated zeros all leave nothing behind to replay.
/// </summary>
public sealed class RedoLogFileTests
{
    private const int Block = RedoFormat.BlockSize;

    [Fact]
    public void A_fresh_device_gets_a_header_and_no_records_and_opening_it_again_changes_nothing()
    {
        var device = new MemoryStorageDevice("r.db-redo");
        using (var log = RedoLog.Open(device, out var records))
        {
            Assert.Empty(records);
            Assert.Equal(0, log.RecordCount);

            // Opening writes nothing: the header waits for the first write (a full disk must not stop an open).
            Assert.Equal(0, device.Length);
            Assert.True(log.HasOpenWork);
            log.FinishOpen();
        }

        var image = device.ToArray();
        Assert.Equal(Block, image.Length);
        Assert.NotNull(RedoFormat.ReadHeaderSalt(image));

        // An open that finds a valid header leaves the file as it was: a failed open must keep what it found.
        var copy = new MemoryStorageDevice("r.db-redo", image);
        using (RedoLog.Open(copy, out var again))
        {
            Assert.Empty(again);
        }

        Assert.Equal(image, copy.ToArray());
    }

    [Fact]
    public void Appended_records_come_back_in_order_with_their_sequence_start_lsn_and_operations()
    {
        // Sizes around the block: no operations, a small record, exactly one block, one byte more, several blocks.
        var operations = new[] { Ops(1, 0), Ops(2, 130), Ops(3, Block - RedoFormat.RecordHeaderSize), Ops(4, Block - RedoFormat.RecordHeaderSize + 1), Ops(5, 3 * Block + 17) };
        var lsns = new long[] { 1, 2, 9, 10, 500 };
        var device = new MemoryStorageDevice("r.db-redo");
        using var log = RedoLog.Open(device, out _);
        for (var i = 0; i < operations.Length; i++)
        {
            Append(log, lsns[i], operations[i]);
        }

        Assert.Equal(operations.Length, log.RecordCount);
        var image = device.ToArray();
        AssertRecords(Reopen(image), lsns, operations);

        // Each record starts on a block, right after the one before it, so an unbuffered write can take it.
        var offset = (long)Block;
        for (var i = 0; i < operations.Length; i++)
        {
            var header = RedoFormat.ReadRecordHeader(image.AsSpan((int)offset));
            Assert.True(header.HasMagic);
            Assert.Equal(i + 1, header.Sequence);
            Assert.Equal(operations[i].Length, header.OperationsLength);
            offset += RedoFormat.RecordLength(operations[i].Length);
        }

        Assert.Equal(0, offset % Block);
        Assert.False(RedoFormat.ReadRecordHeader(image.AsSpan((int)offset)).HasMagic);
    }

    [Fact]
    public void A_reopened_log_appends_after_its_last_record_with_the_next_sequence()
    {
        var operations = Enumerable.Range(0, 5).Select(i => Ops(i, 50 + (i * 1500))).ToArray();
        var lsns = new long[] { 3, 4, 5, 6, 7 };
        var first = new MemoryStorageDevice("r.db-redo");
        using (var log = RedoLog.Open(first, out _))
        {
            for (var i = 0; i < 3; i++)
            {
                Append(log, lsns[i], operations[i]);
            }
        }

        var second = new MemoryStorageDevice("r.db-redo", first.ToArray());
        using (var log = RedoLog.Open(second, out var found))
        {
            Assert.Equal(3, found.Count);
            Assert.Equal(3, log.RecordCount);
            Append(log, lsns[3], operations[3]);
            Append(log, lsns[4], operations[4]);
        }

        AssertRecords(Reopen(second.ToArray()), lsns, operations);
    }

    [Fact]
    public void A_record_begun_with_two_spans_stores_them_one_after_the_other()
    {
        // Larger than the log's first buffer together, so the record's buffer has to grow to take both.
        var recorded = Ops(1, 10_000);
        var announced = Ops(2, 9_000);
        var device = new MemoryStorageDevice("r.db-redo");
        using var log = RedoLog.Open(device, out _);
        Append(log, 1, Ops(3, 20));
        log.BeginAppend(2, previousLink: 0, recorded, announced);
        Assert.True(log.WritingMatches([.. recorded, .. announced]));
        log.EndAppend();
        log.BeginAppend(3, previousLink: 0, [], announced);
        log.EndAppend();

        var records = Reopen(device.ToArray());
        AssertRecords(records, [1, 2, 3], [Ops(3, 20), [.. recorded, .. announced], announced]);
    }

    [Fact]
    public void A_record_torn_at_the_end_ends_the_log_and_the_next_record_takes_its_place()
    {
        var operations = new[] { Ops(1, 100), Ops(2, 3000), Ops(3, 2 * Block) };
        var device = new MemoryStorageDevice("r.db-redo");
        using (var log = RedoLog.Open(device, out _))
        {
            for (var i = 0; i < operations.Length; i++)
            {
                Append(log, i + 1, operations[i]);
            }
        }

        var image = device.ToArray();
        var last = Block + RedoFormat.RecordLength(operations[0].Length) + RedoFormat.RecordLength(operations[1].Length);
        var tears = new (string What, Action<byte[]> Tear)[]
        {
            ("a byte of its operations", b => b[last + RedoFormat.RecordHeaderSize + 5] ^= 0x10),
            ("a byte of its last block", b => b[last + RedoFormat.RecordHeaderSize + operations[2].Length - 1] ^= 0x01),
            ("its start LSN", b => b[last + 24] ^= 0x01),
            ("its magic", b => b[last] ^= 0xFF),
            ("its later blocks, never written", b => b.AsSpan(last + Block, 2 * Block).Clear()),
            ("all of it, never written", b => b.AsSpan(last, RedoFormat.RecordLength(operations[2].Length)).Clear()),
        };
        foreach (var (what, tear) in tears)
        {
            var torn = (byte[])image.Clone();
            tear(torn);
            var records = Reopen(torn);
            Assert.True(records.Count == 2, $"torn {what}: {records.Count} records");
            AssertRecords(records, [1, 2], operations[..2]);
        }

        // Appending after such an open overwrites the torn record with the same sequence.
        var damaged = (byte[])image.Clone();
        tears[0].Tear(damaged);
        var reopened = new MemoryStorageDevice("r.db-redo", damaged);
        var replacement = Ops(9, 40);
        using (var log = RedoLog.Open(reopened, out _))
        {
            Append(log, 3, replacement);
        }

        AssertRecords(Reopen(reopened.ToArray()), [1, 2, 3], [operations[0], operations[1], replacement]);
    }

    [Fact]
    public void A_power_cut_keeps_the_flushed_records_and_a_record_torn_short_of_its_last_byte_ends_the_log()
    {
        var operations = new[] { Ops(1, 100), Ops(2, 200), Ops(3, 300) };
        var device = new FaultInjectingStorageDevice("r.db-redo");
        using var log = RedoLog.Open(device, out _);
        Append(log, 1, operations[0]);
        Append(log, 2, operations[1]);
        log.Flush();
        Append(log, 3, operations[2]);

        // The third record is the one unsynced write (the zeros ahead were written, and flushed, with the first).
        Assert.Equal(1, device.UnsyncedWriteCount);
        var whole = RedoFormat.RecordHeaderSize + operations[2].Length;
        foreach (var tear in new[] { 0, 1, 8, RedoFormat.RecordHeaderSize - 1, RedoFormat.RecordHeaderSize, whole - 1 })
        {
            AssertRecords(Reopen(device.PowerCut(tear)), [1, 2], operations[..2]);
        }

        // Every byte the checksum covers arrived (only padding is missing): the record is whole.
        AssertRecords(Reopen(device.PowerCut(whole)), [1, 2, 3], operations);
    }

    [Fact]
    public void A_damaged_record_that_a_later_record_says_was_flushed_is_corruption()
    {
        // Flushed between the second and third appends: the third record says sequence 2 was durable, so a
        // damaged second record is an acknowledged commit lost, not a torn end.
        var (image, offsets) = ThreeRecords(flushAfter: 2);
        Assert.Equal(2, RedoFormat.ReadRecordHeader(image.AsSpan(offsets[2])).SyncedSequence);

        var damaged = Damage(image, offsets[1]);
        var error = Assert.Throws<DatabaseCorruptException>(() => Reopen(damaged, "x.db-redo"));
        Assert.Equal("x.db-redo", error.FileName);

        // Damage to the last record is still just a torn end: nothing after it vouches for it.
        Assert.Equal(2, Reopen(Damage(image, offsets[2])).Count);
    }

    [Fact]
    public void A_damaged_record_that_no_later_record_says_was_flushed_ends_the_log()
    {
        // No flush at all: every record says nothing was durable when it was written.
        var (unflushed, offsets) = ThreeRecords(flushAfter: null);
        Assert.Equal(0, RedoFormat.ReadRecordHeader(unflushed.AsSpan(offsets[2])).SyncedSequence);
        var records = Reopen(Damage(unflushed, offsets[1]));
        Assert.Equal(1, Assert.Single(records).Sequence);

        // Flushed after the first record only: the later records vouch for sequence 1, not for 2.
        var (flushedFirst, _) = ThreeRecords(flushAfter: 1);
        Assert.Equal(1, RedoFormat.ReadRecordHeader(flushedFirst.AsSpan(offsets[2])).SyncedSequence);
        Assert.Equal(1, Assert.Single(Reopen(Damage(flushedFirst, offsets[1]))).Sequence);
        Assert.Throws<DatabaseCorruptException>(() => Reopen(Damage(flushedFirst, offsets[0])));
    }

    [Fact]
    public void After_a_reset_the_old_records_still_in_the_file_are_not_returned_and_new_ones_are()
    {
        var device = new MemoryStorageDevice("r.db-redo");
        using var log = RedoLog.Open(device, out _);
        for (var i = 1; i <= 3; i++)
        {
            Append(log, i, Ops(i, 100));
        }

        var oldSalt = RedoFormat.ReadHeaderSalt(device.ToArray());
        log.Reset();
        Assert.Equal(0, log.RecordCount);
        var image = device.ToArray();
        var newSalt = RedoFormat.ReadHeaderSalt(image);
        Assert.NotNull(newSalt);
        Assert.NotEqual(oldSalt, newSalt);

        // The old records are still there, intact, under the old salt: only the header makes them the past.
        var old = RedoFormat.ReadRecordHeader(image.AsSpan(Block));
        Assert.True(old.HasMagic);
        Assert.Equal(oldSalt, old.Salt);
        Assert.Equal(1, old.Sequence);
        Assert.Empty(Reopen(image));

        // Two new records over the first two old ones; the third old record after them is not taken for a third.
        Append(log, 20, Ops(20, 100));
        Append(log, 21, Ops(21, 100));
        Assert.Equal(oldSalt, RedoFormat.ReadRecordHeader(device.ToArray().AsSpan(3 * Block)).Salt);
        AssertRecords(Reopen(device.ToArray()), [20, 21], [Ops(20, 100), Ops(21, 100)]);
    }

    [Fact]
    public void A_record_cancelled_with_erase_is_gone_for_good_and_the_next_record_takes_its_place_and_sequence()
    {
        var device = new FaultInjectingStorageDevice("r.db-redo");
        using var log = RedoLog.Open(device, out _);
        Append(log, 1, Ops(1, 100));
        Append(log, 2, Ops(2, 100));
        var flushes = device.FlushCount;

        // Larger than the record that replaces it, so what the replacement does not cover must be erased too.
        var cancelled = Ops(3, 2 * Block);
        log.BeginAppend(3, previousLink: 0, cancelled);
        log.CancelAppend(erase: true);
        Assert.Equal(2, log.RecordCount);
        Assert.False(log.WritingMatches(cancelled));

        // Erased and flushed: another thread's flush may already have made the record durable, so a power cut
        // right now must not find it.
        Assert.Equal(flushes + 1, device.FlushCount);
        Assert.Equal(0, device.UnsyncedWriteCount);
        var cut = device.PowerCut();
        AssertRecords(Reopen(cut), [1, 2], [Ops(1, 100), Ops(2, 100)]);
        var at = 3 * Block;
        Assert.All(cut.AsSpan(at, RedoFormat.RecordLength(cancelled.Length)).ToArray(), b => Assert.Equal(0, b));

        var next = Ops(4, 100);
        Append(log, 3, next);
        Assert.Equal(3, log.RecordCount);
        var header = RedoFormat.ReadRecordHeader(Content(device).AsSpan(at));
        Assert.Equal(3, header.Sequence);
        Assert.Equal(next.Length, header.OperationsLength);
        AssertRecords(Reopen(Content(device)), [1, 2, 3], [Ops(1, 100), Ops(2, 100), next]);
    }

    [Fact]
    public void A_record_cancelled_without_erase_is_replaced_in_place_by_the_next_one()
    {
        // What a commit does when its changes differ from the record it started early: the replacement goes
        // where the first one went, with its sequence, and nothing is flushed for it.
        var device = new FaultInjectingStorageDevice("r.db-redo");
        using var log = RedoLog.Open(device, out _);
        Append(log, 1, Ops(1, 100));
        var flushes = device.FlushCount;
        log.BeginAppend(2, previousLink: 0, Ops(2, 5000));
        log.CancelAppend(erase: false);
        Assert.Equal(1, log.RecordCount);
        Assert.Equal(flushes, device.FlushCount);

        Append(log, 2, Ops(3, 100));
        AssertRecords(Reopen(Content(device)), [1, 2], [Ops(1, 100), Ops(3, 100)]);

        // Nothing outstanding: cancelling again changes nothing.
        log.CancelAppend(erase: true);
        Assert.Equal(2, log.RecordCount);
        Assert.Equal(flushes, device.FlushCount);
    }

    [Fact]
    public void Writing_matches_only_the_exact_operations_of_the_record_being_written()
    {
        var operations = Ops(1, 300);
        using var log = RedoLog.Open(new MemoryStorageDevice("r.db-redo"), out _);
        Assert.False(log.WritingMatches(operations));

        log.BeginAppend(1, previousLink: 0, operations);
        Assert.True(log.WritingMatches(operations));
        var changed = (byte[])operations.Clone();
        changed[^1] ^= 1;
        Assert.False(log.WritingMatches(changed));
        Assert.False(log.WritingMatches(operations.AsSpan(..^1)));
        Assert.False(log.WritingMatches([.. operations, 0]));
        Assert.False(log.WritingMatches([]));
        log.EndAppend();

        // Once written, there is no record being written to match.
        Assert.False(log.WritingMatches(operations));
    }

    [Fact]
    public void A_header_that_fails_its_checksum_with_records_after_it_is_corruption()
    {
        var device = new MemoryStorageDevice("r.db-redo");
        using (var log = RedoLog.Open(device, out _))
        {
            Append(log, 1, Ops(1, 100));
            Append(log, 2, Ops(2, 100));
        }

        var image = device.ToArray();
        foreach (var at in new[] { 0, 4, 8, 12 })
        {
            // Magic, version, salt, checksum: a header that cannot be trusted cannot say which records are current.
            var damaged = (byte[])image.Clone();
            damaged[at] ^= 0x04;
            Assert.Throws<DatabaseCorruptException>(() => Reopen(damaged));
        }
    }

    [Fact]
    public void A_damaged_header_with_nothing_after_it_is_written_afresh()
    {
        // A crash while the very first header was written: nothing can have been lost, so the log starts over.
        var image = new byte[Block];
        RedoFormat.WriteHeader(image, 1234);
        image[8] ^= 1;
        var device = new MemoryStorageDevice("r.db-redo", image);
        using (var log = RedoLog.Open(device, out var records))
        {
            Assert.Empty(records);

            // At the first write, not at open.
            Assert.Equal(image, device.ToArray());
            log.FinishOpen();
        }

        Assert.NotNull(RedoFormat.ReadHeaderSalt(device.ToArray()));
    }

    [Fact]
    public void Records_past_the_preallocated_zeros_are_written_and_read_back()
    {
        var device = new MemoryStorageDevice("r.db-redo");
        using var log = RedoLog.Open(device, out _);
        var count = (RedoLog.PreallocationBytes / Block) + 60;
        var operations = Enumerable.Range(0, count).Select(i => Ops(i, 64 + (i % 200))).ToArray();
        var lsns = Enumerable.Range(0, count).Select(i => 100L + i).ToArray();

        // The first record allocates its block and a chunk of zeros ahead; the records after it overwrite
        // those zeros without growing the file until one passes the chunk's end.
        Append(log, lsns[0], operations[0]);
        var allocated = device.Length;
        Assert.Equal((2 * Block) + RedoLog.PreallocationBytes, allocated);
        var grewAt = -1;
        for (var i = 1; i < count; i++)
        {
            Append(log, lsns[i], operations[i]);
            if (grewAt < 0 && device.Length != allocated)
            {
                grewAt = i;
            }
        }

        Assert.Equal(1 + (RedoLog.PreallocationBytes / Block), grewAt);
        Assert.True(device.Length > (count + 1) * (long)Block);
        AssertRecords(Reopen(device.ToArray()), lsns, operations);
    }

    // Operations of exactly length bytes: a put as a transaction records it where that fits, random bytes
    // where it does not (the log carries operations without reading them).
    private static byte[] Ops(int seed, int length)
    {
        var random = new Random(seed);
        var put = 1 + 2 + 1 + 2 + sizeof(int) + 4;
        if (length < put)
        {
            var raw = new byte[length];
            random.NextBytes(raw);
            return raw;
        }

        var operations = new RedoOperations();
        var value = new byte[length - put];
        random.NextBytes(value);
        operations.AddPut("t"u8.ToArray(), BitConverter.GetBytes(seed), value);
        return operations.Span.ToArray();
    }

    private static void Append(RedoLog log, long startLsn, byte[] operations)
    {
        log.BeginAppend(startLsn, previousLink: 0, operations);
        log.EndAppend();
    }

    // Three small records, with a flush after the given one; the image and each record's offset.
    private static (byte[] Image, int[] Offsets) ThreeRecords(int? flushAfter)
    {
        var device = new MemoryStorageDevice("r.db-redo");
        using var log = RedoLog.Open(device, out _);
        for (var i = 1; i <= 3; i++)
        {
            Append(log, i, Ops(i, 100));
            if (flushAfter == i)
            {
                log.Flush();
            }
        }

        return (device.ToArray(), [Block, 2 * Block, 3 * Block]);
    }

    // A copy with one bit flipped in the operations of the record at offset.
    private static byte[] Damage(byte[] image, int offset)
    {
        var damaged = (byte[])image.Clone();
        damaged[offset + RedoFormat.RecordHeaderSize + 3] ^= 0x20;
        return damaged;
    }

    // What the device holds now, synced or not (a fault-injecting device shows its visible content through reads).
    private static byte[] Content(FaultInjectingStorageDevice device)
    {
        var content = new byte[device.Length];
        Assert.Equal(content.Length, device.Read(0, content));
        return content;
    }

    private static List<RedoRecord> Reopen(byte[] image, string name = "r.db-redo")
    {
        using var log = RedoLog.Open(new MemoryStorageDevice(name, image), out var records);
        return records;
    }

    private static void AssertRecords(List<RedoRecord> records, long[] startLsns, byte[][] operations)
    {
        Assert.Equal(operations.Length, records.Count);
        for (var i = 0; i < records.Count; i++)
        {
            Assert.Equal(i + 1, records[i].Sequence);
            Assert.Equal(startLsns[i], records[i].StartLsn);
            Assert.Equal(operations[i], records[i].Operations);
        }
    }
}
