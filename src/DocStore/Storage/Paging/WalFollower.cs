using DocStore.Storage.Sharing;

namespace DocStore.Storage.Paging;

/// <summary>
/// A shared open's view of a database other processes write (docs/storage.md, "Many processes").
/// Before a reader registers, the process protects its snapshot with its slot's mark (when no reader of
/// the process holds one already), then extends its WAL frame table and index with the frames of the
/// commits the writer has published since, or reads the whole log again after the writer restarted it. When
/// the process's last reader leaves, the mark is cleared, so the writer may copy and restart freely. In a
/// process that writes, it also hands out the process's turns at the writer lock: taking one brings the view
/// up to the latest commit of any process, under the same gate as the readers' catch-up. While the process
/// holds that lock, its readers only count themselves, and the lock's release marks those still live.
/// </summary>
internal sealed partial class WalFollower : IDisposable
{
    // How long a reader waits for a header the writer is changing (a restart fsyncs the new WAL header).
    private static readonly TimeSpan ChangeTimeout = TimeSpan.FromSeconds(30);

    private readonly PagerState _state;
    private readonly SharedReaderSlot _slot;
    private readonly string _databasePath;
    private readonly bool _canFollow;
    private readonly Lock _gate = new();

    // Readers of the process between Enter and Left (changed with interlocked operations: a reader counts
    // itself without the gate while the process holds the writer lock, see _held).
    private int _live;

    // The slot's mark while set (0: none), whether it is parked (kept with no reader live), and the header's
    // sequence when the view last caught up with it (-1: unknown). A parked mark made live again under an
    // unchanged sequence holds a view that is still the latest: the read needs no header read, check or catch-up.
    private long _mark;
    private bool _parked;
    private long _viewSequence = -1;

    // The writing process's side of the shared file (null in a read-only open), and whether this process
    // holds the writer lock now (changed under the gate: a reader never probes a lock its process holds).
    private Sharing.SharedWriter? _writer;
    private bool _ownTurn;

    // True from the end of a turn's catch-up until the writer lock goes (set and cleared under the gate):
    // no other process can publish, copy or restart meanwhile, so readers count themselves and read without
    // the gate or the mark, and the release sets the mark for those still live (see ReleaseTurn).
    private volatile bool _held;

    public WalFollower(PagerState state, SharedReaderSlot slot, string databasePath, bool canFollow)
    {
        _state = state;
        _slot = slot;
        _databasePath = databasePath;
        _canFollow = canFollow;
    }

    /// <summary>
    /// Whether the view follows the writer. One that cannot (no WAL file at open, or commits replayed from
    /// the redo log in memory) keeps its open's mark, the lowest LSN, for its whole life: the file must not
    /// change under a view the writer's checkpoints know nothing of.
    /// </summary>
    public bool CanFollow => _canFollow;

    /// <summary>Called with the new visible LSN whenever commits of another process were taken in (the tree-root cache starts afresh).</summary>
    public Action<long>? Followed { get; set; }

    private long _followedCommits;

    /// <summary>Times commits of other processes were taken in since open (read without the lock).</summary>
    public long FollowedCommits => Volatile.Read(ref _followedCommits);

    /// <summary>
    /// Before a reader registers: protects the process's snapshots and catches up with the writer's last
    /// published commit. Every call is matched by one <see cref="Left"/> (the registered snapshot's leave).
    /// </summary>
    /// <exception cref="DatabaseCorruptException">The published commit's frames are not intact in the WAL.</exception>
    public void Enter()
    {
        if (!_canFollow)
        {
            return;
        }

        if (_held)
        {
            // The increment is a full fence: either the release that clears the flag sees this reader in the
            // count and marks its snapshot, or this reader sees the flag cleared and protects itself below.
            Interlocked.Increment(ref _live);
            if (_held)
            {
                return;
            }

            Interlocked.Decrement(ref _live);
        }

        lock (_gate)
        {
            if (_held)
            {
                Interlocked.Increment(ref _live);
                return;
            }

            // A live mark (set by the first of the readers live, or by the release for the readers it counted)
            // already holds back whatever this reader's newer snapshot needs.
            var first = !MarkLive;
            if (first && ResumeParked())
            {
                Interlocked.Increment(ref _live);
                return;
            }

            var publication = first ? Protect() : Current();
            try
            {
                if (publication is { IsPublished: true } p && CatchUp(p, first))
                {
                    _viewSequence = p.Sequence;
                }
                else if (first)
                {
                    _viewSequence = -1;
                }
            }
            catch
            {
                if (first)
                {
                    ClearMark();
                }

                throw;
            }

            Interlocked.Increment(ref _live);
        }
    }

    // Under the gate: whether the slot holds a mark that is neither parked nor cleared.
    private bool MarkLive => _mark != 0 && !_parked;

