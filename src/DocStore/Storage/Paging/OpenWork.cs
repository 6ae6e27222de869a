using DocStore.Storage.Pages;

namespace DocStore.Storage.Paging;

/// <summary>
/// Opening writes nothing (docs/storage.md, "Recovery"): the writes recovery needs (a new log's header, the
/// cut of a torn WAL tail, the replayed redo records, the checkpoint) wait for the first write transaction
/// or checkpoint, so a database opens, and reads, on a full disk, and a read-only open never writes. Redo
/// records replayed at open are committed to memory (the "overlay"): readers see them at once, and the
/// first write appends them to the WAL, with the LSNs they already have, before anything else.
/// </summary>
internal sealed class OpenWork(PagerState state, GroupCommit flusher, RedoJournal redo)
{
    // The commits replayed at open, in order, and their page images by (page, LSN), until written to the WAL.
    private List<(List<(uint PageNumber, byte[] Image)> Pages, uint PageCount)>? _overlayCommits;
    private Dictionary<(uint Page, long Lsn), byte[]>? _overlayImages;
    private long _overlayNextLsn;

    /// <summary>Commits go to the overlay while redo records are replayed at open (see the class remarks).</summary>
    public void BeginOverlay()
    {
        _overlayCommits = [];
        _overlayImages = [];
        _overlayNextLsn = state.Wal!.NextLsn;
    }

    /// <summary>Whether commits go to the overlay: a replay of redo records at open is running.</summary>
    public bool AppendsToOverlay => _overlayCommits is not null;

    /// <summary>Commits a replayed redo record's pages to the overlay and publishes them.</summary>
    /// <returns>The commit LSN.</returns>
    public long AppendToOverlay(List<CommitPage> pages, uint pageCount)
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
        state.Index.AddCommitted(pages, first);
        state.Cache.AddCommitted(pages, first, state.OldestSnapshotInUse());

        // Durable already: these are the redo log's records, acknowledged before the crash.
        state.LastCommitLink = last;
        Volatile.Write(ref state.CommittedLsn, last);
        Volatile.Write(ref state.DurableLsn, last);
        state.Readers.Publish(last);
        return last;
    }

    /// <summary>A version the overlay holds: copied into <paramref name="image"/>.</summary>
    public bool TryRead(uint pageNumber, long lsn, byte[] image)
    {
        if (_overlayImages is null || !_overlayImages.TryGetValue((pageNumber, lsn), out var kept))
        {
            return false;
        }

        kept.CopyTo(image, 0);
        return true;
    }

    /// <summary>Does the work opening put off; under the checkpoint gate, with the write lock held. Nothing to do after the first time.</summary>
    /// <exception cref="DatabaseReadOnlyException">The database was opened read-only.</exception>
    /// <exception cref="StorageFailedException">A write failed (a full disk, say); the database refuses commits until it is reopened.</exception>
    public void Complete()
    {
        if (!state.OpenWorkPending)
        {
            return;
        }

        state.ThrowIfFailed();
        if (state.ReadOnly)
        {
            throw DatabaseReadOnlyException.ForWrite(state.Name, "finishing recovery");
        }

        var wal = state.Wal!;
        try
        {
            wal.FinishOpen();
            state.Redo?.FinishOpen();
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

                    var expected = wal.NextLsn + pages.Count - 1;
                    var lsn = wal.AppendCommit(pages, pageCount, Volatile.Read(ref state.WalSyncedLsn));
                    if (lsn != expected)
                    {
                        throw new InvalidOperationException($"{state.Name}: a replayed commit was written to the WAL with LSN {lsn}, not {expected}.");
                    }
                }

                flusher.FlushWal(Volatile.Read(ref state.CommittedLsn));
                _overlayCommits = null;
                _overlayImages = null;
            }
        }
        catch (IOException ex)
        {
            throw state.Fail(ex, "writing what recovery found (the WAL and redo log headers, the replayed commits) at the first write after opening", commitAttempted: false);
        }

        redo.FinishReplay();
        state.OpenWorkPending = false;
    }
}
