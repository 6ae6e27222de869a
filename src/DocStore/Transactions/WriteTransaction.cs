using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Cache;
using DocStore.Storage.Pages;
using DocStore.Storage.Paging;
using DocStore.Storage.Redo;

namespace DocStore.Transactions;

/// <summary>
/// The one write transaction of an engine at a time. Pages it changes are private copies until
/// <see cref="Commit"/> appends them to the WAL; disposing it without committing rolls back. It holds the
/// engine's write lock (a semaphore, not a thread-owned lock) from begin to commit or rollback.
/// </summary>
public sealed class WriteTransaction : Transaction
{
    private readonly Action _releaseLock;
    private readonly PagePool.Pin _imagesPin;
    private Dictionary<uint, byte[]> _dirty;
    private Dictionary<uint, byte[]> _previous;
    private bool _catalogChanged;

    // Set once the pager published the private copies: from then on the cache owns them.
    private bool _published;

    internal WriteTransaction(StorageEngine engine, Pager pager, Action releaseLock)
        : base(engine, pager, pager.CommittedLsn)
    {
        _releaseLock = releaseLock;

        // The pager's map is reused by each writer in turn (they hold the write lock), so a commit does not
        // grow a fresh dictionary.
        _dirty = pager.DirtyPages;
        _previous = pager.DirtyPrevious;

        // Recorded only where a commit can use them: see Pager.RecordsRedo.
        if (pager.RecordsRedo)
        {
            RedoOperations = pager.RedoCapture;
            RedoOperations.Clear();
            _announced = pager.RedoAnnounced;
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
    /// through <see cref="Tree.AnnouncePut"/>, then calls <see cref="StartRedoRecord"/>; null when commits do
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
        if (RedoOperations is not null && AnnouncedOperations is { } announced)
        {
            Pager.BeginRedoEarly(RedoOperations, announced);
        }
    }

    /// <summary>Records a put that <paramref name="tree"/> made, for the redo record.</summary>
    /// <remarks>Takes the tree rather than its encoded name, so that a transaction without a record never encodes one.</remarks>
    internal void RecordPut(Tree tree, ReadOnlySpan<byte> key, ReadOnlySpan<byte> value)
    {
        if (RedoOperations is { } operations)
        {
            operations.AddPut(tree.NameUtf8, key, value);
            Pager.CheckEarlyRedo(operations);
        }
    }

    /// <summary>Records a delete that <paramref name="tree"/> made, for the redo record.</summary>
    internal void RecordDelete(Tree tree, ReadOnlySpan<byte> key)
    {
        if (RedoOperations is { } operations)
        {
            operations.AddDelete(tree.NameUtf8, key);
            Pager.CheckEarlyRedo(operations);
        }
    }

    /// <inheritdoc />
    internal override byte[] ReadPage(uint pageNumber, out CachedPage? cached)
    {
        if (IsClosedByEngine)
        {
            throw ClosedByEngine();
        }

        if (_dirty.TryGetValue(pageNumber, out var page))
        {
            // A private copy changes under the writer: nothing may be derived from it.
            cached = null;
            return page;
        }

        return Pager.Read(pageNumber, SnapshotLsn, out cached);
    }

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

        var committed = Pager.Read(pageNumber, SnapshotLsn);
        page = Pager.CopyImage(committed);
        _dirty[pageNumber] = page;
        _previous[pageNumber] = committed;
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
        if (_dirty.TryGetValue(pageNumber, out var replaced))
        {
            Pager.ReleaseImage(replaced);
        }

        _dirty[pageNumber] = page;
        _previous.Remove(pageNumber);
        return page;
    }

    internal uint AllocatePage() => FreeList.Allocate(this);

    internal void FreePage(uint pageNumber)
    {
        // A freed page is never read again, so its private copy need not reach the WAL.
        if (_dirty.Remove(pageNumber, out var copy))
        {
            Pager.ReleaseImage(copy);
        }

        _previous.Remove(pageNumber);
        FreeList.Free(this, pageNumber);
    }

    /// <summary>Creates an empty tree named <paramref name="name"/>.</summary>
    /// <exception cref="InvalidOperationException">A tree with that name exists.</exception>
    public Tree CreateTree(string name)
    {
        ThrowIfCompleted();
        ArgumentNullException.ThrowIfNull(name);
        var key = TreeNameKey(name);
        if (Catalog.TryGet(key, out _))
        {
            throw new InvalidOperationException($"A tree named '{name}' already exists.");
        }

        var root = AllocatePage();
        NewPage(root, PageType.Leaf);
        _catalogChanged = true;
        Catalog.Put(key, BitConverter.GetBytes(root));
        var tree = new Tree(this, name, root);
        RememberTree(tree);
        return tree;
    }

