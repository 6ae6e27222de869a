using DocStore.Diagnostics;
using DocStore.Storage;
using DocStore.Storage.Cache;
using DocStore.Storage.Pages;
using DocStore.Storage.Paging;
using DocStore.Storage.Redo;
using DocStore.Transactions.FreeSpace;

namespace DocStore.Transactions;

/// <summary>
/// The one write transaction of an engine at a time. Pages it changes are private copies until
/// <see cref="Commit"/> appends them to the WAL; disposing it without committing rolls back. It holds the
/// engine's write lock (a semaphore, not a thread-owned lock) from begin to commit or rollback.
/// </summary>
internal sealed partial class WriteTransaction : Transaction
{
    private readonly Action _releaseLock;
    private readonly Action _afterCommit;
    private readonly Action<WriteTransaction>? _beforeCommit;
    private readonly PagePool.Pin _imagesPin;
    private Dictionary<uint, byte[]> _dirty;
    private Dictionary<uint, byte[]> _previous;
    private bool _catalogChanged;

    // Spilling (see SpillIfLarge): each spilled page's newest frame, the spilled pages read back unchanged,
    // and the bound (int.MaxValue where the pager cannot spill).
    private Dictionary<uint, long> _spilled;
    private Dictionary<uint, byte[]> _reloaded;
    private readonly int _spillThreshold;

    // Set once the pager published the private copies: from then on the cache owns them.
    private bool _published;

    /// <param name="pager">The pager whose pages this transaction changes.</param>
    /// <param name="rootCache">The engine's shared cache of tree roots.</param>
    /// <param name="releaseLock">Releases the engine's write lock when the transaction ends.</param>
    /// <param name="afterCommit">Runs after each acknowledged commit (the engine's checkpoint scheduling).</param>
    /// <param name="beforeCommit">Checks the transaction's state before it is committed (the invariant checker in checked builds); null for none.</param>
    internal WriteTransaction(Pager pager, TreeRootCache rootCache, Action releaseLock, Action afterCommit, Action<WriteTransaction>? beforeCommit)
        : base(pager, rootCache, pager.CommittedLsn)
    {
        _releaseLock = releaseLock;
        _afterCommit = afterCommit;
        _beforeCommit = beforeCommit;

        // The pager's map is reused by each writer in turn (they hold the write lock), so a commit does not
        // grow a fresh dictionary.
        _dirty = pager.Writer.DirtyPages;
        _previous = pager.Writer.DirtyPrevious;
        _spilled = pager.Writer.SpilledPages;
        _reloaded = pager.Writer.ReloadedPages;
        _spillThreshold = pager.Spills.CanSpill ? pager.Spills.SpillThreshold : int.MaxValue;

        // Recorded only where a commit can use them: see Pager.Redo.RecordsCommits.
        if (pager.Redo.RecordsCommits)
        {
            RedoOperations = pager.Redo.Capture;
            RedoOperations.Clear();
            _announced = pager.Redo.Announced;
            _announced.Clear();
        }

        // The writer reads committed images without a registered snapshot (and keeps the ones it copied
        // from, for the WAL's deltas): none of them may be reused before it ends.
        _imagesPin = pager.PinImages();
    }

    /// <inheritdoc />
    private protected override bool UsesRootCache => !_catalogChanged;

    /// <summary>
    /// Where the trees record their changes for the commit's redo record (docs/storage.md, "Redo log"); null
    /// when commits do not use one.
    /// </summary>
    internal RedoOperations? RedoOperations { get; }

    private readonly RedoOperations? _announced;

    /// <summary>
    /// Where a caller that knows its next changes ahead (a collection's single-document write) announces them
    /// through the trees' announce methods, then calls <see cref="StartRedoRecord"/>; null when commits do
    /// not use redo records.
    /// </summary>
    internal RedoOperations? AnnouncedOperations => _catalogChanged ? null : _announced;

    /// <summary>
    /// Starts writing this transaction's redo record now, before the announced changes are made, so that the
    /// disk works while they are (docs/storage.md, "Redo log"). The commit checks that the changes made
    /// match the record. Call at most once, right before making the announced changes.
    /// </summary>
    /// <remarks>
    /// The record then stands for the whole transaction: a crash before the commit may replay it (the outcome
    /// of a commit that was never acknowledged is unknown), so the caller must make no change but those it
    /// announced, and must have checked beforehand everything that could refuse them. The moment a change
    /// departs from the announcement, the record is erased (see <see cref="RecordPut"/>).
    /// </remarks>
    internal void StartRedoRecord()
    {
        ThrowIfCompleted();
        if (RedoOperations is not null && _spilled.Count == 0 && AnnouncedOperations is { } announced)
        {
            Pager.Redo.BeginEarly(RedoOperations, announced);
        }
    }

    /// <summary>True when the commit may use a redo record, so trees must report their changes through <see cref="RecordPut"/> and <see cref="RecordDelete"/>.</summary>
    internal bool RecordsChanges => RedoOperations is not null;

