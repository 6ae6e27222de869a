using System.Buffers;
using DocStore.Storage.Devices;

namespace DocStore.Storage.Encryption;

/// <summary>
/// A device whose bytes are stored encrypted in another (docs/storage.md, "Encryption"): the layers above
/// read and write plaintext at the same offsets as on a plain file, and this is the one place where the
/// database file, the WAL and the redo log meet the cipher. The inner device holds the clear
/// <see cref="CipherEnvelope"/>, then one slot per block of <see cref="BlockSize"/> plaintext bytes
/// (nonce, tag, stored length, ciphertext; the last block may be shorter), laid out as <see cref="SlotLayout"/>
/// says. A write that covers part of a block rewrites the whole block under a new nonce, so callers never
/// let a write share a block with bytes that must survive its tearing (<see cref="IStorageDevice.RewritesWholeBlocks"/>);
/// the logs align their transactions and records to <see cref="LogBlockSize"/> for that.
/// </summary>
internal sealed class EncryptedDevice : IStorageDevice
{
    private readonly IStorageDevice _inner;
    private readonly BlockCipher _cipher;
    private readonly byte[] _envelope;
    private readonly SlotLayout _layout;
    private readonly int _slot;
    private readonly bool _strict;
    private bool _enveloped;

    // The sealed slots of a write, reused (aligned, for an inner device that writes unbuffered); taken by
    // one write at a time, and a concurrent one seals into a buffer of its own.
    private AlignedBuffer? _spare;

    // The buffer of the write BeginWrite started, until EndWrite.
    private AlignedBuffer? _inFlight;

    // A log's last block written and its plaintext (-1: none known): the next packed commit continues in it,
    // and takes its first bytes from here instead of reading and decrypting the slot. Set once the write
    // that sealed it succeeded; writer only.
    private long _tailBlock = -1;
    private long _sealedBlock = -1;
    private int _tailLength;
    private int _sealedLength;
    private byte[]? _tail;
    private byte[]? _sealed;

    // A log's writer rewrites the block that holds the end of the last commit (packed commits, see
    // WriteAheadLog.CanPackAt) while this process's readers may read frames of that block: they wait for
    // the rewrite rather than catch it half written. A database page read while a checkpoint writes it (a
    // delta rests on it) fails its tag and is read again or from the double-write file (TryRecover).
    private readonly ReaderWriterLockSlim? _rewriting;

    // The database file's double-write file, which holds the pages a checkpoint is writing (see TryRecover).
    private PageDoubleWrite? _doubleWrite;

    /// <param name="inner">The file's device.</param>
    /// <param name="cipher">The cipher of this file's kind.</param>
    /// <param name="envelope">The envelope this file carries (written before the first block when it has none yet).</param>
    /// <param name="layout">Where the blocks lie: a page per slot for the database file, 4 KiB slots for the logs.</param>
    /// <param name="strict">Whether a block that fails its tag is corruption (the database file) or reads as zeros, as a torn write does (the logs, whose own checks then decide).</param>
    /// <param name="enveloped">Whether the file already carries its envelope.</param>
    public EncryptedDevice(IStorageDevice inner, BlockCipher cipher, byte[] envelope, SlotLayout layout, bool strict, bool enveloped)
    {
        _inner = inner;
        _cipher = cipher;
        _envelope = envelope;
        _layout = layout;
        BlockSize = layout.BlockSize;
        _slot = layout.SlotSize;
        _strict = strict;
        _enveloped = enveloped;
        _rewriting = strict ? null : new ReaderWriterLockSlim(LockRecursionPolicy.NoRecursion);
    }

    /// <summary>Plaintext bytes per block.</summary>
    public int BlockSize { get; }

    public string Name => _inner.Name;

    public long Length => LogicalLength(_inner.Length);

    public bool RewritesWholeBlocks => true;

    public int LogBlockSize => BlockSize;

    /// <summary>The double-write file covering the database file's checkpoint writes, once attached (see <see cref="PageDoubleWrite"/>).</summary>
    public PageDoubleWrite? DoubleWrite => _doubleWrite;

    /// <summary>Attaches the database file's double-write file: a page that fails its tag is then looked for there before it is reported.</summary>
    public void AttachDoubleWrite(PageDoubleWrite doubleWrite) => _doubleWrite = doubleWrite;

    // A write of whole blocks at a block's start writes whole slots at a slot's start: aligned for the inner
    // device when its slots and header region are multiples of the inner device's unit.
    public int PreferredWriteAlignment =>
        _inner.PreferredWriteAlignment is var unit and > 1 && _slot % unit == 0 && _layout.HeaderSize % unit == 0 ? BlockSize : 1;

