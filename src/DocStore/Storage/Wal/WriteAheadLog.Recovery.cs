using DocStore.Storage.Devices;
using DocStore.Storage.Pages;

namespace DocStore.Storage.Wal;

/// <summary>Opening the WAL: finding its committed prefix and rebuilding the frame table.</summary>
internal sealed partial class WriteAheadLog
{
    /// <summary>Opens the WAL on <paramref name="device"/> and recovers its committed prefix.</summary>
    /// <exception cref="DatabaseCorruptException">A frame that a later frame says was durable fails its checksum, the header is damaged while frames follow it, or the log was written by another format version and still holds commits.</exception>
    /// <param name="device">The WAL file's device.</param>
    /// <param name="pageSize">The database's page size.</param>
    /// <param name="sync">Whether opening's writes are fsynced.</param>
    /// <param name="preallocateFrames">Whole frames of zeros written ahead of the log's end.</param>
    /// <param name="privateLog">False when other processes read the log as it is written (a shared open): then an encrypted log never rewrites a block that holds published frames.</param>
    /// <param name="recoverUpTo">The last commit to recover when the log's generation has that salt (a reader beside writer processes: see <see cref="StorageOptions.RecoverUpTo"/>); null: every commit.</param>
    /// <param name="recovery">What recovery found.</param>
    public static WriteAheadLog Open(IStorageDevice device, int pageSize, bool sync, int preallocateFrames, bool privateLog, (uint Salt, long Lsn)? recoverUpTo, out WalRecovery recovery)
    {
        var wal = new WriteAheadLog(device, pageSize, preallocateFrames, privateLog);
        recovery = wal.Recover(sync, recoverUpTo);
        wal._allocatedEnd = device.Length;

        // What opening found may be on disk already: no packed commit rewrites a block of it.
        wal._writtenEnd = wal._syncedEnd = wal.EndOffset;
        return wal;
    }

    // What opening found to write and left for the first write (see FinishOpen): opening writes nothing,
    // so a database opens on a full disk, or read-only.
    private long _pendingResetLsn;
    private long _pendingTruncate = -1;
    private bool _openSync;

    /// <summary>Whether opening left writes for <see cref="FinishOpen"/>: a header to write, a torn tail to cut.</summary>
    public bool HasOpenWork => _pendingResetLsn != 0 || _pendingTruncate >= 0;

    /// <summary>
    /// Does what opening found to do and put off: writes the header of a new (or emptied version-1) log, or
    /// cuts the torn or uncommitted tail after the last commit so that appends never sit next to stale
    /// frames. Before the first append; the caller holds the write lock.
    /// </summary>
    public void FinishOpen()
    {
        if (_pendingResetLsn != 0)
        {
            Reset(_pendingResetLsn, _openSync);
            _pendingResetLsn = 0;
        }

        if (_pendingTruncate >= 0)
        {
            _device.SetLength(_pendingTruncate);
            _allocatedEnd = _pendingTruncate;
            if (_openSync)
            {
                _device.Flush();
            }

            _pendingTruncate = -1;
        }
    }

    // Stands for Reset until FinishOpen writes it: the state of an empty generation starting at nextLsn.
    private void ResetLater(long nextLsn)
    {
        _pendingResetLsn = nextLsn;
        FirstLsn = nextLsn;
        NextLsn = nextLsn;
        EndOffset = WalFormat.HeaderSize;
        _frames.Clear();
        _chains.Clear();
    }

