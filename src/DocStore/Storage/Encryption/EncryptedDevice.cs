using System.Buffers;
using DocStore.Storage.Devices;

namespace DocStore.Storage.Encryption;

/// <summary>
/// A device whose bytes are stored encrypted in another (docs/storage.md, "Encryption"): the layers above
/// read and write plaintext at the same offsets as on a plain file, and this is the one place where the
/// database file, the WAL and the redo log meet the cipher. The inner device holds the clear
/// <see cref="CipherEnvelope"/>, then one slot per block of <see cref="BlockSize"/> plaintext bytes
/// (nonce, tag, stored length, ciphertext; the last block may be shorter). A write that covers part of a block rewrites
/// the whole block under a new nonce, so callers never let a write share a block with bytes that must
/// survive its tearing (<see cref="IStorageDevice.RewritesWholeBlocks"/>).
/// </summary>
internal sealed class EncryptedDevice : IStorageDevice
{
    private readonly IStorageDevice _inner;
    private readonly BlockCipher _cipher;
    private readonly byte[] _envelope;
    private readonly int _slot;
    private readonly bool _strict;
    private bool _enveloped;

    /// <param name="inner">The file's device.</param>
    /// <param name="cipher">The cipher of this file's kind.</param>
    /// <param name="envelope">The envelope this file carries (written before the first block when it has none yet).</param>
    /// <param name="blockSize">Plaintext bytes per block: the page size for the database file, 4 KiB for the logs.</param>
    /// <param name="strict">Whether a block that fails its tag is corruption (the database file) or reads as zeros, as a torn write does (the logs, whose own checks then decide).</param>
    /// <param name="enveloped">Whether the file already carries its envelope.</param>
    public EncryptedDevice(IStorageDevice inner, BlockCipher cipher, byte[] envelope, int blockSize, bool strict, bool enveloped)
    {
        _inner = inner;
        _cipher = cipher;
        _envelope = envelope;
        BlockSize = blockSize;
        _slot = blockSize + BlockCipher.Overhead;
        _strict = strict;
        _enveloped = enveloped;
    }

    /// <summary>Plaintext bytes per block.</summary>
    public int BlockSize { get; }

    public string Name => _inner.Name;

    public long Length => LogicalLength(_inner.Length);

    public bool RewritesWholeBlocks => true;

    public int Read(long offset, Span<byte> buffer)
    {
        var length = Length;
        if (offset >= length || buffer.IsEmpty)
        {
            return 0;
        }

        var count = (int)Math.Min(buffer.Length, length - offset);
        var slot = ArrayPool<byte>.Shared.Rent(_slot);
        var plain = ArrayPool<byte>.Shared.Rent(BlockSize);
        try
        {
            for (var done = 0; done < count;)
            {
                var position = offset + done;
                var block = position / BlockSize;
                var within = (int)(position % BlockSize);
                var blockLength = BlockLength(block, length);
                var n = Math.Min(blockLength - within, count - done);
                if (within == 0 && n == blockLength)
                {
                    ReadBlock(block, blockLength, slot, buffer.Slice(done, n));
                }
                else
                {
                    ReadBlock(block, blockLength, slot, plain);
                    plain.AsSpan(within, n).CopyTo(buffer[done..]);
                }

                done += n;
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(plain);
            ArrayPool<byte>.Shared.Return(slot);
        }

        return count;
    }

    public void Write(long offset, ReadOnlySpan<byte> data)
    {
        if (data.IsEmpty)
        {
            return;
        }

        EnsureEnvelope();
        var length = Length;
        if (offset > length)
        {
            Grow(length, offset);
            length = offset;
        }

        var first = offset / BlockSize;
        var last = (offset + data.Length - 1) / BlockSize;
        var fileLength = Math.Max(length, offset + data.Length);
        var slots = ArrayPool<byte>.Shared.Rent((int)(last - first + 1) * _slot);
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
                    ReadBlock(block, existing, scratch, plain);
                    plain.AsSpan(existing, newLength - existing).Clear();
                    data.Slice(done, n).CopyTo(plain.AsSpan(within));
                    source = plain.AsSpan(0, newLength);
                }

                // The write's last block, when more of the file follows it, stores only up to its last
                // non-zero byte: a WAL or redo header rewrite is then a write of a few dozen bytes, which a
                // power cut does not tear, instead of a whole block.
                var trim = block == last && (block + 1) * BlockSize < fileLength;
                used += Seal(block, source, slots.AsSpan(used, newLength + BlockCipher.Overhead), trim);
                done += n;
            }

            _inner.Write(SlotOffset(first), slots.AsSpan(0, used));
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(scratch);
            ArrayPool<byte>.Shared.Return(plain);
            ArrayPool<byte>.Shared.Return(slots);
        }
    }

    public void Flush() => _inner.Flush();

    public void SetLength(long length)
    {
        EnsureEnvelope();
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

            _inner.SetLength(SlotOffset(block) + (rest == 0 ? 0 : rest + BlockCipher.Overhead));
        }
    }

    public void Dispose()
    {
        _inner.Dispose();
        _cipher.Dispose();
    }

    private long SlotOffset(long block) => CipherEnvelope.Size + (block * _slot);

    private int BlockLength(long block, long length) => (int)Math.Clamp(length - (block * BlockSize), 0, BlockSize);

    private long LogicalLength(long physical)
    {
        var stored = physical - CipherEnvelope.Size;
        if (stored <= 0)
        {
            return 0;
        }

        // A last slot too short to hold its nonce and tag (a torn extension) holds nothing.
        return (stored / _slot * BlockSize) + Math.Max(0, (stored % _slot) - BlockCipher.Overhead);
    }

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

        var end = length / BlockSize;
        var tail = (int)(length % BlockSize);
        _inner.SetLength(SlotOffset(end) + (tail == 0 ? 0 : tail + BlockCipher.Overhead));
    }

    // Re-encrypts a block's first bytes at a new length (cut, or grown with zeros).
    private void Rewrite(long block, int existing, int newLength)
    {
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

    private void ReadBlock(long block, int blockLength, byte[] slotBuffer, Span<byte> plain)
    {
        var slot = slotBuffer.AsSpan(0, blockLength + BlockCipher.Overhead);
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

        if (read < BlockCipher.Overhead || slot[..BlockCipher.Overhead].IndexOfAnyExcept((byte)0) < 0)
        {
            plain[..blockLength].Clear();
            return;
        }

        var stored = BlockCipher.StoredLength(slot);
        if (stored < 0 || stored > blockLength || BlockCipher.Overhead + stored > read || !_cipher.TryDecrypt(block, slot[..(BlockCipher.Overhead + stored)], plain))
        {
            if (_strict)
            {
                throw new DatabaseCorruptException(Name, block, "the page fails authentication: its bytes were changed, or it was moved, copied from another file or written under another key");
            }

            plain[..blockLength].Clear();
            return;
        }

        plain[stored..blockLength].Clear();
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
