using System.Security.Cryptography;
using DocStore.Storage.Devices;
using DocStore.Storage.Paging;

namespace DocStore.Storage.Wal;

/// <summary>
/// The WAL file: appends the pages of a commit as frames (a whole image, or a delta against the page's
/// previous version when that is at most half a page), finds the committed prefix at open, and restarts
/// from its beginning (with a new salt) once a checkpoint has copied everything out. LSNs number frames and
/// keep increasing across restarts; frame <c>n</c> of a generation has LSN FirstLsn + n. Only the single
/// writer (or the checkpointer, which holds the write lock) calls the mutating members.
/// </summary>
internal sealed partial class WriteAheadLog : IDisposable
{
    // The calling thread's buffer for a frame read whole (see ReadPayload); readers of several databases share it.
    [ThreadStatic]
    private static byte[]? t_frameScratch;

    /// <summary>
    /// Deltas in a row for one page before it is logged whole again: a reader that misses the cache rebuilds
    /// a version from at most this many frames.
    /// </summary>
    public const int MaxDeltaChain = 16;

    // Frames are gathered into one buffer and written with one call up to about this many bytes.
    private const int BatchBytes = 512 * 1024;

    private readonly IStorageDevice _device;
    private readonly int _pageSize;
    private readonly WalFrameTable _frames = new();

    // Per page with frames in this generation: its newest frame and how many deltas lead to it from the last
    // whole image (or from the database file). Writer only.
    private readonly Dictionary<uint, (long Lsn, int Depth)> _chains = [];

    // The frames of the commit being appended, published to the table and chains only once all are written.
    private readonly List<(uint PageNumber, WalFrame Frame, int Depth)> _pending = [];
    private uint _salt;
    private uint _lastChecksum;

    // The frames of one write, reused by every commit (only the single writer appends) so that a small
    // commit allocates no buffer. Aligned, for a device that writes aligned data unbuffered.
    private AlignedBuffer _batch = AlignedBuffer.Allocate(0, 1);

    private readonly int _preallocateFrames;

    // What the device's fastest writes are aligned to (1: any write): then every frame write starts and ends
    // on it, a transaction's last write padded with zeros up to where the next transaction starts anyway.
    private readonly int _alignment;

    // Where the file's written, allocated bytes end: frames below it overwrite space the file already has.
    private long _allocatedEnd;

    // An encrypted device rewrites each block a write touches whole (see IStorageDevice.RewritesWholeBlocks):
    // then a transaction shares a block with the commits before it only while no fsync has covered that
    // block (see CanPackAt), so a torn write never reaches a durable frame; and no delta rests on the
    // database file, whose torn page could not be decrypted, unless DeltasRestOnFile.
    private readonly bool _blockRewrites;

    /// <summary>Set when a torn page of the database file is read back from elsewhere (an encrypted database's double-write file): deltas then rest on the file under encryption too.</summary>
    public bool DeltasRestOnFile { get; set; }

    // False when other processes read the log as it is written: an encrypted log then never rewrites a block
    // of published frames, which a reader could catch half written.
    private readonly bool _privateLog;

    // Where the frames written so far end, and how far an fsync has covered them (writer, or a flush under
    // the write lock): packed commits of an encrypted log rewrite only blocks past the second.
    private long _writtenEnd;
    private long _syncedEnd;

    // Where transactions start: multiples of the device's log block (WalFormat.TransactionAlignment, or an
    // encrypted slot's plaintext, so that a transaction starts on a slot of its own).
    private readonly int _transactionAlignment;

    private WriteAheadLog(IStorageDevice device, int pageSize, int preallocateFrames, bool privateLog)
    {
        _device = device;
        _privateLog = privateLog;
        _blockRewrites = device.RewritesWholeBlocks;
        _transactionAlignment = device.LogBlockSize;
        _pageSize = pageSize;
        _preallocateFrames = preallocateFrames;
        _alignment = device.PreferredWriteAlignment;
        if (_alignment < 1 || _transactionAlignment % _alignment != 0)
        {
            // Transactions start on TransactionAlignment; a device wanting more would never see an aligned write.
            _alignment = 1;
        }
    }

    public string Name => _device.Name;

