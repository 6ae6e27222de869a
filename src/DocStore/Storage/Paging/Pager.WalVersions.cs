using DocStore.Storage.Wal;

namespace DocStore.Storage.Paging;

/// <summary>Rebuilding a page version from the WAL when the cache does not hold it.</summary>
internal sealed partial class Pager
{
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
        if (frame.PayloadLength == PageSize)
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