    // With no reader live: makes the parked mark live again. True when nothing was published since the view
    // caught up (the read goes ahead as it is); false when it must protect and catch up as usual (the mark
    // was taken away, or stands but something newer was published: a new one is set and checked then).
    private bool ResumeParked()
    {
        if (!_parked)
        {
            return false;
        }

        _parked = false;
        if (!_slot.TryUnpark(_mark))
        {
            _mark = 0;
            return false;
        }

        // The exchange was a full fence: a sequence read after it that still equals the view's says no commit
        // or restart was published since, and the mark has held the view's snapshot all along.
        return _slot.Shared.ReadLong(SharedLayout.SequenceOffset) == _viewSequence;
    }

    private void ClearMark()
    {
        _slot.Clear();
        _mark = 0;
        _parked = false;
    }

    /// <summary>A reader of this process left; the last one clears the mark.</summary>
    public void Left()
    {
        if (!_canFollow)
        {
            return;
        }

        // The decrement is a full fence: a release that counted this reader clears the flag before it reads
        // the count, so this reader sees it cleared and parks the mark that release set.
        if (Interlocked.Decrement(ref _live) != 0 || _held)
        {
            return;
        }

        lock (_gate)
        {
            if (Volatile.Read(ref _live) == 0 && !_held && MarkLive)
            {
                _slot.Park(_mark);
                _parked = true;
            }
        }
    }

    // With no reader in the process: publishes a mark that holds what the header says, retrying while the
    // writer changes it. Null when nothing was ever published (or its writer died mid-change): then the
    // mark is the lowest LSN, which keeps every copy and restart off.
    private SharedPublication? Protect()
    {
        var deadline = DateTime.UtcNow + ChangeTimeout;
        while (true)
        {
            var publication = SharedPublication.Read(_slot.Shared);
            if (publication is { IsPublished: true } p)
            {
                if (_slot.TryMark(p))
                {
                    _mark = SharedReaderSlot.MarkFor(p.VisibleLsn);
                    return p;
                }
            }
            else if (publication is not null || !_slot.Shared.IsHeldElsewhere(Sharing.SharedLayout.WriterLock) || DateTime.UtcNow > deadline)
            {
                // Nothing published, or a header left mid-change by a writer that is gone: the files do not
                // change under the lowest mark. A view left from before may be older than what checkpoints
                // copied while this process held no live mark, so it catches up with what that writer left.
                _slot.MarkOpening(_databasePath);
                _mark = 1;
                if (publication is null)
                {
                    FollowDeadWriter();
                }

                return null;
            }

            Thread.Yield();
        }
    }

    // With readers in the process (their mark holds back copies and restarts): the header as it is now.
    private SharedPublication? Current()
    {
        var deadline = DateTime.UtcNow + ChangeTimeout;
        while (true)
        {
            if (SharedPublication.Read(_slot.Shared) is { } publication)
            {
                return publication;
            }

            if (DateTime.UtcNow > deadline)
            {
                return null;
            }

            Thread.Yield();
        }
    }

    /// <summary>
    /// Makes this process the writer of the moment if no other process holds the writer lock, and brings its
    /// view up to the last commit published by any process. False when another process holds it.
    /// </summary>
    /// <exception cref="DatabaseCorruptException">The published commits' frames are not intact in the WAL.</exception>
    public bool TryTakeTurn(Sharing.SharedWriter writer)
    {
        lock (_gate)
        {
            _writer = writer;
            if (TryReuseKeptTurn(writer))
            {
                return true;
            }

            if (!writer.TryTakeTurn(out var diedMidChange))
            {
                return false;
            }

            _ownTurn = true;
            try
            {
                if (diedMidChange)
                {
                    RepairAfterDeadWriter(writer);
                }

                if (writer.Published() is { IsPublished: true } publication)
                {
                    CatchUpAsWriter(publication);
                    _viewSequence = publication.Sequence;
                }
            }
            catch
            {
                _ownTurn = false;
                writer.EndTurn();
                throw;
            }

            _held = true;
            return true;
        }
    }

    /// <summary>Takes over a turn <paramref name="writer"/> took before this follower existed (the open's).</summary>
    public void Adopt(Sharing.SharedWriter writer)
    {
        lock (_gate)
        {
            _writer = writer;
            _ownTurn = writer.HoldsTurn;
            _held = _ownTurn;
        }
    }

    /// <summary>
    /// Ends a turn; the caller published its commits first. A turn that may keep the writer lock keeps it
    /// while no other process waits, and leaves the mark and the view as they are (the release records
    /// them). Otherwise the lock is released as <see cref="ReleaseTurn"/> says.
    /// </summary>
    /// <param name="mayKeep">Whether the lock may be kept until the next turn while no other process waits for it.</param>
    public void EndTurn(bool mayKeep = false)
    {
        lock (_gate)
        {
            if (!(mayKeep && TryKeepTurn()))
            {
                ReleaseTurn();
            }
        }
    }