    // No length is asked of the file (an fstat per read): each block's slot is read as a whole slot, and a
    // short read says where the file ends, the same way LogicalLength reads a short last slot.
    public int Read(long offset, Span<byte> buffer)
    {
        if (buffer.IsEmpty || offset < 0)
        {
            return 0;
        }

        var slot = ArrayPool<byte>.Shared.Rent(_slot);
        byte[]? plain = null;
        var done = 0;
        _rewriting?.EnterReadLock();
        try
        {
            while (done < buffer.Length)
            {
                var position = offset + done;
                var block = position / BlockSize;
                var within = (int)(position % BlockSize);
                var want = Math.Min(BlockSize - within, buffer.Length - done);
                int n;
                if (within == 0 && want == BlockSize)
                {
                    // A whole block (a page of the database file): decrypted straight into the caller's buffer.
                    n = ReadBlock(block, slot, buffer.Slice(done, BlockSize));
                }
                else
                {
                    plain ??= ArrayPool<byte>.Shared.Rent(BlockSize);
                    n = Math.Min(ReadBlock(block, slot, plain) - within, want);
                    if (n > 0)
                    {
                        plain.AsSpan(within, n).CopyTo(buffer[done..]);
                    }
                }

                if (n <= 0)
                {
                    break;
                }

                done += n;
                if (n < want)
                {
                    // The file's last block, shorter than a whole one.
                    break;
                }
            }
        }
        finally
        {
            _rewriting?.ExitReadLock();
            if (plain is not null)
            {
                ArrayPool<byte>.Shared.Return(plain);
            }

            ArrayPool<byte>.Shared.Return(slot);
        }

        return done;
    }

    public void Write(long offset, ReadOnlySpan<byte> data)
    {
        if (data.IsEmpty)
        {
            return;
        }

        var buffer = Interlocked.Exchange(ref _spare, null);
        _rewriting?.EnterWriteLock();
        try
        {
            var used = SealWrite(offset, data, ref buffer, out var at);
            _tailBlock = -1;
            _inner.Write(at, buffer.Span[..used]);
            KeepTail();
        }
        finally
        {
            _rewriting?.ExitWriteLock();
            _spare = buffer;
        }
    }

    // Sealed into a buffer of its own, kept until EndWrite: the inner device may still be writing it then.
    // Only the redo log writes so, whose records are read at open alone: no reader waits for it.
    public void BeginWrite(long offset, AlignedBuffer buffer, int length)
    {
        if (length == 0)
        {
            return;
        }

        var sealedSlots = Interlocked.Exchange(ref _spare, null);
        var used = SealWrite(offset, buffer.Span[..length], ref sealedSlots, out var at);
        _tailBlock = -1;
        _inFlight = sealedSlots;
        _inner.BeginWrite(at, sealedSlots, used);
    }

    public void EndWrite()
    {
        try
        {
            _inner.EndWrite();
            KeepTail();
        }
        finally
        {
            if (_inFlight is { } done)
            {
                _inFlight = null;
                _spare = done;
            }
        }
    }

    // Encrypts the blocks a write of data at offset touches into buffer (grown when too small); returns the
    // bytes to write and, in at, where they go in the inner device.
    private int SealWrite(long offset, ReadOnlySpan<byte> data, [System.Diagnostics.CodeAnalysis.NotNull] ref AlignedBuffer? buffer, out long at)
    {
        EnsureEnvelope();
        _sealedBlock = -1;
        var length = Length;
        if (offset > length)
        {
            Grow(length, offset);
            length = offset;
        }

        var first = offset / BlockSize;
        var last = (offset + data.Length - 1) / BlockSize;
        var fileLength = Math.Max(length, offset + data.Length);
        var size = (int)(last - first + 1) * _slot;
        if (buffer is null || buffer.Length < size)
        {
            buffer = AlignedBuffer.Allocate(Math.Max(size, 4 * _slot), SlotLayout.LogSlotSize);
        }

        var slots = buffer.Span;
        var plain = ArrayPool<byte>.Shared.Rent(BlockSize);
        var scratch = ArrayPool<byte>.Shared.Rent(_slot);
        try
        {
            var used = 0;
            var done = 0;
            for (var block = first; block <= last; block++)
            {
                var within = (int)((offset + done) % BlockSize);
                var n = Math.Min(BlockSize - within, data.Length - done);
                var existing = BlockLength(block, length);
                var newLength = Math.Max(existing, within + n);
                ReadOnlySpan<byte> source;
                if (within == 0 && n >= existing)
                {
                    source = data.Slice(done, n);
                }
                else
                {
                    if (block == _tailBlock && _tailLength == existing)
                    {
                        _tail.AsSpan(0, existing).CopyTo(plain);
                    }
                    else
                    {
                        ReadBlock(block, existing, scratch, plain);
                    }

                    plain.AsSpan(existing, newLength - existing).Clear();
                    data.Slice(done, n).CopyTo(plain.AsSpan(within));
                    source = plain.AsSpan(0, newLength);
                }

                // A write's last block, when more of the file follows it and the write ends inside it (or it is
                // the header block), is stored only up to its last non-zero byte: a WAL, redo or database header
                // rewrite is then a write of a few dozen bytes, which a power cut does not tear, instead of a
                // whole block. A write that fills its blocks writes whole slots, which an unbuffered device takes as they are.
                var trim = block == last && (block == 0 || within + n < BlockSize) && (block + 1) * BlockSize < fileLength;
                used += Seal(block, source, slots.Slice(used, newLength + BlockCipher.Overhead), trim);
                done += n;
                if (block == last && _rewriting is not null)
                {
                    // Kept for the next write once this one succeeded (KeepTail); a log's writer only.
                    _sealed ??= new byte[BlockSize];
                    source.CopyTo(_sealed);
                    _sealedBlock = block;
                    _sealedLength = newLength;
                }
            }

            at = SlotOffset(first);
            return used;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(scratch);
            ArrayPool<byte>.Shared.Return(plain);
        }
    }