    /// <summary>Opens the tree named <paramref name="name"/>, creating it when there is none.</summary>
    public Tree OpenOrCreateTree(string name) => OpenTree(name) ?? CreateTree(name);

    /// <summary>Deletes the tree named <paramref name="name"/> and frees its pages; returns false when there was none.</summary>
    public bool DropTree(string name)
    {
        var tree = OpenTree(name);
        if (tree is null)
        {
            return false;
        }

        _catalogChanged = true;
        tree.FreeAllPages();
        Catalog.Delete(TreeNameKey(name));
        ForgetTree(name);
        return true;
    }

    /// <summary>
    /// Makes the changes durable (per the engine's <see cref="Durability"/>) and visible to new readers.
    /// Returns only once the commit is acknowledged; the write lock is released before the fsync, so the
    /// next writer can append while this one waits for a flush they then share.
    /// </summary>
    /// <exception cref="StorageFailedException">A write or fsync failed: the commit is not acknowledged.</exception>
    public void Commit()
    {
        var lsn = AppendAndRelease();
        if (lsn != 0 && Pager.Durability == Durability.Full)
        {
            Pager.WaitDurable(lsn);
        }

        Engine.AfterCommit();
    }

    /// <summary>The asynchronous twin of <see cref="Commit"/>: waits for the shared fsync without blocking a thread.</summary>
    public async ValueTask CommitAsync(CancellationToken cancellationToken = default)
    {
        var lsn = AppendAndRelease();
        if (lsn != 0 && Pager.Durability == Durability.Full)
        {
            await Pager.WaitDurableAsync(lsn, cancellationToken).ConfigureAwait(false);
        }

        Engine.AfterCommit();
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
                return 0;
            }

            AssertInvariants();
            var pageCount = HeaderPage.GetPageCount(ReadPage(0));
            var pages = Pager.CommitPages;
            pages.Clear();
            foreach (var (page, image) in _dirty)
            {
                pages.Add(new CommitPage(page, image, _previous.GetValueOrDefault(page)));
            }

            pages.Sort(static (a, b) => a.PageNumber.CompareTo(b.PageNumber));
            if (!_catalogChanged)
            {
                // A redo record replays tree changes on trees that exist; creating or dropping one, or changes
                // too large to record, go through the WAL's own fsync.
                var redo = RedoOperations is { Complete: true, Span.Length: > 0 } ? RedoOperations : null;
                var committed = Pager.AppendCommit(pages, pageCount, redo);
                _published = true;
                return committed;
            }

            // Cached roots must not outlive the catalog they came from: nobody uses the cache until this
            // commit's LSN is known, then snapshots at or after it start a fresh generation.
            Engine.RootCache.Invalidate(long.MaxValue);
            var lsn = Pager.AppendCommit(pages, pageCount);
            _published = true;
            Engine.RootCache.Invalidate(lsn);
            return lsn;
        }
        finally
        {
            Complete();
        }
    }

    /// <summary>
    /// The debug invariant checker: builds defining DOCSTORE_INVARIANTS check every tree and the free list
    /// before each commit and refuse to commit a broken state. Off by default because the walk costs
    /// time proportional to the database; the tests run the same checker after every batch instead.
    /// </summary>
    [System.Diagnostics.Conditional("DOCSTORE_INVARIANTS")]
    private void AssertInvariants()
    {
        var report = Integrity.IntegrityChecker.Check(this);
        if (!report.IsValid)
        {
            throw new DatabaseCorruptException(Pager.Name, -1, "invariant check before commit failed: " + report);
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
        Pager.CommitPages.Clear();
        var (dirty, previous) = (_dirty, _previous);
        if (!_published)
        {
            // A record started for changes that will not be committed must not be replayed.
            try
            {
                Pager.CancelEarlyRedo();
            }
            catch (StorageFailedException)
            {
                // Recorded by the pager, which refuses commits until the database is reopened.
            }

            // Rolled back (or the append failed): nobody else ever saw these copies.
            foreach (var copy in dirty.Values)
            {
                Pager.ReleaseImage(copy);
            }
        }

        (_dirty, _previous) = ([], []);
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
