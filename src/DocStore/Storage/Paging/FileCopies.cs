namespace DocStore.Storage.Paging;

/// <summary>
/// Counts the checkpoints' writes into the database file, seqlock style (docs/storage.md, "Reads beside a
/// checkpoint"): the count is odd from before a copy's first write (its double-write entries included) to
/// after its last. A reader whose page failed its check reads it again until a read fails with the count
/// even and unchanged across it: no copy wrote meanwhile, so the failure is damage, and it is reported.
/// In this process for an exclusive open; in the shared file when other processes write (<see cref="Sharing.SharedFileCopies"/>).
/// </summary>
internal class FileCopies
{
    // A copy that stays unfinished this long without the count moving is a hung checkpoint, not progress.
    private static readonly TimeSpan StallGuard = TimeSpan.FromMinutes(10);

    private long _sequence;

    // The managed thread of this process that copies now (0: none): its own reads never wait for itself.
    private int _copier;

    /// <summary>The count now: odd while a copy writes.</summary>
    public virtual long Sequence => Volatile.Read(ref _sequence);

    /// <summary>Whether the calling thread is the one copying now.</summary>
    public bool CopyingOnThisThread => Volatile.Read(ref _copier) == Environment.CurrentManagedThreadId;

    /// <summary>Before a copy's first write: makes the count odd (a full fence, so no write goes before it).</summary>
    public void BeginCopy()
    {
        Volatile.Write(ref _copier, Environment.CurrentManagedThreadId);
        Increment();
    }

    /// <summary>After a copy's last write (or its failure): makes the count even again.</summary>
    public void EndCopy()
    {
        Increment();
        Volatile.Write(ref _copier, 0);
    }

    /// <summary>
    /// Runs <paramref name="read"/> (a page read that failed its check once) again until it succeeds, or fails
    /// with no copy writing meanwhile, which it lets through: damage, named by the read's own exception.
    /// </summary>
    /// <param name="read">The read; throws <see cref="DatabaseCorruptException"/> when the page fails its check.</param>
    /// <param name="fileName">The database file, for the hang guard's message.</param>
    /// <param name="page">The page, for the hang guard's message.</param>
    /// <exception cref="DatabaseCorruptException">The page fails its check while no copy writes the file.</exception>
    /// <exception cref="DatabaseBusyException">One copy went on for the hang guard's length without finishing.</exception>
    public void ReadSettled(Action read, string fileName, uint page)
    {
        var stalled = Sequence;
        var stalledSince = Environment.TickCount64;
        for (var pause = 1; ;)
        {
            var before = Sequence;
            if ((before & 1) == 0)
            {
                try
                {
                    read();
                    return;
                }
                catch (DatabaseCorruptException) when (MovedSince(before))
                {
                    // A copy wrote while the page was read: what failed may be its half-written page.
                    continue;
                }
            }

            // A copy is writing, or its process died mid-copy (then nothing else can write: read it now).
            if (TryReadStill(read))
            {
                return;
            }

            if (before != stalled)
            {
                (stalled, stalledSince) = (before, Environment.TickCount64);
            }
            else if (Environment.TickCount64 - stalledSince > (long)StallGuard.TotalMilliseconds)
            {
                throw DatabaseBusyException.CheckpointStalled(fileName, page, StallGuard);
            }

            Thread.Sleep(pause);
            pause = Math.Min(16, pause * 2);
        }
    }

    /// <summary>Adds one to the count (atomically, a full fence).</summary>
    protected virtual void Increment() => Interlocked.Increment(ref _sequence);

    /// <summary>
    /// With the count odd: when no live copier can be writing, runs <paramref name="read"/> while none can
    /// start, letting its exception through, and returns true; false while a copier may be at work. In one
    /// process the copier is always alive.
    /// </summary>
    protected virtual bool TryReadStill(Action read) => false;

    private bool MovedSince(long before)
    {
        // The page's bytes were read before the count is read again.
        Interlocked.MemoryBarrier();
        return Sequence != before;
    }
}