    /// <summary><paramref name="bytes"/> rounded up to the device's preferred write alignment.</summary>
    private long AlignUp(long bytes) => (bytes + _alignment - 1) / _alignment * _alignment;

    /// <summary>Where the next transaction's first frame goes, given where the log's frames end.</summary>
    private long TransactionStart(long end) => WalFormat.TransactionStart(end, _transactionAlignment);

    /// <summary>
    /// Whether a packed transaction may start at <paramref name="end"/>, inside the block that holds the
    /// commits before it: always on a plain device; on an encrypted one (which rewrites that block under a new
    /// nonce) only in a private log, past the header's block, and when no fsync has covered the block yet, so
    /// that a torn rewrite loses only frames that were never durable (the redo log, or Normal durability,
    /// answers for those).
    /// </summary>
    private bool CanPackAt(long end) =>
        !_blockRewrites
        || (_privateLog && end / _transactionAlignment * _transactionAlignment >= Math.Max(_transactionAlignment, Volatile.Read(ref _syncedEnd)));

    /// <summary>Bytes a frame carrying a whole page takes.</summary>
    public int FullFrameLength => WalFormat.FrameLength(_pageSize);

    /// <summary>LSN of the first frame of the current generation.</summary>
    public long FirstLsn { get; private set; }

    /// <summary>LSN the next appended frame gets.</summary>
    public long NextLsn { get; private set; }

    /// <summary>Frames in the current generation.</summary>
    public long FrameCount => NextLsn - FirstLsn;

    /// <summary>Where the next frame goes: the bytes the current generation's frames take, with the header.</summary>
    public long EndOffset { get; private set; } = WalFormat.HeaderSize;

    /// <summary>
    /// Appends one transaction's pages as frames, the last flagged as the commit; returns the commit LSN.
    /// They follow the frames the transaction spilled (<see cref="AppendUncommitted"/>), if any, and those
    /// are published with them. State advances only when every write succeeded, so a failed append leaves
    /// nothing half-recorded.
    /// </summary>
    /// <remarks>
    /// <c>packed</c>: true when nothing fsyncs the log for this commit (a redo record carries it, or
    /// durability is below Full). Its frames then follow the previous commit's directly instead of starting
    /// on the next <see cref="WalFormat.TransactionAlignment"/>, so a small commit takes a few hundred bytes
    /// of log, not 4 KiB (docs/storage.md, "WAL").
    /// </remarks>
    public long AppendCommit(List<CommitPage> pages, uint pageCount, long durableLsn, bool packed = false)
    {
        if (pages.Count == 0 || pageCount == 0)
        {
            throw new ArgumentException("A commit has at least one page and a page count.", nameof(pages));
        }

        return AppendFrames(pages, pageCount, durableLsn, packed);
    }

    /// <summary>
    /// Appends pages of the transaction in progress as uncommitted frames (commit flag 0) after the ones it
    /// appended before, without publishing them: they stay out of the frame table and the chains, and the
    /// log's <see cref="NextLsn"/> and <see cref="EndOffset"/> keep naming the last commit, until
    /// <see cref="AppendCommit"/> follows them, or <see cref="DiscardUncommitted"/> drops them (a rollback:
    /// the next transaction then overwrites them from the same place, with the same LSNs).
    /// </summary>
    /// <returns>The LSN of the first frame appended.</returns>
    /// <param name="pages">The pages, whole images (no previous image).</param>
    /// <param name="durableLsn">The highest LSN known durable, recorded in each frame.</param>
    /// <param name="packed">Whether the commit that follows will be packed (see <see cref="AppendCommit"/>): then the first batch follows the last commit directly.</param>
    public long AppendUncommitted(List<CommitPage> pages, long durableLsn, bool packed)
    {
        var first = HasUncommitted ? _tailLsn : NextLsn;
        AppendFrames(pages, 0, durableLsn, packed);
        return first;
    }

    /// <summary>Whether the transaction in progress has appended uncommitted frames.</summary>
    public bool HasUncommitted { get; private set; }

    /// <summary>Forgets the uncommitted frames of a transaction that rolled back: the next one writes over them.</summary>
    public void DiscardUncommitted()
    {
        HasUncommitted = false;
        _tail.Clear();
        _tailCarry = 0;
    }

