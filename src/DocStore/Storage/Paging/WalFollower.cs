using DocStore.Storage.Sharing;

namespace DocStore.Storage.Paging;

/// <summary>
/// A shared open's view of a database other processes write (docs/storage.md, "Many processes").
/// Before a reader registers, the process protects its snapshot with its slot's mark (when no reader of
/// the process holds one already), then extends its WAL frame table and index with the frames of the
/// commits the writer has published since, or reads the whole log again after the writer restarted it. When
/// the process's last reader leaves, the mark is cleared, so the writer may copy and restart freely. In a
/// process that writes, it also hands out the process's turns at the writer lock: taking one brings the view
/// up to the latest commit of any process, under the same gate as the readers' catch-up.
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

        lock (_gate)
        {
            if (_ownTurn)
            {
                // Nobody else can publish, copy or restart while this process holds the writer lock: its
                // own view is the latest, and a mark at its visible LSN holds what its readers will read.
                if (_live == 0)
                {
                    _slot.SetMark(_state.Wal!.Salt, _state.Readers.VisibleLsn);
                    _mark = SharedReaderSlot.MarkFor(_state.Readers.VisibleLsn);
                    _parked = false;
                }

                _live++;
                return;
            }

            if (_live == 0 && ResumeParked())
            {
                _live++;
                return;
            }

            var publication = _live == 0 ? Protect() : Current();
            try
            {
                if (publication is { IsPublished: true } p && CatchUp(p))
                {
                    _viewSequence = p.Sequence;
                }
                else if (_live == 0)
                {
                    _viewSequence = -1;
                }
            }
            catch
            {
                if (_live == 0)
                {
                    ClearMark();
                }

                throw;
            }

            _live++;
        }
    }

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

        lock (_gate)
        {
            if (--_live == 0 && _mark != 0)
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
                // change under the lowest mark, so the view is read as it is, unless that writer restarted the log.
                _slot.MarkOpening(_databasePath);
                _mark = 1;
                if (publication is null)
                {
                    FollowUnpublishedRestart();
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
        }
    }

    /// <summary>
    /// Releases the writer lock; the caller published its commits first. Before that, while no other process
    /// can copy or restart, the view is recorded as the latest and, with no reader live, a parked mark is set
    /// at it (unchecked, as a mark set in the turn), so the next read transaction needs no header read.
    /// </summary>
    /// <param name="mayKeep">Whether the lock may be kept until the next turn while no other process waits for it.</param>
    public void EndTurn(bool mayKeep = false)
    {
        lock (_gate)
        {
            try
            {
                RecordTurnsView();
            }
            finally
            {
                if (!(mayKeep && TryKeepTurn()))
                {
                    _ownTurn = false;
                    _writer!.EndTurn();
                }
            }
        }
    }

    private void RecordTurnsView()
    {
        var visible = _state.Readers.VisibleLsn;
        if (_writer!.Published() is not { IsPublished: true } published || published.Salt != _state.Wal!.Salt || published.VisibleLsn != visible)
        {
            _viewSequence = -1;
            return;
        }

        _viewSequence = published.Sequence;
        if (_live == 0)
        {
            _mark = SharedReaderSlot.MarkFor(visible);
            _slot.SetMark(published.Salt, visible);
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
            if (_live != 0)
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

    // True when the view is now the published one.
    private bool CatchUp(SharedPublication publication)
    {
        var wal = _state.Wal!;
        if (publication.Salt != wal.Salt)
        {
            if (_live != 0)
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
            StopKeeping();
            if (_ownTurn)
            {
                _ownTurn = false;
                _writer!.EndTurn();
            }
        }

        _slot.Dispose();
    }
}
