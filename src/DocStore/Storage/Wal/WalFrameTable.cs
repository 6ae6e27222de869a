namespace DocStore.Storage.Wal;

/// <summary>Where one committed frame of the current WAL generation lies, and what its payload rests on.</summary>
/// <param name="Offset">The frame's position in the WAL file.</param>
/// <param name="PayloadLength">The page size for a whole image, less for a <see cref="WalDelta"/>.</param>
/// <param name="PreviousLsn">For a delta: the LSN of the same page's previous frame in this generation, or 0 when the delta rests on the database file's image.</param>
internal readonly record struct WalFrame(long Offset, int PayloadLength, long PreviousLsn);

/// <summary>
/// The committed frames of the current WAL generation by LSN, for readers that miss the cache. The single
/// writer appends; readers look up frames their snapshot covers without locks: entries never change once
/// written, and a grown array is published only after the old entries were copied into it.
/// </summary>
internal sealed class WalFrameTable
{
    private WalFrame[] _frames = new WalFrame[256];
    private int _count;

    public int Count => _count;

    /// <summary>The frame <paramref name="index"/> places after the generation's first.</summary>
    public WalFrame this[long index] => Volatile.Read(ref _frames)[index];

    /// <summary>Appends a committed frame (writer only).</summary>
    public void Add(in WalFrame frame)
    {
        var frames = _frames;
        if (_count == frames.Length)
        {
            var grown = new WalFrame[frames.Length * 2];
            frames.CopyTo(grown, 0);
            Volatile.Write(ref _frames, grown);
            frames = grown;
        }

        frames[_count++] = frame;
    }

    /// <summary>Forgets every frame at a WAL restart (no reader can ask for them any more).</summary>
    public void Clear()
    {
        _count = 0;
        if (_frames.Length > 64 * 1024)
        {
            Volatile.Write(ref _frames, new WalFrame[256]);
        }
    }
}
