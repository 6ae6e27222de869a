using DocStore.Storage;

namespace DocStore.Engine.Upkeep;

/// <summary>
/// When checkpoints run: on request, in the background after commits past the threshold, inline when the
/// journal passed its bound, and after commits have paused (so that a database at rest is its file alone).
/// </summary>
internal sealed class CheckpointScheduler
{
    // In memory a checkpoint only moves references, so it runs every few frames (see AfterCommit).
    private const int MemoryCheckpointFrames = 8;

    private readonly EngineState _state;
    private readonly StorageOptions _options;
    private readonly Lock _backgroundGate = new();
    private Task _background = Task.CompletedTask;

    // Set while compaction waits for the background checkpoint and the write lock (under _backgroundGate).
    private bool _backgroundPaused;

    // Null for :memory: and read-only databases.
    private readonly IdleCheckpointTimer? _idle;

    public CheckpointScheduler(EngineState state)
    {
        _state = state;
        _options = state.Options;
        if (!state.Pager.IsInMemory && !_options.ReadOnly)
        {
            _idle = new IdleCheckpointTimer(_options.TimeProvider, OnIdle);
        }
    }

    /// <summary>
    /// Copies committed pages from the WAL into the database file, as far as live readers allow, and
    /// restarts the WAL when all of it was copied and no reader is live. Waits for the write lock.
    /// </summary>
    /// <returns>True when the WAL is now empty.</returns>
    /// <exception cref="DatabaseBusyException">A shared open: another process's write transaction stayed open past the busy timeout.</exception>
    public bool Checkpoint()
    {
        _state.ThrowIfDisposed();
        _state.ThrowIfReadOnly("a checkpoint");
        var writeLock = _state.WriteLock;
        if (!writeLock.Wait(_options.WriteLockTimeout))
        {
            throw new WriteLockTimeoutException(_state.Name, _options.WriteLockTimeout);
        }

        if (!_state.TryTakeTurn())
        {
            writeLock.Release();
            throw DatabaseBusyException.For(_state.Name, _options.BusyTimeout);
        }

        try
        {
            // Dispose may have begun while this caller waited for the lock.
            _state.ThrowIfDisposed();
            return _state.Pager.Checkpoints.Checkpoint();
        }
        finally
        {
            _state.EndTurnAndRelease(turnTaken: true);
        }
    }

    /// <summary>The asynchronous twin of <see cref="Checkpoint"/>: waits for the write lock, and in a shared open for the writer turn, without blocking a thread.</summary>
    public async ValueTask<bool> CheckpointAsync(CancellationToken cancellationToken = default)
    {
        _state.ThrowIfDisposed();
        _state.ThrowIfReadOnly("a checkpoint");
        var writeLock = _state.WriteLock;
        if (!await writeLock.WaitAsync(_options.WriteLockTimeout, cancellationToken).ConfigureAwait(false))
        {
            throw new WriteLockTimeoutException(_state.Name, _options.WriteLockTimeout);
        }

        if (_state.Pager.Turns is { } turns)
        {
            // Another process's turn is waited for between tries, without holding a thread.
            try
            {
                await turns.TakeAsync(_options.BusyTimeout, cancellationToken).ConfigureAwait(false);
            }
            catch
            {
                writeLock.Release();
                throw;
            }
        }

        try
        {
            // Dispose may have begun while this caller waited for the lock.
            _state.ThrowIfDisposed();
            return _state.Pager.Checkpoints.Checkpoint();
        }
        finally
        {
            _state.EndTurnAndRelease(turnTaken: true);
        }
    }

    /// <summary>
    /// Runs after every acknowledged commit. Past the threshold, a file database starts a background
    /// checkpoint (unless one is running) so the committing caller never pays for it; an in-memory one
    /// checkpoints inline (moving references costs less than scheduling) if no writer is waiting.
    /// </summary>
    public void AfterCommit()
    {
        if (_state.Pager.OpenWorkPending)
        {
            // A commit replayed at open, kept in memory: nothing to checkpoint before the first write.
            return;
        }

        _idle?.NoteCommit();

        // In memory a checkpoint only moves references, so it runs far more often: superseded page
        // versions then die young (cheap for the GC) instead of being kept, and promoted, for thousands of frames.
        var threshold = _state.Pager.IsInMemory ? Math.Min(_options.AutoCheckpointFrames, MemoryCheckpointFrames) : _options.AutoCheckpointFrames;
        if (threshold == 0 || _state.Pager.JournalSizeInPages < threshold + _state.Pager.Backups.BackupDeferredAtPages)
        {
            return;
        }

        if (_state.Pager.Checkpoints.WalOverLimit)
        {
            // Readers kept the background checkpoints from restarting the log: this committer checkpoints
            // itself, which waits for them with the write lock held, so the log stops growing.
            CheckpointInline();
            return;
        }

        if (!_state.Pager.IsInMemory)
        {
            lock (_backgroundGate)
            {
                if (_background.IsCompleted && !_state.IsDisposed && !_backgroundPaused)
                {
                    _background = Task.Run(() => BackgroundCheckpoint(trimWhenEmpty: false));
                }
            }

            return;
        }

        if (!_state.WriteLock.TryTake())
        {
            return;
        }

        try
        {
            _state.Pager.Checkpoints.Checkpoint();
        }
        finally
        {
            _state.WriteLock.Release();
        }
    }