    /// <summary>Records a put that the tree named <paramref name="treeName"/> (UTF-8) made, for the redo record.</summary>
    internal void RecordPut(byte[] treeName, ReadOnlySpan<byte> key, ReadOnlySpan<byte> value)
    {
        if (RedoOperations is { } operations)
        {
            operations.AddPut(treeName, key, value);
            Pager.Redo.CheckEarly(operations);
        }
    }

    /// <summary>Records a delete that the tree named <paramref name="treeName"/> (UTF-8) made, for the redo record.</summary>
    internal void RecordDelete(byte[] treeName, ReadOnlySpan<byte> key)
    {
        if (RedoOperations is { } operations)
        {
            operations.AddDelete(treeName, key);
            Pager.Redo.CheckEarly(operations);
        }
    }

    /// <summary>True once this transaction created or dropped a tree: its commit then goes through the WAL's own fsync.</summary>
    internal bool CatalogChanged => _catalogChanged;

    /// <summary>Notes that the tree catalog changed (a tree was created or dropped).</summary>
    internal void MarkCatalogChanged() => _catalogChanged = true;

    /// <inheritdoc />
    internal override byte[] ReadPage(uint pageNumber, out CachedPage? cached)
    {
        if (IsClosedByEngine)
        {
            throw ClosedByEngine();
        }

        if (OwnVersion(pageNumber) is { } own)
        {
            // A private copy changes under the writer: nothing may be derived from it.
            cached = null;
            return own;
        }

        return Pager.Read(pageNumber, SnapshotLsn, out cached);
    }

    /// <inheritdoc />
    internal override byte[] ReadPageForWalk(uint pageNumber, byte[] scratch)
    {
        if (IsClosedByEngine)
        {
            throw ClosedByEngine();
        }

        return OwnVersion(pageNumber) ?? base.ReadPageForWalk(pageNumber, scratch);
    }

    // The version this transaction made of the page (a private copy, or one it spilled to the WAL), or null.
    private byte[]? OwnVersion(uint pageNumber) =>
        _dirty.TryGetValue(pageNumber, out var page) ? page
        : _spilled.Count != 0 && _spilled.TryGetValue(pageNumber, out var lsn) ? Reload(pageNumber, lsn)
        : null;

    /// <summary>A private, mutable copy of the page (made on first use in this transaction).</summary>
    internal byte[] GetWritable(uint pageNumber)
    {
        if (IsClosedByEngine)
        {
            throw ClosedByEngine();
        }

        if (_dirty.TryGetValue(pageNumber, out var page))
        {
            return page;
        }

        if (_spilled.Count != 0 && _spilled.TryGetValue(pageNumber, out var lsn))
        {
            // Logged whole again if it is still private at the next spill or the commit: no previous image.
            page = Reload(pageNumber, lsn);
            _reloaded.Remove(pageNumber);
            _dirty[pageNumber] = page;
            return page;
        }

        var committed = Pager.Read(pageNumber, SnapshotLsn);
        page = Pager.CopyImage(committed);
        _dirty[pageNumber] = page;
        _previous[pageNumber] = committed;
        NotePrivatePages();
        return page;
    }

    /// <summary>A fresh page of <paramref name="type"/> at <paramref name="pageNumber"/>, replacing whatever was there.</summary>
    internal byte[] NewPage(uint pageNumber, PageType type)
    {
        if (IsClosedByEngine)
        {
            throw ClosedByEngine();
        }

        var page = Pager.NewImage();
        PageLayout.Initialize(page, type);
        if (_dirty.TryGetValue(pageNumber, out var replaced) || _reloaded.Remove(pageNumber, out replaced))
        {
            Pager.ReleaseImage(replaced);
        }

        _dirty[pageNumber] = page;
        _previous.Remove(pageNumber);
        NotePrivatePages();
        return page;
    }

    internal uint AllocatePage() => FreeList.Allocate(this);

    internal void FreePage(uint pageNumber)
    {
        // A freed page is never read again, so its private copy need not reach the WAL.
        // A spilled frame of it stays in the log and is published with the commit, as recovery would: the
        // free list owns the page whatever image it holds.
        if (_dirty.Remove(pageNumber, out var copy) || _reloaded.Remove(pageNumber, out copy))
        {
            Pager.ReleaseImage(copy);
        }

        _previous.Remove(pageNumber);
        FreeList.Free(this, pageNumber);
    }

    /// <summary>
    /// Makes the changes durable (per the engine's <see cref="Durability"/>) and visible to new readers.
    /// Returns only once the commit is acknowledged; the write lock is released before the fsync, so the
    /// next writer can append while this one waits for a flush they then share.
    /// </summary>
    /// <exception cref="StorageFailedException">A write or fsync failed: the commit is not acknowledged.</exception>
    public void Commit()
    {
        var started = DocStoreMetrics.StartTimer(DocStoreMetrics.CommitDuration);
        var lsn = AppendAndRelease();
        if (lsn != 0 && Pager.Durability == Durability.Full)
        {
            Pager.GroupCommit.WaitDurable(lsn);
        }

        _afterCommit();
        DocStoreMetrics.CountTimed(DocStoreMetrics.Commits, DocStoreMetrics.CommitDuration, started);
    }