    // The uncommitted frames of the transaction in progress: where the next one goes, its LSN, the running
    // checksum so far, the frames by LSN from the first, and how many bytes at the front of the batch buffer
    // are the written part of the device block the next frame starts in (rewritten with it when writes are aligned).
    private long _tailOffset;
    private long _tailLsn;
    private uint _tailChain;
    private int _tailCarry;
    private readonly List<(uint PageNumber, WalFrame Frame)> _tail = [];

    /// <summary>
    /// Reads back the uncommitted whole-page frame with <paramref name="lsn"/> (of the transaction in
    /// progress) into <paramref name="image"/>, checking its header and payload checksum.
    /// </summary>
    /// <exception cref="DatabaseCorruptException">No such frame, or it is damaged.</exception>
    public void ReadUncommitted(uint pageNumber, long lsn, byte[] image)
    {
        // The uncommitted frames follow the last commit: the first has the LSN the log would give next.
        var index = lsn - NextLsn;
        if (!HasUncommitted || index < 0 || index >= _tail.Count || _tail[(int)index].PageNumber != pageNumber)
        {
            throw new DatabaseCorruptException(_device.Name, pageNumber, $"uncommitted WAL frame LSN {lsn} is not in the log");
        }

        ReadPayload(pageNumber, lsn, _tail[(int)index].Frame, image);
    }

    // Appends frames after the last commit, or after the uncommitted frames of the transaction in progress;
    // with a page count the last is the commit and everything appended since the last commit is published.
    private long AppendFrames(List<CommitPage> pages, uint pageCount, long durableLsn, bool packed)
    {
        if (!HasUncommitted && HasOpenWork)
        {
            FinishOpen();
        }

        long offset;
        uint chain;
        long lsn;
        var used = 0;
        if (HasUncommitted)
        {
            // Contiguous with the frames spilled before: recovery looks for a transaction's start only after
            // a commit frame.
            chain = _tailChain;
            lsn = _tailLsn;
            used = _tailCarry;
            offset = _tailOffset - used;
        }
        else
        {
            chain = _lastChecksum;
            lsn = NextLsn;
            offset = packed && CanPackAt(EndOffset) ? EndOffset : TransactionStart(EndOffset);
        }

        var startLsn = lsn;

        // Room for the frames up to the batch size, and for one more alignment's worth of carried or padding bytes.
        var budget = Math.Max(Math.Min(BatchBytes, pages.Count * FullFrameLength), FullFrameLength + _alignment);
        if (_batch.Length < budget + _alignment)
        {
            var grown = AlignedBuffer.Allocate(budget + _alignment, Math.Max(_alignment, 8));
            _batch.Span[..used].CopyTo(grown.Span);
            _batch = grown;
        }

        var batch = _batch.Span;
        _pending.Clear();
        for (var i = 0; i < pages.Count; i++)
        {
            if (used + FullFrameLength > budget)
            {
                // Write the aligned part and carry the rest to the front: offset + used, where the next frame
                // goes, does not change.
                var written = used - (used % _alignment);
                WriteFrames(offset, batch[..written]);
                batch[written..used].CopyTo(batch);
                offset += written;
                used -= written;
            }

            var page = pages[i];
            var slot = batch[used..];
            var (payloadLength, frame, depth) = EncodePayload(page, slot[WalFormat.FrameHeaderSize..], offset + used);
            var commit = pageCount != 0 && i == pages.Count - 1 ? pageCount : 0u;
            chain = WalFormat.WriteFrame(slot, new WalFrameHeader(page.PageNumber, commit, lsn, durableLsn, _salt, payloadLength), chain);
            _pending.Add((page.PageNumber, frame, depth));
            used += WalFormat.FrameLength(payloadLength);
            lsn++;
        }

        // Zeros up to the alignment: they lie in the gap before the next transaction's aligned start, which
        // recovery skips (or, for uncommitted frames, where the transaction's next frames write over them). A
        // packed commit started off the alignment, so padding would align nothing.
        var padded = packed && !_blockRewrites ? used : (int)AlignUp(used);
        batch[used..padded].Clear();
        WriteFrames(offset, batch[..padded]);
        if (pageCount == 0)
        {
            foreach (var (pageNumber, frame, _) in _pending)
            {
                _tail.Add((pageNumber, frame));
            }

            _pending.Clear();
            var carried = used - (used % _alignment);
            batch[carried..used].CopyTo(batch);
            _tailCarry = used - carried;
            _tailOffset = offset + used;
            _tailLsn = lsn;
            _tailChain = chain;
            HasUncommitted = true;
            return startLsn;
        }

        // The spilled frames are whole images: each starts a page's chain afresh.
        var next = NextLsn;
        foreach (var (pageNumber, frame) in _tail)
        {
            _frames.Add(frame);
            _chains[pageNumber] = (next++, 0);
        }

        foreach (var (pageNumber, frame, depth) in _pending)
        {
            _frames.Add(frame);
            _chains[pageNumber] = (next++, depth);
        }

        _pending.Clear();
        DiscardUncommitted();
        _lastChecksum = chain;
        NextLsn = lsn;
        EndOffset = offset + used;
        return lsn - 1;
    }

