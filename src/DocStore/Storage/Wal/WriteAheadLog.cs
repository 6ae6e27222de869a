using System.Security.Cryptography;
using DocStore.Storage.Devices;
using DocStore.Storage.Pages;

namespace DocStore.Storage.Wal;

/// <summary>
/// The WAL file: appends the page images of a commit as frames, finds the committed prefix at open, and
/// restarts from its beginning (with a new salt) once a checkpoint has copied everything out. LSNs number
/// frames and keep increasing across restarts; frame <c>n</c> of a generation has LSN FirstLsn + n.
/// Only the single writer (or the checkpointer, which holds the write lock) calls the mutating members.
/// </summary>
internal sealed class WriteAheadLog : IDisposable
{
    private const int FramesPerWrite = 64;
    private readonly IStorageDevice _device;
    private readonly int _pageSize;
    private uint _salt;
    private uint _lastChecksum;

    // The frames of one write, reused by every commit (only the single writer appends): allocating it per
    // commit was about half of a small commit's garbage.
    private byte[] _batch = [];

    // Zeros written ahead of the frames (see EnsureAllocated); never changed, so shared.
    private static readonly byte[] Zeros = new byte[64 * 1024];
    private readonly int _preallocateFrames;

    // Where the file's written, allocated bytes end: frames below it overwrite space the file already has.
    private long _allocatedEnd;

    private WriteAheadLog(IStorageDevice device, int pageSize, int preallocateFrames)
    {
        _device = device;
        _pageSize = pageSize;
        _preallocateFrames = preallocateFrames;
    }

    public string Name => _device.Name;

    public int FrameSize => WalFormat.FrameHeaderSize + _pageSize;

    /// <summary>LSN of the first frame of the current generation.</summary>
    public long FirstLsn { get; private set; }

    /// <summary>LSN the next appended frame gets.</summary>
    public long NextLsn { get; private set; }

    /// <summary>Frames in the current generation.</summary>
    public long FrameCount => NextLsn - FirstLsn;

    /// <summary>Opens the WAL on <paramref name="device"/> and recovers its committed prefix.</summary>
    /// <exception cref="DatabaseCorruptException">A frame that a later frame says was durable fails its checksum, or the header is damaged while frames follow it.</exception>
    public static WriteAheadLog Open(IStorageDevice device, int pageSize, bool sync, int preallocateFrames, out WalRecovery recovery)
    {
        var wal = new WriteAheadLog(device, pageSize, preallocateFrames);
        recovery = wal.Recover(sync);
        wal._allocatedEnd = device.Length;
        return wal;
    }

    private WalRecovery Recover(bool sync)
    {
        var recovery = new WalRecovery();
        Span<byte> headerBytes = stackalloc byte[WalFormat.HeaderSize];
        var length = _device.Length;
        if (_device.Read(0, headerBytes) < WalFormat.HeaderSize || !WalFormat.TryReadHeader(headerBytes, out var header))
        {
            if (length > WalFormat.HeaderSize)
            {
                throw new DatabaseCorruptException(_device.Name, -1, "the WAL header fails its checksum but frames follow it");
            }

            Reset(1, sync);
            return recovery;
        }

        if (header.PageSize != _pageSize || header.Version != WalFormat.Version)
        {
            throw new DatabaseCorruptException(_device.Name, -1, $"WAL header says version {header.Version}, page size {header.PageSize}; expected version {WalFormat.Version}, page size {_pageSize}");
        }

        _salt = header.Salt;
        FirstLsn = header.FirstLsn;
        var chain = header.Checksum;
        var frame = new byte[FrameSize];
        var pending = new List<(uint, long)>();
        var offset = (long)WalFormat.HeaderSize;
        var lsn = FirstLsn;
        var committedEnd = offset;
        var committedChain = chain;
        var committedNext = lsn;
        while (offset + FrameSize <= length)
        {
            _device.Read(offset, frame);
            var h = WalFormat.ReadFrameHeader(frame);
            var page = frame.AsSpan(WalFormat.FrameHeaderSize);
            if (h.Salt != _salt || h.Lsn != lsn)
            {
                break;
            }

            var sum = WalFormat.FrameChecksum(chain, frame, page);
            if (sum != h.Checksum || !PageChecksum.IsValid(page, h.PageNumber))
            {
                ThrowIfLaterFrameVouchesFor(offset, lsn, h.PageNumber, length);
                break;
            }

            chain = sum;
            pending.Add((h.PageNumber, lsn));
            if (h.IsCommit)
            {
                recovery.Frames.AddRange(pending);
                pending.Clear();
                recovery.LastCommitLsn = lsn;
                recovery.PageCount = h.CommitPageCount;
                committedEnd = offset + FrameSize;
                committedChain = chain;
                committedNext = lsn + 1;
            }

            offset += FrameSize;
            lsn++;
        }

        _lastChecksum = committedChain;
        NextLsn = committedNext;
        if (length > committedEnd)
        {
            // Drop the torn or uncommitted tail so that later appends never sit next to stale frames.
            _device.SetLength(committedEnd);
            if (sync)
            {
                _device.Flush();
            }
        }

        return recovery;
    }