    private WalRecovery Recover(bool sync, (uint Salt, long Lsn)? recoverUpTo)
    {
        _openSync = sync;
        var recovery = new WalRecovery();
        Span<byte> headerBytes = stackalloc byte[WalFormat.HeaderSize];
        var length = _device.Length;
        if (_device.Read(0, headerBytes) < WalFormat.HeaderSize || !WalFormat.TryReadHeader(headerBytes, out var header))
        {
            if (length > WalFormat.HeaderSize)
            {
                throw new DatabaseCorruptException(_device.Name, -1, "the WAL header fails its checksum but frames follow it");
            }

            ResetLater(1);
            return recovery;
        }

        if (header.PageSize != _pageSize)
        {
            throw new DatabaseCorruptException(_device.Name, -1, $"WAL header says page size {header.PageSize}; the database has {_pageSize}");
        }

        if (header.Version != WalFormat.Version)
        {
            ResetEmptyLogOfVersion1(header, length);
            return recovery;
        }

        _salt = header.Salt;
        FirstLsn = header.FirstLsn;
        var lastLsn = recoverUpTo is { } limit && limit.Salt == header.Salt ? limit.Lsn : long.MaxValue;
        ScanFrames(header.Checksum, length, lastLsn, recovery);
        return recovery;
    }

    // A version-1 log (whole-page frames of 32-byte headers) is taken over only when it holds no live frame,
    // as after every clean close: its first frame slot then fails the salt or LSN check. One that still holds
    // commits must be checkpointed by the release that wrote it; replaying it here would misread its frames.
    private void ResetEmptyLogOfVersion1(in WalHeader header, long length)
    {
        const int version1FrameHeader = 32;
        Span<byte> first = stackalloc byte[version1FrameHeader];
        if (header.Version == 1
            && (length < WalFormat.HeaderSize + version1FrameHeader
                || _device.Read(WalFormat.HeaderSize, first) < version1FrameHeader
                || System.Buffers.Binary.BinaryPrimitives.ReadUInt32LittleEndian(first[24..]) != header.Salt
                || System.Buffers.Binary.BinaryPrimitives.ReadInt64LittleEndian(first[8..]) != header.FirstLsn))
        {
            ResetLater(header.FirstLsn);
            return;
        }

        throw new DatabaseCorruptException(_device.Name, -1,
            $"the WAL is format version {header.Version} and still holds commits; this release reads version {WalFormat.Version} (open the database once with the release that wrote it to checkpoint them)");
    }

    private void ScanFrames(uint chain, long length, long lastLsn, WalRecovery recovery)
    {
        var headerBuffer = new byte[WalFormat.FrameHeaderSize];
        var payloadBuffer = new byte[_pageSize];
        var seen = new List<(uint PageNumber, WalFrame Frame)>();
        var latest = new Dictionary<uint, long>();
        var offset = (long)WalFormat.HeaderSize;
        var lsn = FirstLsn;
        var committedEnd = (long)WalFormat.HeaderSize;
        var committedFrames = 0;
        var committedChain = chain;

        // A transaction's first frame follows the previous commit directly (packed) or starts on the next
        // transaction alignment; inside a transaction frames always follow one another.
        var transactionStart = true;
        while (lsn <= lastLsn)
        {
            var at = offset;
            if (!TryReadFrame(at, lsn, chain, length, headerBuffer, payloadBuffer, out var h, out var sum)
                && !(transactionStart && (at = TransactionStart(offset)) != offset
                     && TryReadFrame(at, lsn, chain, length, headerBuffer, payloadBuffer, out h, out sum)))
            {
                // Usually the end of the log (zeros ahead of it, or an older generation's frames); but a
                // damaged frame must not pass for one when later frames vouch for it.
                if (offset + WalFormat.FrameHeaderSize <= length)
                {
                    _device.Read(offset, headerBuffer);
                    ThrowIfLaterFrameVouchesFor(offset, lsn, WalFormat.ReadFrameHeader(headerBuffer).PageNumber, length);
                }

                break;
            }

            chain = sum;
            var previous = h.PayloadLength == _pageSize ? 0 : latest.GetValueOrDefault(h.PageNumber);
            seen.Add((h.PageNumber, new WalFrame(at, h.PayloadLength, previous)));
            latest[h.PageNumber] = lsn;
            offset = at + WalFormat.FrameLength(h.PayloadLength);
            lsn++;
            transactionStart = h.IsCommit;
            if (h.IsCommit)
            {
                recovery.LastCommitLsn = h.Lsn;
                recovery.PageCount = h.CommitPageCount;
                committedEnd = offset;
                committedChain = chain;
                committedFrames = seen.Count;
            }
        }

        // Only committed frames enter the table; the chains are rebuilt from them in order.
        for (var i = 0; i < committedFrames; i++)
        {
            var (pageNumber, frame) = seen[i];
            var depth = frame.PayloadLength == _pageSize ? 0 : _chains.GetValueOrDefault(pageNumber).Depth + 1;
            _frames.Add(frame);
            _chains[pageNumber] = (FirstLsn + i, depth);
            recovery.Frames.Add((pageNumber, FirstLsn + i));
        }

        _lastChecksum = committedChain;
        NextLsn = FirstLsn + committedFrames;
        EndOffset = committedEnd;
        if (length > committedEnd)
        {
            // The torn or uncommitted tail is dropped before the first append (see FinishOpen).
            _pendingTruncate = committedEnd;
        }
    }

