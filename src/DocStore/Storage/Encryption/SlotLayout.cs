namespace DocStore.Storage.Encryption;

/// <summary>
/// Where the blocks of an encrypted file lie (docs/storage.md, "Encryption"): the clear envelope's region,
/// then one slot per block of <see cref="BlockSize"/> plaintext bytes and <see cref="BlockCipher.Overhead"/>.
/// The database file's blocks are pages after a 512-byte region; a log's slots are exactly 4 KiB (4,064
/// bytes of plaintext) after a 4 KiB region, so each starts and ends on the unit of an unbuffered write.
/// </summary>
internal readonly record struct SlotLayout(int HeaderSize, int BlockSize)
{
    /// <summary>Bytes a log's slot takes: one unbuffered-write unit.</summary>
    public const int LogSlotSize = 4096;

    /// <summary>The database file's layout: one slot per page after the envelope.</summary>
    public static SlotLayout Database(int pageSize) => new(CipherEnvelope.Size, pageSize);

    /// <summary>The WAL's and the redo log's layout.</summary>
    public static SlotLayout Log { get; } = new(LogSlotSize, LogSlotSize - BlockCipher.Overhead);

    /// <summary>Bytes one slot takes in the file.</summary>
    public int SlotSize => BlockSize + BlockCipher.Overhead;

    /// <summary>Where block <paramref name="block"/>'s slot starts in the file.</summary>
    public long SlotOffset(long block) => HeaderSize + (block * SlotSize);

    /// <summary>The plaintext length of a file <paramref name="physical"/> bytes long; a last slot too short to hold its nonce and tag (a torn extension) holds nothing.</summary>
    public long LogicalLength(long physical)
    {
        var stored = physical - HeaderSize;
        return stored <= 0 ? 0 : (stored / SlotSize * BlockSize) + Math.Max(0, (stored % SlotSize) - BlockCipher.Overhead);
    }

    /// <summary>The file length that holds <paramref name="length"/> bytes of plaintext.</summary>
    public long PhysicalLength(long length)
    {
        var tail = (int)(length % BlockSize);
        return SlotOffset(length / BlockSize) + (tail == 0 ? 0 : tail + BlockCipher.Overhead);
    }
}