    // A bad frame is a torn tail unless some later frame of this generation, written after an fsync that
    // covered the bad one, says so: then acknowledged data was damaged, and that must not pass silently.
    private void ThrowIfLaterFrameVouchesFor(long badOffset, long badLsn, uint pageNumber, long length)
    {
        var frame = new byte[FrameSize];
        for (var offset = badOffset + FrameSize; offset + FrameSize <= length; offset += FrameSize)
        {
            _device.Read(offset, frame);
            var h = WalFormat.ReadFrameHeader(frame);
            if (h.Salt == _salt && h.Lsn > badLsn && h.DurableLsn >= badLsn
                && PageChecksum.IsValid(frame.AsSpan(WalFormat.FrameHeaderSize), h.PageNumber))
            {
                throw new DatabaseCorruptException(_device.Name, pageNumber,
                    $"WAL frame {badLsn - FirstLsn} (LSN {badLsn}) fails its checksum, but a later frame records it as durable");
            }
        }
    }

    /// <summary>
    /// Appends one transaction's pages as frames, the last flagged as the commit; returns the commit LSN.
    /// State advances only when every write succeeded, so a failed append leaves nothing half-recorded.
    /// </summary>
    public long AppendCommit(IReadOnlyList<(uint PageNumber, byte[] Image)> pages, uint pageCount, long durableLsn)
    {
        var chain = _lastChecksum;
        var lsn = NextLsn;
        var offset = WalFormat.HeaderSize + (FrameCount * FrameSize);
        EnsureAllocated(offset + ((long)pages.Count * FrameSize));
        var needed = Math.Min(pages.Count, FramesPerWrite) * FrameSize;
        if (_batch.Length < needed)
        {
            _batch = new byte[needed];
        }

        var batch = _batch;
        var inBatch = 0;
        for (var i = 0; i < pages.Count; i++)
        {
            var (pageNumber, image) = pages[i];
            var slot = batch.AsSpan(inBatch * FrameSize, FrameSize);
            image.CopyTo(slot[WalFormat.FrameHeaderSize..]);
            var commit = i == pages.Count - 1 ? pageCount : 0u;
            chain = WalFormat.WriteFrameHeader(slot, new WalFrameHeader(pageNumber, commit, lsn, durableLsn, _salt), chain, image);
            lsn++;
            inBatch++;
            if (inBatch == FramesPerWrite || i == pages.Count - 1)
            {
                _device.Write(offset, batch.AsSpan(0, inBatch * FrameSize));
                offset += inBatch * FrameSize;
                inBatch = 0;
            }
        }

        _lastChecksum = chain;
        NextLsn = lsn;
        return lsn - 1;
    }

    /// <summary>
    /// Grows the file by whole chunks of zeroed frames ahead of need. On ext4 and xfs an fsync after an
    /// append must also journal the new size and block allocation, which costs a single small commit more
    /// than its data; with written zeros ahead, most commits' fsyncs flush data only. Zero frames fail the
    /// salt and LSN checks, so recovery treats them as the end of the log (and truncates them at open).
    /// </summary>
    private void EnsureAllocated(long end)
    {
        if (end <= _allocatedEnd)
        {
            return;
        }

        var target = end + ((long)_preallocateFrames * FrameSize);
        for (var at = end; at < target; at += Zeros.Length)
        {
            _device.Write(at, Zeros.AsSpan(0, (int)Math.Min(Zeros.Length, target - at)));
        }

        _allocatedEnd = target;
    }

    /// <summary>Reads the page image of the frame with <paramref name="lsn"/> into <paramref name="page"/>.</summary>
    public void ReadPage(long lsn, Span<byte> page)
    {
        var offset = WalFormat.HeaderSize + ((lsn - FirstLsn) * FrameSize) + WalFormat.FrameHeaderSize;
        if (lsn < FirstLsn || lsn >= NextLsn || _device.Read(offset, page) != page.Length)
        {
            throw new DatabaseCorruptException(_device.Name, -1, $"WAL frame LSN {lsn} is not in the log");
        }
    }

    /// <summary>Starts a new generation at <paramref name="nextLsn"/>: a new salt invalidates every old frame.</summary>
    public void Reset(long nextLsn, bool sync)
    {
        Span<byte> header = stackalloc byte[WalFormat.HeaderSize];
        var salt = (uint)RandomNumberGenerator.GetInt32(int.MaxValue);
        WalFormat.WriteHeader(header, _pageSize, salt, nextLsn);
        _device.Write(0, header);

        // The file keeps its length: the new salt already invalidates the old frames, and overwriting
        // them in place lets each commit's fsync skip the metadata update that growing the file needs.
        if (sync)
        {
            // The header must be durable before frames of the new generation are, or a crash would leave
            // new frames behind an old header whose salt rejects them.
            _device.Flush();
        }

        _salt = salt;
        _lastChecksum = WalFormat.HeaderChecksum(header);
        FirstLsn = nextLsn;
        NextLsn = nextLsn;
    }

    public void Flush() => _device.Flush();

    public void Dispose() => _device.Dispose();
}

/// <summary>What recovery found in the WAL: the committed frames in order and the last commit.</summary>
internal sealed class WalRecovery
{
    public List<(uint PageNumber, long Lsn)> Frames { get; } = [];

    public long LastCommitLsn { get; set; }

    public uint PageCount { get; set; }
}