    // Under the gate, holding the writer lock: records the view as the latest and sets the mark for the
    // readers live now, while no other process can copy or restart, then releases the lock (the kept flag
    // last, right before it: a waiter whose timeout passed gives up once it sees the flag cleared with the
    // lock still held).
    private void ReleaseTurn()
    {
        try
        {
            _held = false;

            // Pairs with a reader's increment in Enter: of the two, one sees the other.
            Interlocked.MemoryBarrier();
            RecordTurnsView();
        }
        finally
        {
            // The flag goes after the lock: a waiter whose busy timeout has passed gives up only when the flag
            // is clear and the lock still held, which must then mean a turn in progress, never a keeper releasing.
            var wasKept = _kept;
            _kept = false;
            _ownTurn = false;
            _writer!.EndTurn();
            if (wasKept)
            {
                _writer.SetKept(false);
            }
        }
    }

    // With readers live (counted while the lock was held, so perhaps with no mark), a live mark at the oldest
    // snapshot any of them holds: a reader that registers later does so at the visible LSN or after. With
    // none, a parked mark at the view, unchecked (set in the turn), so the next read needs no header read.
    private void RecordTurnsView()
    {
        var visible = _state.Readers.VisibleLsn;
        _viewSequence = _writer!.Published() is { IsPublished: true } published && published.Salt == _state.Wal!.Salt && published.VisibleLsn == visible
            ? published.Sequence
            : -1;
        var current = _viewSequence != -1;
        if (Volatile.Read(ref _live) != 0)
        {
            var oldest = Math.Min(_state.Readers.Oldest(), visible);
            _slot.SetMark(_state.Wal!.Salt, oldest);
            _mark = SharedReaderSlot.MarkFor(oldest);
            _parked = false;
        }
        else if (current)
        {
            _mark = SharedReaderSlot.MarkFor(visible);
            _slot.SetMark(_state.Wal!.Salt, visible);
            _slot.Park(_mark);
            _parked = true;
        }
        else if (MarkLive)
        {
            _slot.Park(_mark);
            _parked = true;
        }
    }

    // Another writer restarted the log: the marks of this process's readers would have kept it from doing
    // so under them, so none is live and the old generation's versions may all go.
    private void CatchUpAsWriter(SharedPublication publication)
    {
        var wal = _state.Wal!;
        if (publication.Salt != wal.Salt)
        {
            if (MarkLive)
            {
                throw new DatabaseCorruptException(wal.Name, -1, $"another process restarted the WAL (salt {publication.Salt:x8}) while this process read it");
            }

            StartOver(wal, publication);
        }

        TakeIn(publication.VisibleLsn);
    }

    private void StartOver(Wal.WriteAheadLog wal, SharedPublication publication) => StartOver(wal, publication.Salt);

    // Reads the WAL header of the generation with `salt` and forgets every version of the one before.
    private void StartOver(Wal.WriteAheadLog wal, uint salt)
    {
        wal.Reread();
        if (wal.Salt != salt)
        {
            throw new DatabaseCorruptException(wal.Name, -1, $"the WAL header's salt is not the one the writer published ({salt:x8})");
        }

        // The old generation's versions are in the file now; cached file images may be older than it.
        _state.Index.DropUpTo(long.MaxValue);
        _state.Cache.Clear();
    }

    // True when the view is now the published one. Not first: other readers of the process are live.
    private bool CatchUp(SharedPublication publication, bool first)
    {
        var wal = _state.Wal!;
        if (publication.Salt != wal.Salt)
        {
            if (!first)
            {
                // The marks of this process's readers keep the writer from restarting; a new salt cannot
                // appear under them, so keep the view they read.
                return false;
            }

            StartOver(wal, publication);
        }

        TakeIn(publication.VisibleLsn);
        return true;
    }

    // Adds the frames of the commits up to visibleLsn to the frame table and index, and publishes them to
    // this process's new readers.
    private void TakeIn(long visibleLsn)
    {
        var wal = _state.Wal!;
        var added = wal.FollowTo(visibleLsn);
        for (var i = 0; i < added.Count; i++)
        {
            _state.Index.Add(added[i].PageNumber, added[i].Lsn);
        }

        var last = Math.Max(Volatile.Read(ref _state.CommittedLsn), wal.NextLsn - 1);
        if (last == Volatile.Read(ref _state.CommittedLsn))
        {
            return;
        }

        Volatile.Write(ref _state.CommittedLsn, last);
        Volatile.Write(ref _state.DurableLsn, last);
        Volatile.Write(ref _followedCommits, _followedCommits + 1);
        Followed?.Invoke(last);
        _state.Readers.Publish(last);
    }

    /// <summary>Gives up the writer lock if this process holds it, then the slot.</summary>
    public void Dispose()
    {
        lock (_gate)
        {
            var wasKept = StopKeeping();
            if (_ownTurn)
            {
                _held = false;
                _ownTurn = false;
                _writer!.EndTurn();
            }

            // After the lock, as ReleaseTurn does.
            if (wasKept)
            {
                _writer!.SetKept(false);
            }
        }

        _slot.Dispose();
    }
}
