namespace DocStore.Storage.Devices;

/// <summary>
/// Random-access bytes under the pager and the WAL. A device is addressed by byte offset; the pager and
/// the WAL decide what lives where. Implementations must allow concurrent reads alongside one writer.
/// </summary>
internal interface IStorageDevice : IDisposable
{
    /// <summary>A name for error messages: the file path, or a label for memory devices.</summary>
    string Name { get; }

    /// <summary>The current length in bytes.</summary>
    long Length { get; }

    /// <summary>Reads up to <paramref name="buffer"/>.Length bytes at <paramref name="offset"/>; returns how many were read (fewer only at the end of the device).</summary>
    int Read(long offset, Span<byte> buffer);

    /// <summary>Writes all of <paramref name="data"/> at <paramref name="offset"/>, growing the device if needed.</summary>
    void Write(long offset, ReadOnlySpan<byte> data);

    /// <summary>
    /// What a write's offset, length and (pinned) buffer address must be multiples of for the device to take
    /// its fastest durable path: unbuffered writes on a file that has them (<see cref="UnbufferedHandle"/>),
    /// 1 on every other device. Other writes still work, buffered.
    /// </summary>
    int PreferredWriteAlignment => 1;

    /// <summary>
    /// True when a write re-encodes every block it touches whole (an encrypted device): a write into a
    /// block then rewrites the bytes of that block it does not change, and a torn write can damage them. The
    /// WAL then starts each transaction on a block of its own (docs/storage.md, "Encryption").
    /// </summary>
    bool RewritesWholeBlocks => false;

    /// <summary>
    /// The unit a log on this device starts its transactions and records on (<see cref="Wal.WalFormat.TransactionAlignment"/>
    /// and <see cref="Redo.RedoFormat.BlockSize"/>, 4 KiB): a block the device stores apart from its
    /// neighbours. An encrypted log's is a slot's plaintext (4,064 bytes, docs/storage.md, "Encryption").
    /// </summary>
    int LogBlockSize => 4096;

    /// <summary>
    /// Starts writing the first <paramref name="length"/> bytes of <paramref name="buffer"/> at
    /// <paramref name="offset"/>. A device that can (an unbuffered file on Linux, see <see cref="LinuxAio"/>)
    /// returns while the disk works; every other device writes at once. The buffer must not change until
    /// <see cref="EndWrite"/>, and only one such write may be outstanding.
    /// </summary>
    void BeginWrite(long offset, AlignedBuffer buffer, int length) => Write(offset, buffer.Span[..length]);

    /// <summary>Waits for the write <see cref="BeginWrite"/> started (nothing to wait for when it wrote at once).</summary>
    /// <exception cref="IOException">The write failed.</exception>
    void EndWrite()
    {
    }

    /// <summary>Makes every completed write durable (fsync).</summary>
    void Flush();

    /// <summary>Truncates or extends the device.</summary>
    void SetLength(long length);
}
