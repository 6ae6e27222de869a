using DocStore.Storage.Redo;

namespace DocStore.Storage.Paging;

/// <summary>
/// Commits made durable by the redo log (docs/storage.md, "Redo log"): under <see cref="Durability.Full"/> a
/// transaction whose changes were all recorded writes them as one redo record and fsyncs that file, and its
/// page frames go to the WAL unflushed, as under <see cref="Durability.Normal"/>. The record's write is
/// started before the frames are built, so the disk works while the processor does.
/// </summary>
internal sealed class RedoJournal(PagerState state, BackupGuard guard)
{
    // Whether commits go through the redo log (Full durability and StorageOptions.RedoLog); a log opened
    // only to recover what an earlier run left in it is replayed, then only reset.
    private bool _redoCommits;

    // Records found at open that recovery must replay before the log may be reset (null: none pending).
    private List<RedoRecord>? _pendingRedo;

    // A record the writer started before its changes (see BeginEarly) and has not committed yet.
    private bool _earlyRedo;

    /// <summary>What the writer records its tree changes into (reused by each writer in turn, under the write lock).</summary>
    public RedoOperations Capture { get; } = new();

    /// <summary>What the writer announces it is about to change (reused like <see cref="Capture"/>).</summary>
    public RedoOperations Announced { get; } = new();

    /// <summary>True when commits may go through the redo log: a Full-durability file database with one that the options ask for, and no replay pending.</summary>
    public bool RecordsCommits => state.Redo is not null && _pendingRedo is null && _redoCommits;

    /// <summary>The redo log's file name (null without one), for the errors recovery reports about its records.</summary>
    public string? LogName => state.Redo?.Name;

    /// <summary>Records in the redo log's current generation.</summary>
    public long RecordCount => state.Redo?.RecordCount ?? 0;

    /// <summary>The records that recovery found and must replay, in order (empty when none); see <see cref="FinishReplay"/>.</summary>
    public IReadOnlyList<RedoRecord> Pending => _pendingRedo ?? [];

    /// <summary>Called once recovery has committed every pending record again (through the WAL): the log may now be reset.</summary>
    public void FinishReplay() => _pendingRedo = null;

    /// <summary>At open: keeps, of the records found, those the WAL lost: the ones from the LSN after its last commit on.</summary>
    /// <exception cref="DatabaseCorruptException">The records do not continue the WAL, or a commit between two of them is missing.</exception>
    public void Attach(RedoLog redo, List<RedoRecord> records, long lastCommittedLsn, StorageOptions options)
    {
        state.Redo = redo;
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

    /// <summary>
    /// Starts writing the writer's redo record before it makes the changes it announced: the changes recorded
    /// so far followed by <paramref name="announced"/>. The disk then works while the trees change. The commit
    /// checks that the changes made are exactly the record's, and writes the record again if they are not;
    /// a rollback erases it (see <see cref="CancelEarly"/>). Does nothing where no record can be used, or
    /// one was started already. The caller holds the write lock.
    /// </summary>
    public void BeginEarly(RedoOperations recorded, RedoOperations announced)
    {
        if (!RecordsCommits || _earlyRedo || !recorded.Complete || !announced.Complete
            || recorded.Span.Length + announced.Span.Length > RedoOperations.MaxLength)
        {
            return;
        }

        state.ThrowIfFailed();
        try
        {
            state.Redo!.BeginAppend(state.Wal!.NextLsn, state.LastCommitLink, recorded.Span, announced.Span);
        }
        catch (IOException ex)
        {
            throw state.Fail(ex, "writing the redo log");
        }

        _earlyRedo = true;
        state.Counters.CountRedoEarlyStart();
    }

    /// <summary>
    /// Erases a record <see cref="BeginEarly"/> started for a transaction that ends without committing
    /// through it (a rollback): recovery must never replay it. The caller holds the write lock.
    /// </summary>
    public void CancelEarly()
    {
        if (!_earlyRedo)
        {
            return;
        }

        _earlyRedo = false;
        try
        {
            state.Redo!.CancelAppend(erase: true);
        }
        catch (IOException ex)
        {
            throw state.Fail(ex, "erasing a rolled-back redo record", commitAttempted: false);
        }
    }

    /// <summary>
    /// Called after each recorded change while a record started early is in flight: erases the record as soon
    /// as the changes made stop being a prefix of the ones it holds, so that a crash before the commit cannot
    /// replay changes the transaction does not make. The commit then writes a record of its own.
    /// </summary>
    public void CheckEarly(RedoOperations recorded)
    {
        if (_earlyRedo && !state.Redo!.WritingStartsWith(recorded.Span))
        {
            CancelEarly();
            state.Counters.CountRedoRewrite();
        }
    }

    /// <summary>
    /// The redo variant of the commit's WAL step: the record's write runs while the pages are stamped,
    /// framed and written to the WAL (without an fsync), and is complete before the commit is published.
    /// </summary>
    /// <returns>The commit LSN.</returns>
    public long AppendCommit(List<CommitPage> pages, uint pageCount, ReadOnlySpan<byte> operations)
    {
        var redo = state.Redo!;
        var wal = state.Wal!;
        if (_earlyRedo)
        {
            _earlyRedo = false;
            if (!redo.WritingMatches(operations))
            {
                // Fewer changes were made than announced (the record already held every one made, see
                // CheckEarly): it is erased before the right one takes its place.
                redo.CancelAppend(erase: true);
                redo.BeginAppend(wal.NextLsn, state.LastCommitLink, operations);
                state.Counters.CountRedoRewrite();
            }
        }
        else
        {
            redo.BeginAppend(wal.NextLsn, state.LastCommitLink, operations);
        }

        try
        {
            CommitPath.StampChecksums(pages);
            // The redo record carries the commit, so the WAL's frames are not fsynced now: packed.
            return wal.AppendCommit(pages, pageCount, Volatile.Read(ref state.WalSyncedLsn), packed: true);
        }
        finally
        {
            redo.EndAppend();
        }
    }

    /// <summary>Under the write lock, once the WAL is durable up to every commit the redo log carries: a new generation.</summary>
    public void ResetIfCovered()
    {
        var redo = state.Redo;
        if (redo is null || _pendingRedo is not null || redo.RecordCount == 0
            || Volatile.Read(ref state.WalSyncedLsn) < Volatile.Read(ref state.CommittedLsn) || guard.BackupReading)
        {
            return;
        }

        try
        {
            redo.Reset(state.JournalSizeLimit);
        }
        catch (IOException ex)
        {
            throw state.Fail(ex, "restarting the redo log", commitAttempted: false);
        }
    }
}
