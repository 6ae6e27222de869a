using System.Security.Cryptography;
using DocStore.Storage.Devices;

namespace DocStore.Storage.Redo;

/// <summary>
/// The redo log file (docs/storage.md, "Redo log"): under <see cref="Durability.Full"/>, what makes a commit
/// durable. Each commit writes one record of its tree changes here and fsyncs this file, while its page
/// frames go to the WAL without an fsync of their own; the WAL is fsynced at checkpoints, and then the
/// records it covers are dropped by starting a new generation (a new salt). Recovery replays, on top of the
/// WAL's committed prefix, the records of the transactions that the WAL lost.
/// <para>
/// Only the holder of the write lock appends and resets; <see cref="Flush"/> may run on another thread
/// (group commit) at the same time.
/// </para>
/// </summary>
internal sealed class RedoLog : IDisposable
{
    private readonly IStorageDevice _device;
    private readonly Lock _gate = new();
    private AlignedBuffer _buffer;
    private uint _salt;
    private long _end;

    // The log's block (RedoFormat.BlockSize, or an encrypted log's slot plaintext): records start on one.
    private readonly int _block;

    // Records of this generation: appended (complete on the device), and known durable. A generation counter
    // keeps a flush that overlapped a reset from vouching for the new generation's records.
    private long _appended;
    private long _synced;
    private int _generation;

    // The length of the record being written (0: none), which EndAppend adds to the end once it is complete.
    private int _writingLength;

    /// <summary>How far ahead of the log's end zeros are written (see <see cref="EnsureAllocated"/>): 128 single-block records.</summary>
    public const int PreallocationBytes = 512 << 10;

    // Where the file's written bytes end: records below it overwrite space the file already has.
    private long _allocatedEnd;

    private RedoLog(IStorageDevice device)
    {
        _device = device;
        _block = device.LogBlockSize;
        _end = _block;
        _buffer = AlignedBuffer.Allocate(4 * _block, RedoFormat.BlockSize);
        _allocatedEnd = device.Length;
    }

    /// <summary>Bytes of the header block, where the first record starts.</summary>
    public int HeaderBlockSize => _block;

    public string Name => _device.Name;

    /// <summary>Where the next record goes: the bytes this generation's records take, with the header block.</summary>
    public long EndOffset => Volatile.Read(ref _end);

    /// <summary>Records appended since the log was last reset.</summary>
    public long RecordCount => Volatile.Read(ref _appended);

    /// <summary>
    /// Opens the log on <paramref name="device"/> and returns, in order, the intact records of its current
    /// generation. The file is not changed (an empty one gets its header at <see cref="FinishOpen"/>), so an
    /// open that fails leaves the records for the next try.
    /// </summary>
    /// <exception cref="DatabaseCorruptException">The header is damaged while records follow it, or a record fails its checksum although a later one was written after an fsync that covered it.</exception>
    public static RedoLog Open(IStorageDevice device, out List<RedoRecord> records)
    {
        var log = new RedoLog(device);
        records = log.Recover();
        return log;
    }

    private List<RedoRecord> Recover()
    {
        var records = new List<RedoRecord>();
        var length = _device.Length;
        Span<byte> header = stackalloc byte[RedoFormat.HeaderSize];
        if (_device.Read(0, header) < RedoFormat.HeaderSize || RedoFormat.ReadHeaderSalt(header) is not { } salt)
        {
            if (RedoFormat.ReadOtherVersion(header) is { } version && HasRecordAfterHeader(length))
            {
                throw new DatabaseCorruptException(_device.Name, -1,
                    $"the redo log is format version {version} and still holds records; this release reads version {RedoFormat.Version} (open the database once with the release that wrote it to replay them)");
            }

            if (HasRecordAfterHeader(length))
            {
                throw new DatabaseCorruptException(_device.Name, -1, "the redo log header fails its checksum but records follow it");
            }

            // A new log, or one whose first header never reached the disk (only zeros after it): it is started,
            // and its header made durable before any record relies on it, at the first write (FinishOpen).
            _pendingReset = true;
            return records;
        }

        _salt = salt;
        var recordHeader = new byte[RedoFormat.RecordHeaderSize];
        var offset = (long)_block;
        while (offset + RedoFormat.RecordHeaderSize <= length)
        {
            var expected = records.Count + 1;
            _device.Read(offset, recordHeader);
            var h = RedoFormat.ReadRecordHeader(recordHeader);
            var record = Valid(offset, h, expected, length);
            if (record is null)
            {
                ThrowIfLaterRecordVouchesFor(offset, expected, length);
                break;
            }

            records.Add(new RedoRecord(h.Sequence, h.StartLsn, h.PreviousLink, record[RedoFormat.RecordHeaderSize..]));
            offset += RedoFormat.RecordLength(h.OperationsLength, _block);
        }

        // Found is not durable: after a process crash the records may still sit in a cache. Claiming them
        // synced would let a later record vouch for one that a power cut then tears.
        _end = offset;
        _appended = records.Count;
        _synced = 0;
        return records;
    }

