using DocStore.Storage.Redo;

namespace DocStore.Storage.Paging;

/// <summary>
/// Commits made durable by the redo log (docs/storage.md, "Redo log"): under <see cref="Durability.Full"/> a
/// transaction whose changes were all recorded writes them as one redo record and fsyncs that file, and its
/// page frames go to the WAL unflushed, as under <see cref="Durability.Normal"/>. The record's write is
/// started before the frames are built, so the disk works while the processor does.
/// </summary>
internal sealed partial class Pager
{
    private RedoLog? _redo;

    // Whether commits go through the redo log (Full durability and StorageOptions.RedoLog); a log opened
    // only to recover what an earlier run left in it is replayed, then only reset.
    private bool _redoCommits;

    // Records found at open that recovery must replay before the log may be reset (null: none pending).
    private List<RedoRecord>? _pendingRedo;

    // The newest commit whose durability rests on the redo log, and on the WAL's own fsync; and how far
    // each file is known flushed. The writer raises the first two before it publishes a commit; the
    // flusher raises the last two.
    private long _lastRedoCommitLsn;
    private long _lastWalCommitLsn;
    private long _redoSyncedLsn;
    private long _walSyncedLsn;

    /// <summary>What the writer records its tree changes into (reused by each writer in turn, under the write lock).</summary>
    public RedoOperations RedoCapture { get; } = new();

    /// <summary>True when commits may go through the redo log: a Full-durability file database with one that the options ask for, and no replay pending.</summary>
    public bool RecordsRedo => _redo is not null && _pendingRedo is null && _redoCommits;

    /// <summary>The redo log's file name (null without one), for the errors recovery reports about its records.</summary>
    public string? RedoLogName => _redo?.Name;

    /// <summary>Records in the redo log's current generation.</summary>
    internal long RedoRecordCount => _redo?.RecordCount ?? 0;

    /// <summary>The records that recovery found and must replay, in order (empty when none); see <see cref="FinishRedoReplay"/>.</summary>
    public IReadOnlyList<RedoRecord> PendingRedo => _pendingRedo ?? [];

    // Keeps, of the records found at open, those the WAL lost: the ones from the LSN after its last commit on.
    private void AttachRedo(RedoLog redo, List<RedoRecord> records, long lastCommittedLsn, StorageOptions options)
    {
        _redo = redo;
        _redoCommits = options.CommitsThroughRedo;
        var first = records.FindIndex(r => r.StartLsn > lastCommittedLsn);
        if (first < 0)
        {
            return;
        }

        if (records[first].StartLsn != lastCommittedLsn + 1)
        {
            throw new DatabaseCorruptException(redo.Name, -1,
                $"redo record {records[first].Sequence} starts at LSN {records[first].StartLsn}, but the WAL ends at LSN {lastCommittedLsn}: the commits between are missing");
        }

        _pendingRedo = records.GetRange(first, records.Count - first);
        for (var i = 1; i < _pendingRedo.Count; i++)
        {
            var (before, record) = (_pendingRedo[i - 1], _pendingRedo[i]);
            if (record.PreviousLink != 0 && record.PreviousLink != before.StartLsn)
            {
                throw new DatabaseCorruptException(redo.Name, -1,
                    $"redo record {record.Sequence} follows the commit linked as {record.PreviousLink}, but the record before it, {before.Sequence}, starts at LSN {before.StartLsn}: a commit between them that the WAL alone made durable is missing from the WAL");
            }
        }
    }

    // What the next redo record links to (docs/format.md, "Redo log"): the last commit's record start LSN,
    // or its commit frame's LSN where the WAL's fsync made it durable; 0 until the first commit after opening.
    private long _lastCommitLink;

    /// <summary>Called once recovery has committed every pending record again (through the WAL): the log may now be reset.</summary>
    public void FinishRedoReplay() => _pendingRedo = null;

    /// <summary>What the writer announces it is about to change (reused like <see cref="RedoCapture"/>).</summary>
    public RedoOperations RedoAnnounced { get; } = new();

    // A record the writer started before its changes (see BeginRedoEarly) and has not committed yet.
    private bool _earlyRedo;

    /// <summary>
    /// Starts writing the writer's redo record before it makes the changes it announced: the changes recorded
    /// so far followed by <paramref name="announced"/>. The disk then works while the trees change. The commit
    /// checks that the changes made are exactly the record's, and writes the record again if they are not;
    /// a rollback erases it (see <see cref="CancelEarlyRedo"/>). Does nothing where no record can be used, or
    /// one was started already. The caller holds the write lock.
    /// </summary>
    public void BeginRedoEarly(RedoOperations recorded, RedoOperations announced)
    {
        if (!RecordsRedo || _earlyRedo || !recorded.Complete || !announced.Complete
            || recorded.Span.Length + announced.Span.Length > RedoOperations.MaxLength)
        {
            return;
        }

        ThrowIfFailed();
        try
        {
            _redo!.BeginAppend(_wal!.NextLsn, _lastCommitLink, recorded.Span, announced.Span);
        }
        catch (IOException ex)
        {
            throw Fail(ex, "writing the redo log");
        }

        _earlyRedo = true;
        Counters.CountRedoEarlyStart();
    }