    // A delta when the page was copied from a committed version, the chain is short enough and the
    // difference takes at most half a page; the whole image otherwise.
    private (int PayloadLength, WalFrame Frame, int Depth) EncodePayload(in CommitPage page, Span<byte> payload, long frameOffset)
    {
        var found = _chains.TryGetValue(page.PageNumber, out var chain);
        var (previousLsn, depth) = chain;
        if (page.Previous is { } previous && depth < MaxDeltaChain && (found || !_blockRewrites || DeltasRestOnFile))
        {
            var length = WalDelta.Encode(previous, page.Image, payload[..(_pageSize / 2)]);
            if (length >= 0)
            {
                return (length, new WalFrame(frameOffset, length, previousLsn), depth + 1);
            }
        }

        page.Image.CopyTo(payload);
        return (_pageSize, new WalFrame(frameOffset, _pageSize, 0), 0);
    }

    private void WriteFrames(long offset, ReadOnlySpan<byte> frames)
    {
        EnsureAllocated(offset + frames.Length);
        _device.Write(offset, frames);
        _writtenEnd = Math.Max(_writtenEnd, offset + frames.Length);
    }

    /// <summary>
    /// Grows the file by whole chunks of zeros ahead of need. On ext4 and xfs an fsync after an append must
    /// also journal the new size and block allocation, which costs a single small commit more than its data;
    /// with written zeros ahead, most commits' fsyncs flush data only. Zeros fail the salt and LSN checks, so
    /// recovery treats them as the end of the log (and truncates them at open).
    /// </summary>
    private void EnsureAllocated(long end)
    {
        if (end <= _allocatedEnd)
        {
            return;
        }

        var target = AlignUp(end + ((long)_preallocateFrames * FullFrameLength));
        ZeroFill.Write(_device, end, target);

        _allocatedEnd = target;
    }

    /// <summary>Where the committed frame with <paramref name="lsn"/> lies and what it rests on.</summary>
    /// <exception cref="DatabaseCorruptException">No such frame in the current generation.</exception>
    public WalFrame GetFrame(uint pageNumber, long lsn)
    {
        var index = lsn - FirstLsn;
        if (lsn < FirstLsn || index >= _frames.Count)
        {
            throw new DatabaseCorruptException(_device.Name, pageNumber, $"WAL frame LSN {lsn} is not in the log");
        }

        return _frames[index];
    }

    /// <summary>
    /// Reads the payload of <paramref name="frame"/> (LSN <paramref name="lsn"/>) into
    /// <paramref name="payload"/>, checking that the header on disk is that frame's and that the payload
    /// matches its checksum.
    /// </summary>
    /// <exception cref="DatabaseCorruptException">The frame on disk is not the expected one or is damaged.</exception>
    public void ReadPayload(uint pageNumber, long lsn, in WalFrame frame, Span<byte> payload)
    {
        // Header and payload in one read: a page the cache lost is read back from the WAL on a cold read,
        // and a read system call costs more here than copying the payload out of the scratch buffer.
        payload = payload[..frame.PayloadLength];
        var length = WalFormat.FrameHeaderSize + payload.Length;
        var scratch = t_frameScratch;
        if (scratch is null || scratch.Length < length)
        {
            t_frameScratch = scratch = new byte[length];
        }

        var read = scratch.AsSpan(0, length);
        if (_device.Read(frame.Offset, read) != length)
        {
            throw new DatabaseCorruptException(_device.Name, pageNumber, $"WAL frame LSN {lsn} lies beyond the end of the log");
        }

        read[WalFormat.FrameHeaderSize..].CopyTo(payload);
        var h = WalFormat.ReadFrameHeader(read[..WalFormat.FrameHeaderSize]);
        if (h.Lsn != lsn || h.PageNumber != pageNumber || h.PayloadLength != frame.PayloadLength
            || WalFormat.PayloadChecksum(payload, pageNumber) != h.PayloadChecksum)
        {
            throw new DatabaseCorruptException(_device.Name, pageNumber, $"checksum mismatch in the WAL frame with LSN {lsn}");
        }
    }