    /// <summary>The asynchronous twin of <see cref="Commit"/>: waits for the shared fsync without blocking a thread.</summary>
    public async ValueTask CommitAsync(CancellationToken cancellationToken = default)
    {
        var started = DocStoreMetrics.StartTimer(DocStoreMetrics.CommitDuration);
        var lsn = AppendAndRelease();
        if (lsn != 0 && Pager.Durability == Durability.Full)
        {
            await Pager.GroupCommit.WaitDurableAsync(lsn, cancellationToken).ConfigureAwait(false);
        }

        _afterCommit();
        DocStoreMetrics.CountTimed(DocStoreMetrics.Commits, DocStoreMetrics.CommitDuration, started);
    }

    /// <summary>Discards every change and releases the write lock.</summary>
    public void Rollback() => Dispose();

    private long AppendAndRelease()
    {
        // Announced before the check, so that an engine being disposed either sees this commit appending
        // (and waits for it) or has marked the transaction closed first (and the check throws).
        Interlocked.Exchange(ref _appending, 1);
        ThrowIfCompleted();
        try
        {
            if (_dirty.Count == 0)
            {
                if (_spilled.Count == 0)
                {
                    return 0;
                }

                // Every change was spilled: the header page, unchanged, carries the commit flag.
                GetWritable(0);
            }

            _beforeCommit?.Invoke(this);
            var pageCount = HeaderPage.GetPageCount(ReadPage(0));
            var pages = Pager.Writer.CommitPages;
            pages.Clear();
            foreach (var (page, image) in _dirty)
            {
                pages.Add(new CommitPage(page, image, _previous.GetValueOrDefault(page)));
            }

            pages.Sort(static (a, b) => a.PageNumber.CompareTo(b.PageNumber));
            var spilled = SpilledVersions();
            if (!_catalogChanged)
            {
                // A redo record replays tree changes on trees that exist; creating or dropping one, or changes
                // too large to record, go through the WAL's own fsync.
                var redo = RedoOperations is { Complete: true, Span.Length: > 0 } && spilled is null ? RedoOperations : null;
                var committed = Pager.Commits.AppendCommit(pages, pageCount, redo, spilled);
                _published = true;
                return committed;
            }

            // Cached roots must not outlive the catalog they came from: nobody uses the cache until this
            // commit's LSN is known, then snapshots at or after it start a fresh generation.
            RootCache.Invalidate(long.MaxValue);
            var lsn = Pager.Commits.AppendCommit(pages, pageCount, spilled: spilled);
            _published = true;
            RootCache.Invalidate(lsn);
            return lsn;
        }
        finally
        {
            Complete();
        }
    }

    /// <summary>Whether the commit has begun appending (see <see cref="AppendAndRelease"/>).</summary>
    internal bool IsAppending => Volatile.Read(ref _appending) != 0;

    private int _appending;

    // Complete runs once, whichever thread gets there first: the owner (commit, rollback) or an engine
    // being disposed that rolls an abandoned transaction back.
    private int _completing;

    /// <summary>
    /// Called by an engine being disposed while this transaction is open and idle: marks it closed (every
    /// later use throws <see cref="ObjectDisposedException"/>), rolls it back and releases the write lock.
    /// </summary>
    internal void RollBackForEngineDisposal()
    {
        MarkClosedByEngine();
        Complete();
    }

    /// <inheritdoc />
    protected override void Dispose(bool disposing) => Complete();

    private void Complete()
    {
        if (Interlocked.Exchange(ref _completing, 1) != 0)
        {
            return;
        }

        IsCompleted = true;

        // Still under the write lock: hand the reusable collections back empty, so they pin no page images.
        Pager.Writer.CommitPages.Clear();
        var (dirty, previous) = (_dirty, _previous);
        if (!_published)
        {
            // A record started for changes that will not be committed must not be replayed.
            try
            {
                Pager.Redo.CancelEarly();
            }
            catch (StorageFailedException)
            {
                // Recorded by the pager, which refuses commits until the database is reopened.
            }

            // Rolled back (or the append failed): nobody else ever saw these copies, nor the spilled frames.
            foreach (var copy in dirty.Values)
            {
                Pager.ReleaseImage(copy);
            }

            Pager.Spills.DiscardSpilled();
        }

        // Read back from spilled frames, never published: the commit's readers read the frames.
        foreach (var copy in _reloaded.Values)
        {
            Pager.ReleaseImage(copy);
        }

        _reloaded.Clear();
        if (_spilled.Count > 4096)
        {
            _spilled.Clear();
            _spilled.TrimExcess();
            Pager.Writer.SpilledVersions.Clear();
            Pager.Writer.SpilledVersions.TrimExcess();
        }

        _spilled.Clear();
        Pager.Writer.SpilledVersions.Clear();
        (_dirty, _previous, _spilled, _reloaded) = ([], [], [], []);
        var large = dirty.Count > 4096;
        dirty.Clear();
        previous.Clear();
        if (large)
        {
            dirty.TrimExcess();
            previous.TrimExcess();
        }

        _imagesPin.Dispose();
        _releaseLock();
    }
}