    // Whether an intact frame with this LSN, chained to `chain`, starts at `offset`: this generation's salt,
    // a payload length that fits, both checksums and, for a whole image, the page's own checksum.
    private bool TryReadFrame(long offset, long lsn, uint chain, long length, byte[] headerBuffer, byte[] payloadBuffer, out WalFrameHeader h, out uint sum)
    {
        sum = 0;
        h = default;
        if (offset + WalFormat.FrameHeaderSize > length)
        {
            return false;
        }

        _device.Read(offset, headerBuffer);
        h = WalFormat.ReadFrameHeader(headerBuffer);
        if (h.Salt != _salt || h.Lsn != lsn || (uint)h.PayloadLength > (uint)_pageSize
            || offset + WalFormat.FrameLength(h.PayloadLength) > length)
        {
            return false;
        }

        var payload = payloadBuffer.AsSpan(0, h.PayloadLength);
        _device.Read(offset + WalFormat.FrameHeaderSize, payload);
        sum = WalFormat.FrameChecksum(chain, headerBuffer, payload);
        return sum == h.Checksum && WalFormat.PayloadChecksum(payload, h.PageNumber) == h.PayloadChecksum
            && (h.PayloadLength != _pageSize || PageChecksum.IsValid(payload, h.PageNumber));
    }

    // A bad frame is a torn tail unless some later frame of this generation, written after an fsync that
    // covered the bad one, says so: then acknowledged data was damaged, and that must not pass silently.
    // The bad frame's own length cannot be trusted, so every aligned position after it is tried; a
    // candidate must carry this generation's salt and a payload that matches its own checksum.
    private void ThrowIfLaterFrameVouchesFor(long badOffset, long badLsn, uint pageNumber, long length)
    {
        const int chunk = 1 << 20;
        var buffer = new byte[chunk + WalFormat.FrameLength(_pageSize)];
        for (var start = badOffset + WalFormat.FrameAlignment; start + WalFormat.FrameHeaderSize <= length; start += chunk)
        {
            var read = _device.Read(start, buffer.AsSpan(0, (int)Math.Min(buffer.Length, length - start)));
            for (var at = 0; at < chunk && at + WalFormat.FrameHeaderSize <= read; at += WalFormat.FrameAlignment)
            {
                var h = WalFormat.ReadFrameHeader(buffer.AsSpan(at));
                if (h.Salt != _salt || h.Lsn <= badLsn || h.DurableLsn < badLsn || (uint)h.PayloadLength > (uint)_pageSize
                    || at + WalFormat.FrameHeaderSize + h.PayloadLength > read)
                {
                    continue;
                }

                if (WalFormat.PayloadChecksum(buffer.AsSpan(at + WalFormat.FrameHeaderSize, h.PayloadLength), h.PageNumber) == h.PayloadChecksum)
                {
                    throw new DatabaseCorruptException(_device.Name, pageNumber,
                        $"WAL frame {badLsn - FirstLsn} (LSN {badLsn}) fails its checksum, but a later frame records it as durable");
                }
            }
        }
    }
}
