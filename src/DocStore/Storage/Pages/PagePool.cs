using System.Diagnostics;
using DocStore.Storage.Paging;

namespace DocStore.Storage.Pages;

/// <summary>
/// Page images, reused once nothing can still read them. A commit copies every page it changes
/// (copy-on-write) and the copies become the cached images; without reuse each copy would be a new array
/// on the pinned object heap, which only full collections free.
/// <para>
/// When an image leaves every shared structure (the cache evicts or drops it) it is retired, tagged with the
/// reader registry's current epoch. It may be handed out again only when no reader registered on a snapshot
/// object of that epoch or an earlier one is left (<see cref="ReaderRegistry.OldestReaderEpoch"/>), and
/// no pinned participant (the writer, a checkpoint) began at or before that epoch: anyone who could have
/// picked the image up from the cache before it left was one of those. Readers that register later cannot
/// find it. So a value read from a page stays valid for as long as its transaction does, and no longer
/// (docs/storage.md, "Page image reuse").
/// </para>
/// <para>
/// An image that never left its owner (a copy a rolled-back writer made, a page read that lost a race to
/// the cache) is released straight to the free list. Both lists are bounded; what does not fit is left to
/// the garbage collector, which is always safe.
/// </para>
/// </summary>
/// <param name="pageSize">The size of every image.</param>
/// <param name="readers">The registry whose epochs say when a retired image is safe to reuse.</param>
/// <param name="maxFree">
/// Free images kept for reuse at most. It must cover what one commit retires: the writer's pin holds back
/// the images its own transaction retires, so each commit is served from what the one before left, and
/// anything dropped here for want of room comes back as a new allocation (pinned garbage until a full
/// collection) in the next.
/// </param>
/// <param name="pinned">
/// Where new images are allocated: the pinned object heap for a file database, whose images live as long as
/// the cache holds them (see <see cref="PageImages"/>); the ordinary heap for a <c>:memory:</c> one, where an
/// image the pool has no room for dies young.
/// </param>
internal sealed class PagePool(int pageSize, ReaderRegistry readers, bool pinned = true, int maxFree = PagePool.MinFree)
{
    /// <summary>The smallest free-list bound (4 MiB at 8 KiB pages); the pager gives half its cache size when that is more.</summary>
    public const int MinFree = 512;

    /// <summary>Retired images waiting for their readers at most; a reader that stays open long makes the oldest go to the GC instead.</summary>
    public const int MaxRetired = 2048;

    private readonly Lock _gate = new();
    private readonly Stack<byte[]> _free = new();
    private readonly Queue<(byte[] Image, long Epoch)> _retired = new();
    private readonly List<long> _pins = [];

    /// <summary>Images handed out so far that came from the free list rather than a new allocation.</summary>
    public long Reused { get; private set; }

    /// <summary>Retired images waiting for their readers to go.</summary>
    public int RetiredCount
    {
        get
        {
            lock (_gate)
            {
                return _retired.Count;
            }
        }
    }

    /// <summary>An image whose content the caller overwrites in full: a reusable one, or a new one.</summary>
    public byte[] Rent()
    {
        lock (_gate)
        {
            if (_free.Count == 0)
            {
                Reclaim();
            }

            if (_free.TryPop(out var image))
            {
                Reused++;
                return image;
            }
        }

        return PageImages.Allocate(pageSize, longLived: pinned);
    }

    /// <summary>An image no reader can have seen (never shared): reusable at once.</summary>
    public void Release(byte[] image)
    {
        lock (_gate)
        {
            AssertNotHeld(image);
            Free(image);
        }
    }

    /// <summary>An image that has just left the cache: reusable once every reader that could hold it is gone.</summary>
    public void Retire(byte[] image)
    {
        var epoch = readers.CurrentEpoch;
        lock (_gate)
        {
            if (_retired.Count == MaxRetired)
            {
                // The oldest waits for the longest reader; the collector takes it, whenever that reader goes.
                _retired.Dequeue();
            }

            AssertNotHeld(image);
            _retired.Enqueue((image, epoch));
        }
    }

    /// <summary>
    /// Holds back every image retired from now on (and in the current epoch) until the returned pin is
    /// disposed: for a participant that reads cached images without a registered snapshot (the writer, a
    /// checkpoint).
    /// </summary>
    public Pin PinImages()
    {
        var epoch = readers.CurrentEpoch;
        lock (_gate)
        {
            _pins.Add(epoch);
        }

        return new Pin(this, epoch);
    }

    private void Unpin(long epoch)
    {
        lock (_gate)
        {
            _pins.Remove(epoch);
        }
    }

    // Under the gate. Retirement order is epoch order, so the queue drains from its front.
    private void Reclaim()
    {
        if (_retired.Count == 0)
        {
            return;
        }

        var safeBelow = readers.OldestReaderEpoch();
        foreach (var pin in _pins)
        {
            safeBelow = Math.Min(safeBelow, pin);
        }

        while (_retired.TryPeek(out var head) && head.Epoch < safeBelow)
        {
            _retired.Dequeue();
            Free(head.Image);
        }

        // Retired in the epoch readers still register on: nothing from it can be reused until that epoch
        // is closed, which commits do by publishing; a read-only stretch (cache misses evicting) needs this.
        if (_retired.TryPeek(out var waiting) && waiting.Epoch >= readers.CurrentEpoch)
        {
            readers.Rotate();
        }
    }

    // Under the gate. An image handed in twice would later go to two owners at once; debug builds check every hand-in.
    [Conditional("DEBUG")]
    private void AssertNotHeld(byte[] image)
    {
        Debug.Assert(!_free.Contains(image), "a page image was handed to the pool while already free");
        foreach (var (retired, _) in _retired)
        {
            Debug.Assert(!ReferenceEquals(retired, image), "a page image was retired twice");
        }
    }

    // Under the gate.
    private void Free(byte[] image)
    {
        if (_free.Count < maxFree && image.Length == pageSize)
        {
            _free.Push(image);
        }
    }

    /// <summary>A participant's hold on images retired from its start on (see <see cref="PinImages"/>).</summary>
    internal readonly struct Pin(PagePool pool, long epoch) : IDisposable
    {
        public void Dispose() => pool?.Unpin(epoch);
    }
}
