using DocStore.Storage.Cache;
using DocStore.Storage.Devices;
using DocStore.Storage.Pages;
using DocStore.Storage.Wal;

namespace DocStore.Storage.Paging;

/// <summary>
/// Resolves a page number at a snapshot to an image: the newest WAL version at or before the snapshot LSN,
/// else the database file; images are checksum-verified on load and cached.
/// </summary>
internal sealed class PageReader(PagerState state, OpenWork openWork)
{
    private readonly IStorageDevice? _db = state.Db;
    private readonly WriteAheadLog? _wal = state.Wal;
    private readonly MemoryPages? _memory = state.Memory;
    private readonly WalIndex _index = state.Index;
    private readonly PageCache _cache = state.Cache;
    private readonly PagePool _pool = state.Pool;
    private readonly int _pageSize = state.PageSize;
    private readonly PagerState _state = state;
    private readonly OpenWork _openWork = openWork;

    /// <summary>The image of <paramref name="pageNumber"/> as of <paramref name="snapshotLsn"/>, and the cache entry that holds it (in memory, the entry the database keeps the image in). Never mutate it.</summary>
    /// <exception cref="DatabaseCorruptException">The stored image fails its checksum or is missing.</exception>
    public byte[] Read(uint pageNumber, long snapshotLsn, out CachedPage? cached)
    {
        var version = _index.Resolve(pageNumber, snapshotLsn);
        if (_memory is not null)
        {
            cached = version == 0 ? _memory.ReadFile(pageNumber) : _memory.ReadVersion(pageNumber, version);
            return cached.Image;
        }

        cached = _cache.TryGet(pageNumber, version) ?? Load(pageNumber, version);
        return cached.Image;
    }

    /// <summary>The cached image when there is one, else the page read into <paramref name="scratch"/> and not cached (see <see cref="Pager.ReadUncached"/>).</summary>
    /// <exception cref="DatabaseCorruptException">The stored image fails its checksum or is missing.</exception>
    public byte[] ReadUncached(uint pageNumber, long snapshotLsn, byte[] scratch)
    {
        if (_memory is not null)
        {
            return Read(pageNumber, snapshotLsn, out _);
        }

        var version = _index.Resolve(pageNumber, snapshotLsn);
        if (_cache.TryGet(pageNumber, version) is { } cached)
        {
            return cached.Image;
        }

        ReadVersion(pageNumber, version, scratch);
        return scratch;
    }

    private CachedPage Load(uint pageNumber, long version)
    {
        var image = _pool.Rent();
        CachedPage cached;
        try
        {
            ReadVersion(pageNumber, version, image);
            cached = _cache.Add(pageNumber, version, image);
        }
        catch
        {
            _pool.Release(image);
            throw;
        }

        if (!ReferenceEquals(cached.Image, image))
        {
            // Another reader cached the same version first; this copy was never seen.
            _pool.Release(image);
        }

        return cached;
    }

    // A version of a page from where it lies (the file, opening's overlay or the WAL), its checksum verified.
    // One that fails its check may rest on a page a checkpoint (of any process) was writing as it was read:
    // it is read again until it succeeds or fails with no copy writing meanwhile (FileCopies).
    private void ReadVersion(uint pageNumber, long version, byte[] image)
    {
        try
        {
            ReadVersionOnce(pageNumber, version, image);
        }
        catch (DatabaseCorruptException) when (!_state.Copies.CopyingOnThisThread)
        {
            _state.Copies.ReadSettled(() => ReadVersionOnce(pageNumber, version, image), _state.Name, pageNumber);
        }
    }

    private void ReadVersionOnce(uint pageNumber, long version, byte[] image)
    {
        string source;
        if (version == 0)
        {
            source = _db!.Name;
            ReadFilePage(pageNumber, image);
        }
        else if (_openWork.TryRead(pageNumber, version, image))
        {
            source = _state.Name;
        }
        else
        {
            source = _wal!.Name;
            ReadWalVersion(pageNumber, version, image);
        }

        if (!PageChecksum.IsValid(image, pageNumber))
        {
            var where = version == 0 ? "page checksum mismatch" : $"page checksum mismatch in the WAL frame with LSN {version}";
            throw new DatabaseCorruptException(source, pageNumber, where);
        }
    }

    private void ReadFilePage(uint pageNumber, Span<byte> image)
    {
        if (_db!.Read((long)pageNumber * _pageSize, image) != _pageSize)
        {
            throw new DatabaseCorruptException(_db.Name, pageNumber, "the page lies beyond the end of the file");
        }
    }

    /// <summary>
    /// Fills <paramref name="image"/> with version <paramref name="lsn"/> of a page: a whole-image frame is
    /// read as it is; a delta is applied to the version it rests on, found the same way (at most
    /// <see cref="WriteAheadLog.MaxDeltaChain"/> frames deep), or to a cached version, or to the database
    /// file's image. The result is checked by the caller against the page checksum it carries.
    /// </summary>
    /// <remarks>
    /// The file's image may be newer than the version a chain starts from (a checkpoint copied a later one),
    /// or torn between two versions while a checkpoint writes it. Both are fine for any version a live
    /// snapshot can ask for, because a checkpoint never copies past the oldest reader: replaying deltas in
    /// order gives every byte they cover its newest value, and the bytes none covers are the same in every
    /// version (docs/storage.md, "Delta frames"). Intermediate versions are therefore never cached.
    /// </remarks>
    private void ReadWalVersion(uint pageNumber, long lsn, byte[] image)
    {
        var wal = _wal!;
        var frame = wal.GetFrame(pageNumber, lsn);
        if (frame.PayloadLength == _pageSize)
        {
            wal.ReadPayload(pageNumber, lsn, frame, image);
            return;
        }

        if (frame.PreviousLsn != 0)
        {
            if (_cache.TryGet(pageNumber, frame.PreviousLsn, out var cached))
            {
                cached.CopyTo(image, 0);
            }
            else
            {
                ReadWalVersion(pageNumber, frame.PreviousLsn, image);
            }
        }
        else if (_cache.TryGet(pageNumber, 0, out var file))
        {
            file.CopyTo(image, 0);
        }
        else
        {
            ReadFilePage(pageNumber, image);
        }

        var delta = new byte[frame.PayloadLength];
        wal.ReadPayload(pageNumber, lsn, frame, delta);
        if (!WalDelta.TryApply(image, delta))
        {
            throw new DatabaseCorruptException(wal.Name, pageNumber, $"the delta in the WAL frame with LSN {lsn} does not fit the page");
        }
    }
}
