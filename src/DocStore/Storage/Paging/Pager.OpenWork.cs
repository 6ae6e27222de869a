using DocStore.Storage.Pages;

namespace DocStore.Storage.Paging;

/// <summary>
/// Opening writes nothing (docs/storage.md, "Recovery"): the writes recovery needs (a new log's header, the
/// cut of a torn WAL tail, the replayed redo records, the checkpoint) wait for the first write transaction
/// or checkpoint, so a database opens, and reads, on a full disk, and a read-only open never writes. Redo
/// records replayed at open are committed to memory (the "overlay"): readers see them at once, and the
/// first write appends them to the WAL, with the LSNs they already have, before anything else.
/// </summary>
internal sealed partial class Pager
{
    // Set at open until the deferred work is done (never, for a read-only open).
    private bool _openWorkPending;

    // A read-only open (StorageOptions.ReadOnly): the work opening puts off is never done.
    private bool _readOnly;

    // The commits replayed at open, in order, and their page images by (page, LSN), until written to the WAL.
    private List<(List<(uint PageNumber, byte[] Image)> Pages, uint PageCount)>? _overlayCommits;
    private Dictionary<(uint Page, long Lsn), byte[]>? _overlayImages;
    private long _overlayNextLsn;

    /// <summary>Whether opening's writes still wait for the first write transaction or checkpoint.</summary>
    public bool OpenWorkPending => _openWorkPending;

    /// <summary>
    /// Does the work opening put off, then checkpoints what recovery found. Called before the first write
    /// transaction; the caller holds the write lock. Nothing to do after the first time.
    /// </summary>
    /// <exception cref="StorageFailedException">A write failed (a full disk, say); the database refuses commits until it is reopened.</exception>
    public void FinishOpen()
    {
        if (_openWorkPending)
        {
            Checkpoint();
        }
    }

    // Commits go to the overlay while redo records are replayed at open (see the class remarks).
    private void BeginOverlay()
    {
        _overlayCommits = [];
        _overlayImages = [];
        _overlayNextLsn = _wal!.NextLsn;
    }

    private bool AppendsToOverlay => _overlayCommits is not null;

    private long AppendToOverlay(List<CommitPage> pages, uint pageCount)
    {
        var first = _overlayNextLsn;
        var lsn = first;
        var kept = new List<(uint, byte[])>(pages.Count);
        foreach (var page in pages)
        {
            // Copies: the writer's images belong to the cache once published, and it may reuse them.
            PageChecksum.Stamp(page.Image, page.PageNumber);
            var image = page.Image.ToArray();
            _overlayImages![(page.PageNumber, lsn++)] = image;
            kept.Add((page.PageNumber, image));
        }

        _overlayCommits!.Add((kept, pageCount));
        var last = lsn - 1;
        _overlayNextLsn = lsn;
        _index.AddCommitted(pages, first);
        _cache.AddCommitted(pages, first, OldestSnapshotInUse());

        // Durable already: these are the redo log's records, acknowledged before the crash.
        _lastCommitLink = last;
        Volatile.Write(ref _committedLsn, last);
        Volatile.Write(ref _durableLsn, last);
        Readers.Publish(last);
        return last;
    }

    /// <summary>A version the overlay holds: copied into <paramref name="image"/>.</summary>
    private bool TryReadOverlay(uint pageNumber, long lsn, byte[] image)
    {
        if (_overlayImages is null || !_overlayImages.TryGetValue((pageNumber, lsn), out var kept))
        {
            return false;
        }

        kept.CopyTo(image, 0);
        return true;
    }

    // Under the checkpoint gate, with the write lock held.
    private void CompleteOpenWork()
    {
        if (!_openWorkPending)
        {
            return;
        }

        ThrowIfFailed();
        if (_readOnly)
        {
            throw DatabaseReadOnlyException.ForWrite(Name, "finishing recovery");
        }

        try
        {
            _wal!.FinishOpen();
            _redo?.FinishOpen();
            if (_overlayCommits is { } commits)
            {
                // The replayed commits take their place in the WAL, whole pages under the LSNs readers know
                // them by, and are made durable there before the redo log that holds them may be reset.
                var pages = new List<CommitPage>();
                foreach (var (kept, pageCount) in commits)
                {
                    pages.Clear();
                    foreach (var (pageNumber, image) in kept)
                    {
                        pages.Add(new CommitPage(pageNumber, image, null));
                    }

                    var expected = _wal.NextLsn + pages.Count - 1;
                    var lsn = _wal.AppendCommit(pages, pageCount, Volatile.Read(ref _walSyncedLsn));
                    if (lsn != expected)
                    {
                        throw new InvalidOperationException($"{Name}: a replayed commit was written to the WAL with LSN {lsn}, not {expected}.");
                    }
                }

                FlushWal(CommittedLsn);
                _overlayCommits = null;
                _overlayImages = null;
            }
        }
        catch (IOException ex)
        {
            throw Fail(ex, "writing what recovery found (the WAL and redo log headers, the replayed commits) at the first write after opening", commitAttempted: false);
        }

        FinishRedoReplay();
        _openWorkPending = false;
    }
}