    /// <summary>
    /// Erases a record <see cref="BeginRedoEarly"/> started for a transaction that ends without committing
    /// through it (a rollback): recovery must never replay it. The caller holds the write lock.
    /// </summary>
    public void CancelEarlyRedo()
    {
        if (!_earlyRedo)
        {
            return;
        }

        _earlyRedo = false;
        try
        {
            _redo!.CancelAppend(erase: true);
        }
        catch (IOException ex)
        {
            throw Fail(ex, "erasing a rolled-back redo record", commitAttempted: false);
        }
    }

    /// <summary>
    /// Called after each recorded change while a record started early is in flight: erases the record as soon
    /// as the changes made stop being a prefix of the ones it holds, so that a crash before the commit cannot
    /// replay changes the transaction does not make. The commit then writes a record of its own.
    /// </summary>
    public void CheckEarlyRedo(RedoOperations recorded)
    {
        if (_earlyRedo && !_redo!.WritingStartsWith(recorded.Span))
        {
            CancelEarlyRedo();
            Counters.CountRedoRewrite();
        }
    }

    // The redo variant of AppendCommit's WAL step: the record's write runs while the pages are stamped,
    // framed and written to the WAL (without an fsync), and is complete before the commit is published.
    private long AppendWithRedo(List<CommitPage> pages, uint pageCount, ReadOnlySpan<byte> operations)
    {
        var redo = _redo!;
        if (_earlyRedo)
        {
            _earlyRedo = false;
            if (!redo.WritingMatches(operations))
            {
                // Fewer changes were made than announced (the record already held every one made, see
                // CheckEarlyRedo): it is erased before the right one takes its place.
                redo.CancelAppend(erase: true);
                redo.BeginAppend(_wal!.NextLsn, _lastCommitLink, operations);
                Counters.CountRedoRewrite();
            }
        }
        else
        {
            redo.BeginAppend(_wal!.NextLsn, _lastCommitLink, operations);
        }

        try
        {
            StampChecksums(pages);
            // The redo record carries the commit, so the WAL's frames are not fsynced now: packed.
            return _wal!.AppendCommit(pages, pageCount, Volatile.Read(ref _walSyncedLsn), packed: true);
        }
        finally
        {
            redo.EndAppend();
        }
    }

    // Flushes whichever files the commits up to target rest on; the caller holds the flush gate.
    private void FlushFilesUpTo(long target)
    {
        if (_redo is not null && Volatile.Read(ref _lastRedoCommitLsn) > Volatile.Read(ref _redoSyncedLsn))
        {
            _redo.Flush();
            Volatile.Write(ref _redoSyncedLsn, target);
        }

        if (_redo is null || Volatile.Read(ref _lastWalCommitLsn) > Volatile.Read(ref _walSyncedLsn))
        {
            FlushWal(target);
        }
    }

    private void FlushWal(long target)
    {
        _wal!.Flush();
        if (target > Volatile.Read(ref _walSyncedLsn))
        {
            Volatile.Write(ref _walSyncedLsn, target);
        }
    }

    // Before a checkpoint copies pages into the database file, the WAL frames it copies must be durable:
    // recovery from a crash in the middle of the copy replays them over the half-written file (a redo
    // record cannot: it needs the pages as they were before its transaction).
    private void EnsureWalDurable(long committed)
    {
        if (_wal is null || Durability == Durability.None || Volatile.Read(ref _walSyncedLsn) >= committed)
        {
            return;
        }

        _flushGate.Wait();
        try
        {
            ThrowIfFailed();
            if (Volatile.Read(ref _walSyncedLsn) < committed)
            {
                FlushWal(committed);
            }
        }
        catch (IOException ex)
        {
            throw Fail(ex, "fsync of the WAL", commitAttempted: false);
        }
        finally
        {
            _flushGate.Release();
        }
    }

    // Under the write lock, once the WAL is durable up to every commit the redo log carries: a new generation.
    private void ResetRedoIfCovered()
    {
        if (_redo is null || _pendingRedo is not null || _redo.RecordCount == 0
            || Volatile.Read(ref _walSyncedLsn) < CommittedLsn || BackupReading)
        {
            return;
        }

        try
        {
            _redo.Reset(_journalSizeLimit);
        }
        catch (IOException ex)
        {
            throw Fail(ex, "restarting the redo log", commitAttempted: false);
        }
    }
}
