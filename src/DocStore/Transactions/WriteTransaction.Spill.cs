using DocStore.Storage.Paging;

namespace DocStore.Transactions;

/// <summary>
/// Spilling (docs/storage.md, "Transactions and durability"): a transaction past its bound writes its
/// private pages to the WAL as uncommitted frames at a safe point and reads them back from there.
/// </summary>
internal sealed partial class WriteTransaction
{
    /// <summary>Pages this transaction holds in memory now: its private copies and the spilled pages it read back.</summary>
    internal int PrivatePageCount => _dirty.Count + _reloaded.Count;

    /// <summary>The most pages this transaction held in memory at once (see <see cref="PrivatePageCount"/>).</summary>
    internal int PeakPrivatePages { get; private set; }

    /// <summary>Frames this transaction spilled to the WAL so far.</summary>
    internal long SpilledFrames { get; private set; }

    private void NotePrivatePages()
    {
        var count = _dirty.Count + _reloaded.Count;
        if (count > PeakPrivatePages)
        {
            PeakPrivatePages = count;
        }
    }

    /// <summary>
    /// Spills the private pages to the WAL when there are more than the pager's bound (a count compare
    /// otherwise). Call only where no page image of this transaction is referenced (between document
    /// operations): the images go back to the pool, and cursors must seek again.
    /// </summary>
    /// <remarks>
    /// The pages are written as uncommitted whole-page frames (docs/storage.md, "Transactions and
    /// durability"); reading or changing one again reads its frame back. A <c>:memory:</c> database, a
    /// read-only one and a replay of redo records at open never spill.
    /// </remarks>
    /// <exception cref="StorageFailedException">The write failed: the transaction cannot commit.</exception>
    internal void SpillIfLarge()
    {
        if (_dirty.Count + _reloaded.Count > _spillThreshold)
        {
            Spill();
        }
    }

    private void Spill()
    {
        ThrowIfCompleted();
        var pages = Pager.Writer.CommitPages;
        pages.Clear();
        foreach (var (page, image) in _dirty)
        {
            pages.Add(new CommitPage(page, image, null));
        }

        pages.Sort(static (a, b) => a.PageNumber.CompareTo(b.PageNumber));
        try
        {
            var lsn = pages.Count == 0 ? 0 : Pager.Spills.Spill(pages);
            foreach (var page in pages)
            {
                _spilled[page.PageNumber] = lsn++;
            }
        }
        finally
        {
            pages.Clear();
        }

        SpilledFrames += _dirty.Count;
        foreach (var image in _dirty.Values)
        {
            Pager.ReleaseImage(image);
        }

        foreach (var image in _reloaded.Values)
        {
            Pager.ReleaseImage(image);
        }

        _dirty.Clear();
        _previous.Clear();
        _reloaded.Clear();

        // Cursors positioned on the images let go must not read them again.
        Version++;
    }

    // A spilled page read back from its frame, kept (unchanged) until the next spill or the end.
    private byte[] Reload(uint pageNumber, long lsn)
    {
        if (_reloaded.TryGetValue(pageNumber, out var page))
        {
            return page;
        }

        page = Pager.NewImage();
        try
        {
            Pager.Spills.ReadSpilled(pageNumber, lsn, page);
        }
        catch
        {
            Pager.ReleaseImage(page);
            throw;
        }

        _reloaded[pageNumber] = page;
        NotePrivatePages();
        return page;
    }

    // The spilled versions the commit publishes beside its own frames: those of pages it does not log again.
    private List<(uint PageNumber, long Lsn)>? SpilledVersions()
    {
        if (_spilled.Count == 0)
        {
            return null;
        }

        var versions = Pager.Writer.SpilledVersions;
        versions.Clear();
        foreach (var (page, lsn) in _spilled)
        {
            if (!_dirty.ContainsKey(page))
            {
                versions.Add((page, lsn));
            }
        }

        return versions;
    }
}