    private void CheckpointInline()
    {
        if (_state.IsDisposed || !_state.WriteLock.Wait(_options.WriteLockTimeout))
        {
            return;
        }

        if (!_state.TryTakeTurn(wait: false))
        {
            // Another process writes: its own commits checkpoint the log it grows.
            _state.WriteLock.Release();
            return;
        }

        try
        {
            if (!_state.IsDisposed)
            {
                _state.Pager.Checkpoints.ForcedCheckpoint();
            }
        }
        catch (Exception ex) when (ex is StorageFailedException or DatabaseCorruptException or IOException)
        {
            // The commit is acknowledged whatever happens here; as in the background, the pager records a
            // failed write and the next commit reports it, and a damaged page fails whoever reads it next.
        }
        finally
        {
            _state.EndTurnAndRelease(turnTaken: true);
        }
    }

    /// <summary>
    /// Waits for the background checkpoint that is running, if any (one that starts later is not waited
    /// for): closing does before it takes the write lock, which that checkpoint may need.
    /// </summary>
    public void WaitForBackgroundCheckpoint() => BackgroundCheckpointTask().Wait();

    /// <summary>
    /// The asynchronous twin of <see cref="WaitForBackgroundCheckpoint"/>: completes when the background
    /// checkpoint running now ends (at once when none is).
    /// </summary>
    public Task WaitForBackgroundCheckpointAsync() => BackgroundCheckpointTask();

    private Task BackgroundCheckpointTask()
    {
        lock (_backgroundGate)
        {
            return _background;
        }
    }

    // Copies while writers keep committing, then takes the write lock only to copy what they appended
    // meanwhile and restart the WAL (and, after a pause in commits, cut the emptied logs back to their
    // headers). Failures are not lost by ending here: the pager records a failed write or fsync and refuses
    // later commits with it, and a corrupt or unreadable page fails whoever reads it next.
    private void BackgroundCheckpoint(bool trimWhenEmpty)
    {
        try
        {
            // In a shared open the copy runs only during a turn: another process's writer may be copying too.
            if (_state.Pager.Turns is null)
            {
                _state.Pager.Checkpoints.CopyCommitted();
            }

            if (_state.IsDisposed || !_state.WriteLock.Wait(_options.WriteLockTimeout))
            {
                return;
            }

            if (!_state.TryTakeTurn(wait: false))
            {
                _state.WriteLock.Release();
                if (trimWhenEmpty)
                {
                    _idle?.ArmOnce();
                }

                return;
            }

            try
            {
                if (!_state.IsDisposed)
                {
                    var checkpoints = _state.Pager.Checkpoints;
                    var emptied = checkpoints.Checkpoint();
                    if (trimWhenEmpty && emptied)
                    {
                        checkpoints.TrimEmptyLog();
                    }
                    else if (trimWhenEmpty)
                    {
                        // Readers kept the log from restarting: look again after another pause, or a
                        // database that is only read from now on would keep its journal for good.
                        _idle?.ArmOnce();
                    }
                }
            }
            finally
            {
                _state.EndTurnAndRelease(turnTaken: true);
            }
        }
        catch (StorageFailedException)
        {
            // Recorded by the pager; the next commit reports it.
        }
        catch (DatabaseCorruptException)
        {
            // The damaged page stays in the WAL index; readers and the next checkpoint report it.
        }
        catch (IOException)
        {
            // A failed read of a WAL frame: nothing was changed, the next checkpoint retries.
        }
    }

    /// <summary>
    /// At the start of a compaction: a background checkpoint works on the pager without the write lock for
    /// most of its run, so the pager must not be swapped under it. Waits for it (it takes the lock to finish),
    /// and holds off new ones until <see cref="ResumeBackground"/>: with a busy writer one would otherwise
    /// start between every attempt, and one started by a commit could work on the pager being swapped.
    /// </summary>
    /// <returns>
    /// The deadline for the rest of the compaction. The timeout starts once the checkpoint has ended: it bounds
    /// the wait for transactions, and a checkpoint always ends (beside a busy writer on a loaded machine one
    /// took over a second).
    /// </returns>
    public DateTime PauseBackground()
    {
        lock (_backgroundGate)
        {
            _backgroundPaused = true;
        }

        WaitForBackgroundCheckpoint();
        return _state.Deadline();
    }

    /// <summary>At the end of a compaction: commits may start background checkpoints again.</summary>
    public void ResumeBackground()
    {
        lock (_backgroundGate)
        {
            _backgroundPaused = false;
        }
    }

    /// <summary>At close: no idle checkpoint starts from now on (the close checkpoints and trims the journal itself).</summary>
    public void StopIdleTimer() => _idle?.Stop();

    // Commits have paused: checkpoint and trim in the background, unless a checkpoint runs or the engine closed.
    private void OnIdle()
    {
        lock (_backgroundGate)
        {
            if (_state.IsDisposed)
            {
                return;
            }

            if (!_background.IsCompleted || _backgroundPaused)
            {
                // A checkpoint is running: look again once another pause has passed.
                _idle!.Arm(IdleCheckpointTimer.Delay);
                return;
            }

            _idle!.Disarm();
            _background = Task.Run(() => BackgroundCheckpoint(trimWhenEmpty: true));
        }
    }
}