    /// <summary>
    /// Starts a new generation at <paramref name="nextLsn"/>: a new salt invalidates every old frame. A file
    /// longer than <paramref name="sizeLimit"/> is cut back to it.
    /// </summary>
    public void Reset(long nextLsn, bool sync, long sizeLimit = long.MaxValue)
    {
        if (HasUncommitted)
        {
            // The restart would drop frames a transaction in progress reads back and commits.
            throw new InvalidOperationException($"{Name}: the WAL cannot restart while a transaction has uncommitted frames in it.");
        }

        Span<byte> header = stackalloc byte[WalFormat.HeaderSize];
        var salt = (uint)RandomNumberGenerator.GetInt32(1, int.MaxValue);
        WalFormat.WriteHeader(header, _pageSize, salt, nextLsn);
        _device.Write(0, header);

        if (sync)
        {
            // The header must be durable before frames of the new generation are, or a crash would leave
            // new frames behind an old header whose salt rejects them; and before the file is cut, or a
            // crash could leave the old header over a cut log whose surviving prefix holds page versions
            // older than the ones checkpointed into the database file.
            _device.Flush();
        }

        // Old frames fail the new salt's check, and overwriting them in place lets each commit's fsync skip the
        // metadata update that growing needs; past what the log needs, the space goes back to the file system.
        var limit = sizeLimit == long.MaxValue ? long.MaxValue : AlignUp(Math.Max(sizeLimit, _transactionAlignment));
        var preallocation = (long)_preallocateFrames * FullFrameLength;
        var keep = LogFileLength.KeepOnRestart(_device.Length, TransactionStart(EndOffset + preallocation), preallocation, limit);
        if (_device.Length > keep)
        {
            _device.SetLength(keep);
            _allocatedEnd = Math.Min(_allocatedEnd, keep);
        }

        _salt = salt;
        _lastChecksum = WalFormat.HeaderChecksum(header);
        FirstLsn = nextLsn;
        NextLsn = nextLsn;
        EndOffset = WalFormat.HeaderSize;
        _writtenEnd = WalFormat.HeaderSize;
        Volatile.Write(ref _syncedEnd, 0);
        _frames.Clear();
        _chains.Clear();
    }

    /// <summary>
    /// Cuts an empty log (no frame in this generation) back to its header. Done at a clean close: the next
    /// open then has nothing after the header to look through (recovery reads what follows the committed
    /// frames, looking for a frame that vouches for a damaged one), at the price of growing the file again.
    /// </summary>
    public void TrimEmpty(bool sync)
    {
        if (FrameCount != 0 || HasUncommitted || _device.Length <= WalFormat.HeaderSize)
        {
            return;
        }

        _device.SetLength(WalFormat.HeaderSize);
        _allocatedEnd = WalFormat.HeaderSize;
        if (sync)
        {
            _device.Flush();
        }
    }

    /// <summary>Makes every frame written so far durable.</summary>
    public void Flush()
    {
        // Marked before and after: a packed commit never starts in a block that this fsync may cover.
        MarkSynced();
        _device.Flush();
        MarkSynced();
    }

    private void MarkSynced() => Volatile.Write(ref _syncedEnd, Math.Max(Volatile.Read(ref _syncedEnd), Volatile.Read(ref _writtenEnd)));

    public void Dispose() => _device.Dispose();
}

/// <summary>What recovery found in the WAL: the committed frames in order and the last commit.</summary>
internal sealed class WalRecovery
{
    public List<(uint PageNumber, long Lsn)> Frames { get; } = [];

    public long LastCommitLsn { get; set; }

    public uint PageCount { get; set; }
}