    // A header that opening found missing and left for the first write (see FinishOpen).
    private bool _pendingReset;

    /// <summary>Whether opening left the log's header to write (see <see cref="FinishOpen"/>).</summary>
    public bool HasOpenWork => _pendingReset;

    /// <summary>Writes (and fsyncs) the header of a log that opening found without one; before the first record.</summary>
    public void FinishOpen()
    {
        if (_pendingReset)
        {
            Reset();
            _device.Flush();
            _pendingReset = false;
        }
    }

    private bool HasRecordAfterHeader(long length)
    {
        Span<byte> magic = stackalloc byte[4];
        for (var at = (long)_block; at + RedoFormat.RecordHeaderSize <= length; at += _block)
        {
            _device.Read(at, magic);
            if (System.Buffers.Binary.BinaryPrimitives.ReadUInt32LittleEndian(magic) == RedoFormat.RecordMagic)
            {
                return true;
            }
        }

        return false;
    }

    // The whole record when the block at offset holds an intact one of this generation with that sequence.
    private byte[]? Valid(long offset, in RedoRecordHeader h, long sequence, long length)
    {
        if (!h.HasMagic || h.Salt != _salt || h.Sequence != sequence || h.OperationsLength is < 0 or > RedoOperations.MaxLength
            || offset + RedoFormat.RecordHeaderSize + h.OperationsLength > length)
        {
            return null;
        }

        var record = new byte[RedoFormat.RecordHeaderSize + h.OperationsLength];
        _device.Read(offset, record);
        return RedoFormat.Checksum(record, _salt) == h.Checksum ? record : null;
    }

    // A bad record is the torn end of the log unless a later intact record of this generation was written
    // after an fsync that covered it: then an acknowledged commit was damaged, and that must not pass silently.
    private void ThrowIfLaterRecordVouchesFor(long badOffset, long badSequence, long length)
    {
        var header = new byte[RedoFormat.RecordHeaderSize];
        for (var at = badOffset + _block; at + RedoFormat.RecordHeaderSize <= length; at += _block)
        {
            _device.Read(at, header);
            var h = RedoFormat.ReadRecordHeader(header);
            if (h.HasMagic && h.Salt == _salt && h.Sequence > badSequence && h.SyncedSequence >= badSequence
                && Valid(at, h, h.Sequence, length) is not null)
            {
                throw new DatabaseCorruptException(_device.Name, -1,
                    $"redo record {badSequence} fails its checksum, but record {h.Sequence} after it records it as durable");
            }
        }
    }

    /// <summary>
    /// Starts writing the record of a transaction whose first WAL frame gets <paramref name="startLsn"/>; the
    /// disk may still be busy with it when this returns. Call <see cref="EndAppend"/> before anything else.
    /// </summary>
    /// <param name="startLsn">The LSN of the transaction's first WAL frame.</param>
    /// <param name="previousLink">The link of the commit before this one (docs/format.md, "Redo log"; 0 when unknown).</param>
    /// <param name="operations">The operations (see <see cref="RedoOperations"/>).</param>
    /// <param name="more">Operations that follow <paramref name="operations"/> in the same record.</param>
    public void BeginAppend(long startLsn, long previousLink, ReadOnlySpan<byte> operations, ReadOnlySpan<byte> more = default)
    {
        FinishOpen();
        var operationsLength = operations.Length + more.Length;
        var length = RedoFormat.RecordLength(operationsLength, _block);
        if (_buffer.Length < length)
        {
            _buffer = AlignedBuffer.Allocate(length, RedoFormat.BlockSize);
        }

        var record = _buffer.Span;
        operations.CopyTo(record[RedoFormat.RecordHeaderSize..]);
        more.CopyTo(record[(RedoFormat.RecordHeaderSize + operations.Length)..]);
        long sequence, synced;
        lock (_gate)
        {
            sequence = _appended + 1;
            synced = _synced;
        }

        RedoFormat.WriteRecord(record[..length], new RedoRecordHeader(_salt, sequence, synced, startLsn, previousLink, operationsLength));
        EnsureAllocated(_end + length);
        _device.BeginWrite(_end, _buffer, length);
        _writingLength = length;
        _writingStartLsn = startLsn;
    }

    // The start LSN of the record being written, which EndAppend makes LastStartLsn.
    private long _writingStartLsn;

    /// <summary>The start LSN of the last record appended: the link the next commit's record carries to it.</summary>
    public long LastStartLsn { get; private set; }

    /// <summary>Waits for the record <see cref="BeginAppend"/> started; it counts as appended only if that succeeded.</summary>
    /// <exception cref="IOException">The write failed.</exception>
    public void EndAppend()
    {
        if (_writingLength == 0)
        {
            return;
        }

        var length = _writingLength;
        _writingLength = 0;

        // On failure nothing advances: the next record goes where this one was meant to, with the same sequence.
        _device.EndWrite();
        lock (_gate)
        {
            _appended++;
            _end += length;
        }

        LastStartLsn = _writingStartLsn;
    }

