using System.Buffers;
using System.Buffers.Binary;
using DocStore.Storage.Devices;

namespace DocStore.Storage.Encryption;

/// <summary>
/// The double-write file of an encrypted database (<c>name.db-dw</c>; docs/storage.md, "Encryption"). A
/// checkpoint stores the images it is about to copy into the database file here and fsyncs them before it
/// overwrites a page, and empties the file once the database file is fsynced. A page that a power cut (or a
/// concurrent reader) catches half written no longer decrypts; it is then read from here, so WAL delta
/// frames may rest on the database file's pages as they do without encryption. Each entry is one encrypted
/// block: the page number, the LSN of the version, then the page.
/// </summary>
internal sealed class PageDoubleWrite : IDisposable
{
    /// <summary>Bytes before the page in an entry: u32 page number, u32 zero, u64 LSN.</summary>
    public const int EntryHeaderSize = 16;

    private readonly EncryptedDevice _device;
    private readonly int _pageSize;

    // Set when the file held entries of another database or key: they are dropped before the first new one.
    private bool _stale;

    /// <param name="device">The file, encrypted with one block per entry (<see cref="Layout"/>).</param>
    /// <param name="pageSize">The database's page size.</param>
    /// <param name="stale">Whether what the file holds belongs to no file of this database and key.</param>
    public PageDoubleWrite(EncryptedDevice device, int pageSize, bool stale)
    {
        _device = device;
        _pageSize = pageSize;
        _stale = stale;
    }

    /// <summary>
    /// Held while the file is emptied, and by a reader while it looks for a page: a reader that found a page
    /// torn reads it again under it, so a write that finished before the file was emptied is read whole.
    /// </summary>
    public Lock Gate { get; } = new();

    /// <summary>The file's layout: one slot per entry, after the envelope.</summary>
    public static SlotLayout Layout(int pageSize) => new(CipherEnvelope.Size, pageSize + EntryHeaderSize);

    /// <summary>Appends the image of <paramref name="page"/> at version <paramref name="lsn"/> (not yet durable: see <see cref="Flush"/>).</summary>
    public void Add(uint page, long lsn, ReadOnlySpan<byte> image)
    {
        if (_stale)
        {
            _device.SetLength(0);
            _stale = false;
        }

        var entry = ArrayPool<byte>.Shared.Rent(_pageSize + EntryHeaderSize);
        try
        {
            var span = entry.AsSpan(0, _pageSize + EntryHeaderSize);
            BinaryPrimitives.WriteUInt32LittleEndian(span, page);
            BinaryPrimitives.WriteUInt32LittleEndian(span[4..], 0);
            BinaryPrimitives.WriteInt64LittleEndian(span[8..], lsn);
            image[.._pageSize].CopyTo(span[EntryHeaderSize..]);

            // After the entries already there: a checkpoint after a crash keeps those of the interrupted one
            // until it has rewritten their pages itself.
            var end = _device.Length / _device.BlockSize * _device.BlockSize;
            _device.Write(end, span);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(entry);
        }
    }

    /// <summary>Makes the entries added so far durable.</summary>
    public void Flush() => _device.Flush();

    /// <summary>Drops every entry, once the pages they cover are durable in the database file.</summary>
    public void Clear()
    {
        lock (Gate)
        {
            if (_device.Length > 0)
            {
                _device.SetLength(0);
            }

            _stale = false;
        }
    }

    /// <summary>The file's name, for the reports that say why it could not repair a page.</summary>
    public string Name => _device.Name;

    /// <summary>
    /// Reads the newest entry of <paramref name="page"/> into <paramref name="image"/>; false when the file
    /// holds none intact. The caller holds <see cref="Gate"/>. When it is false, <paramref name="unusable"/>
    /// says why the file could not hold the page (it belongs to another database or key, or some of its
    /// entries fail authentication), or is null when every entry is intact and none is the page's.
    /// </summary>
    public bool TryRead(long page, Span<byte> image, out string? unusable)
    {
        unusable = null;
        if (_stale)
        {
            // An empty file of another database (its envelope only) could not have held the page anyway.
            unusable = _device.Length < _device.BlockSize ? null : "it belongs to another database or key (its envelope's file identity or key check differs, or the envelope is damaged), so none of its entries can be used";
            return false;
        }

        var entrySize = _pageSize + EntryHeaderSize;
        var entry = ArrayPool<byte>.Shared.Rent(entrySize);
        try
        {
            var count = _device.Length / _device.BlockSize;
            var best = -1L;
            var bestLsn = 0L;
            var damaged = 0L;
            for (var i = 0L; i < count; i++)
            {
                var span = entry.AsSpan(0, entrySize);
                if (_device.Read(i * _device.BlockSize, span) != entrySize)
                {
                    break;
                }

                // An entry that fails its tag reads as zeros (the file is not strict): every entry written has
                // an LSN above 0, so an LSN of 0 is one that was changed, moved, copied from another file or torn.
                var lsn = BinaryPrimitives.ReadInt64LittleEndian(span[8..]);
                if (lsn <= 0)
                {
                    damaged++;
                }
                else if (BinaryPrimitives.ReadUInt32LittleEndian(span) == page && lsn > bestLsn)
                {
                    best = i;
                    bestLsn = lsn;
                    span[EntryHeaderSize..].CopyTo(image);
                }
            }

            if (best < 0 && damaged > 0)
            {
                unusable = $"{damaged} of its {count} entries fail authentication (changed, swapped, or copied from another file), and the page's copy may be among them";
            }

            return best >= 0;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(entry);
        }
    }

    public void Dispose() => _device.Dispose();
}