    public void Flush() => _inner.Flush();

    public void SetLength(long length)
    {
        EnsureEnvelope();
        _tailBlock = -1;
        var current = Length;
        if (length > current)
        {
            Grow(current, length);
        }
        else if (length < current)
        {
            var block = length / BlockSize;
            var rest = (int)(length % BlockSize);
            if (rest != 0)
            {
                Rewrite(block, BlockLength(block, current), rest);
            }

            _inner.SetLength(_layout.PhysicalLength(length));
        }
    }

    public void Dispose()
    {
        _inner.Dispose();
        _cipher.Dispose();
        _rewriting?.Dispose();
        _doubleWrite?.Dispose();
    }

    private long SlotOffset(long block) => _layout.SlotOffset(block);

    // The block the write that just succeeded ended in becomes the known tail (swapping the two buffers).
    private void KeepTail()
    {
        if (_sealedBlock < 0)
        {
            _tailBlock = -1;
            return;
        }

        (_tail, _sealed) = (_sealed, _tail);
        _tailBlock = _sealedBlock;
        _tailLength = _sealedLength;
        _sealedBlock = -1;
    }

    private int BlockLength(long block, long length) => (int)Math.Clamp(length - (block * BlockSize), 0, BlockSize);

    private long LogicalLength(long physical) => _layout.LogicalLength(physical);

    // Extends from current to length: a short last block is first filled out with zeros, then the new
    // slots are left as the file system's zeros, which read as zero blocks (see ReadBlock).
    private void Grow(long current, long length)
    {
        var lastBlock = current / BlockSize;
        var rest = (int)(current % BlockSize);
        if (rest != 0)
        {
            Rewrite(lastBlock, rest, (int)Math.Min(BlockSize, length - (lastBlock * BlockSize)));
        }

        _inner.SetLength(_layout.PhysicalLength(length));
    }

    // Re-encrypts a block's first bytes at a new length (cut, or grown with zeros).
    private void Rewrite(long block, int existing, int newLength)
    {
        _tailBlock = -1;
        var plain = ArrayPool<byte>.Shared.Rent(BlockSize);
        var slot = ArrayPool<byte>.Shared.Rent(_slot);
        try
        {
            ReadBlock(block, existing, slot, plain);
            if (newLength > existing)
            {
                plain.AsSpan(existing, newLength - existing).Clear();
            }

            var used = Seal(block, plain.AsSpan(0, newLength), slot.AsSpan(0, newLength + BlockCipher.Overhead), trim: false);
            _inner.Write(SlotOffset(block), slot.AsSpan(0, used));
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(slot);
            ArrayPool<byte>.Shared.Return(plain);
        }
    }

    // Encrypts a block into its slot; returns the bytes of the slot to write. With trim, the block is stored
    // only up to its last non-zero byte (the rest of the slot is left as it was and not read). A block of
    // zeros is stored as a slot of zeros: preallocation and never-written free pages cost no cipher work,
    // and such a slot is what a file system's hole reads as anyway.
    private static int SealedLength(ReadOnlySpan<byte> plaintext, bool trim) =>
        trim ? plaintext.LastIndexOfAnyExcept((byte)0) + 1 : plaintext.Length;