    /// <summary>
    /// Writes zeros ahead of the log's end whenever a record would pass it, <see cref="PreallocationBytes"/> at
    /// a time. A record written past the end of the file extends it: Linux then completes the unbuffered write
    /// before <c>io_submit</c> returns, and the fsync must journal the new size too (as with the WAL's frames).
    /// Zeros fail the magic check, so recovery takes them for the end of the log.
    /// </summary>
    private void EnsureAllocated(long end)
    {
        if (end <= _allocatedEnd)
        {
            return;
        }

        var target = BlockUp(end + PreallocationBytes);
        ZeroFill.Write(_device, _allocatedEnd, target);
        _allocatedEnd = target;
    }

    /// <summary>Whether the operations of the record being written begin with <paramref name="operations"/>.</summary>
    public bool WritingStartsWith(ReadOnlySpan<byte> operations) => _writingLength != 0 && OperationsInFlight.StartsWith(operations);

    /// <summary>Whether the record being written carries exactly <paramref name="operations"/>.</summary>
    public bool WritingMatches(ReadOnlySpan<byte> operations) => _writingLength != 0 && OperationsInFlight.SequenceEqual(operations);

    // The operations of the record in the buffer, as many as its header says.
    private ReadOnlySpan<byte> OperationsInFlight =>
        _buffer.Span.Slice(RedoFormat.RecordHeaderSize, RedoFormat.ReadRecordHeader(_buffer.Span).OperationsLength);

    /// <summary>
    /// Gives up the record being written: waits for its write and leaves the log as if it had never begun,
    /// so the next record takes its place and sequence. With <paramref name="erase"/>, also overwrites it
    /// with zeros and fsyncs, for a record that must never be replayed (its transaction rolled back), since
    /// another thread's flush may already have made it durable.
    /// </summary>
    /// <exception cref="IOException">The erasing write or fsync failed.</exception>
    public void CancelAppend(bool erase)
    {
        if (_writingLength == 0)
        {
            return;
        }

        var length = _writingLength;
        _writingLength = 0;
        try
        {
            _device.EndWrite();
        }
        catch (IOException)
        {
            // The write itself failed: whatever reached the disk is erased below, or overwritten by the next record.
        }

        if (erase)
        {
            ZeroFill.Write(_device, _end, _end + length);

            _device.Flush();
        }
    }

    /// <summary>Makes every appended record durable.</summary>
    public void Flush()
    {
        long appended;
        int generation;
        lock (_gate)
        {
            appended = _appended;
            generation = _generation;
        }

        _device.Flush();
        lock (_gate)
        {
            if (generation == _generation && appended > _synced)
            {
                _synced = appended;
            }
        }
    }

    /// <summary>
    /// Starts a new generation: a new salt in the header turns every record written so far into the end of
    /// the log. Only once the WAL is durable up to every transaction they carry. Not flushed: the next
    /// record's fsync makes the header durable with it, and until then either header leaves nothing to replay.
    /// A file longer than <paramref name="sizeLimit"/> is cut back to it (whole blocks; the records cut off
    /// belong to the old generation, which the new header already ends).
    /// </summary>
    public void Reset(long sizeLimit = long.MaxValue)
    {
        var salt = (uint)RandomNumberGenerator.GetInt32(1, int.MaxValue);
        var block = _buffer.Span[.._block];
        block.Clear();
        RedoFormat.WriteHeader(block, salt);
        _device.Write(0, block);
        var limit = Math.Max(sizeLimit, _block) / _block * _block;
        var used = BlockUp(Volatile.Read(ref _end) + PreallocationBytes);
        var keep = LogFileLength.KeepOnRestart(_device.Length, used, PreallocationBytes, limit);

        if (_device.Length > keep)
        {
            _device.SetLength(keep);
            _allocatedEnd = Math.Min(_allocatedEnd, keep);
        }

        _allocatedEnd = Math.Max(_allocatedEnd, _block);
        lock (_gate)
        {
            _salt = salt;
            _end = _block;
            _appended = _synced = 0;
            _generation++;
        }
    }

    /// <summary>At a clean close, after a reset: cuts the file back to its header block.</summary>
    public void TrimEmpty()
    {
        if (RecordCount == 0 && _device.Length > _block)
        {
            _device.SetLength(_block);
            _allocatedEnd = _block;
        }
    }

    // Bytes rounded up to whole blocks.
    private long BlockUp(long bytes) => (bytes + _block - 1) / _block * _block;

    public void Dispose() => _device.Dispose();
}

/// <summary>An intact record found at open: its sequence, the WAL LSN its transaction started at, and its operations.</summary>
/// <summary>A record found at open: its sequence, start LSN, link to the commit before it, and operations.</summary>
internal sealed record RedoRecord(long Sequence, long StartLsn, long PreviousLink, byte[] Operations);