    private int Seal(long block, ReadOnlySpan<byte> plaintext, Span<byte> slot, bool trim)
    {
        var length = SealedLength(plaintext, trim);
        if (plaintext.IndexOfAnyExcept((byte)0) < 0)
        {
            slot[..(BlockCipher.Overhead + length)].Clear();
            return BlockCipher.Overhead + length;
        }

        _cipher.Encrypt(block, plaintext[..length], slot);
        return BlockCipher.Overhead + length;
    }

    // Reads block's slot in one read of a whole slot and decrypts it into plain; returns the block's
    // plaintext length (a whole block unless the file ends inside its slot; 0 past the end).
    private int ReadBlock(long block, byte[] slotBuffer, Span<byte> plain)
    {
        var read = ReadSlot(block, slotBuffer.AsSpan(0, _slot));
        var blockLength = read >= _slot ? BlockSize : Math.Max(0, read - BlockCipher.Overhead);
        Decrypt(block, blockLength, slotBuffer.AsSpan(0, read), plain);
        return blockLength;
    }

    private void ReadBlock(long block, int blockLength, byte[] slotBuffer, Span<byte> plain)
    {
        var read = ReadSlot(block, slotBuffer.AsSpan(0, blockLength + BlockCipher.Overhead));
        Decrypt(block, blockLength, slotBuffer.AsSpan(0, read), plain);
    }

    private int ReadSlot(long block, Span<byte> slot)
    {
        var read = 0;
        while (read < slot.Length)
        {
            var n = _inner.Read(SlotOffset(block) + read, slot[read..]);
            if (n <= 0)
            {
                break;
            }

            read += n;
        }

        return read;
    }

    // Decrypts the slot read (its first bytes, as many as the file held) into the block's blockLength bytes of plain.
    private void Decrypt(long block, int blockLength, ReadOnlySpan<byte> slot, Span<byte> plain)
    {
        if (TryOpen(block, blockLength, slot, plain))
        {
            return;
        }

        if (_strict)
        {
            if (TryRecover(block, blockLength, plain, out var unusable))
            {
                return;
            }

            if (unusable is not null)
            {
                // The page would have been repaired from the double-write file, whose copy cannot be trusted:
                // reported there, since restoring or deleting that file is what the owner has to decide.
                throw new DatabaseCorruptException(_doubleWrite!.Name, block, $"page {block} of {Name} fails authentication (torn by an interrupted checkpoint, or changed), and the double-write file cannot repair it: {unusable}");
            }

            throw new DatabaseCorruptException(Name, block, "the page fails authentication: its bytes were changed, or it was moved, copied from another file or written under another key");
        }

        plain[..blockLength].Clear();
    }

    // False when the slot's tag fails; a slot of zeros is a block of zeros.
    private bool TryOpen(long block, int blockLength, ReadOnlySpan<byte> slot, Span<byte> plain)
    {
        var read = slot.Length;
        if (read < BlockCipher.Overhead || slot[..BlockCipher.Overhead].IndexOfAnyExcept((byte)0) < 0)
        {
            plain[..blockLength].Clear();
            return true;
        }

        var stored = BlockCipher.StoredLength(slot);
        if (stored < 0 || stored > blockLength || BlockCipher.Overhead + stored > read || !_cipher.TryDecrypt(block, slot[..(BlockCipher.Overhead + stored)], plain))
        {
            return false;
        }

        plain[stored..blockLength].Clear();
        return true;
    }

    // A database page that fails its tag may be one a checkpoint is writing (a reader's delta rests on it) or
    // was writing when the power went: it is read again while the double-write file cannot be emptied, so a
    // write that has finished reads whole, and otherwise taken from that file, which holds it until the
    // checkpoint's fsync. A few tries: another process's checkpoint may empty its file between the two reads.
    // When it fails, unusable says why the double-write file could not hold the page, if it could not.
    private bool TryRecover(long block, int blockLength, Span<byte> plain, out string? unusable)
    {
        unusable = null;
        if (_doubleWrite is not { } doubleWrite || blockLength != BlockSize)
        {
            return false;
        }

        var slot = ArrayPool<byte>.Shared.Rent(_slot);
        try
        {
            for (var attempt = 0; attempt < 3; attempt++)
            {
                lock (doubleWrite.Gate)
                {
                    var read = ReadSlot(block, slot.AsSpan(0, _slot));
                    if ((read == _slot && TryOpen(block, BlockSize, slot.AsSpan(0, read), plain)) || doubleWrite.TryRead(block, plain[..BlockSize], out unusable))
                    {
                        return true;
                    }
                }
            }

            return false;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(slot);
        }
    }

    private void EnsureEnvelope()
    {
        if (!_enveloped)
        {
            _inner.Write(0, _envelope);
            _enveloped = true;
        }
    }
}
