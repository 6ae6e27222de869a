namespace DocStore.Transactions;

/// <summary>
/// The engine's one write lock, handed out first come, first served. A releasing owner hands it straight to
/// the longest waiter instead of letting whoever asks next take it, so a busy writer that begins its next
/// transaction at once cannot starve a compaction, a checkpoint or another writer waiting behind it.
/// Not bound to a thread: any thread may release what another took, and async waiters block none.
/// </summary>
internal sealed class WriteLock
{
    private readonly object _gate = new();

    // Waiters in arrival order; a node leaves the list only when it is handed the lock or gives up.
    private readonly LinkedList<TaskCompletionSource> _waiters = new();
    private bool _held;

    /// <summary>How many callers wait in line now.</summary>
    public int Waiting
    {
        get
        {
            lock (_gate)
            {
                return _waiters.Count;
            }
        }
    }

    /// <summary>Takes the lock if it is free and nobody waits for it.</summary>
    public bool TryTake()
    {
        lock (_gate)
        {
            if (_held || _waiters.Count > 0)
            {
                return false;
            }

            _held = true;
            return true;
        }
    }

    /// <summary>Waits in line for the lock, up to <paramref name="timeout"/> (infinite allowed); false when it passed.</summary>
    public bool Wait(TimeSpan timeout)
    {
        if (timeout == TimeSpan.Zero)
        {
            return TryTake();
        }

        if (Enqueue() is not { } turn)
        {
            return true;
        }

        return turn.Value.Task.Wait(timeout) || GiveUp(turn);
    }

    /// <summary>The asynchronous twin of <see cref="Wait"/>: false when <paramref name="timeout"/> passed.</summary>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled first.</exception>
    public async ValueTask<bool> WaitAsync(TimeSpan timeout, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        if (timeout == TimeSpan.Zero)
        {
            return TryTake();
        }

        if (Enqueue() is not { } turn)
        {
            return true;
        }

        try
        {
            await turn.Value.Task.WaitAsync(timeout, cancellationToken).ConfigureAwait(false);
            return true;
        }
        catch (TimeoutException)
        {
            return GiveUp(turn);
        }
        catch (OperationCanceledException)
        {
            if (GiveUp(turn))
            {
                // Handed over while the cancellation was being noticed: pass it on, the caller wants out.
                Release();
            }

            throw;
        }
    }

    /// <summary>Hands the lock to the longest waiter, or frees it when nobody waits.</summary>
    /// <exception cref="SynchronizationLockException">The lock was not held.</exception>
    public void Release()
    {
        lock (_gate)
        {
            if (!_held)
            {
                throw new SynchronizationLockException("The write lock was released while nobody held it.");
            }

            if (_waiters.First is { } next)
            {
                // Stays held: ownership moves to the waiter, whose continuation runs on its own thread.
                _waiters.RemoveFirst();
                next.Value.SetResult();
            }
            else
            {
                _held = false;
            }
        }
    }

    // Null when the lock was free and is now the caller's; otherwise the caller's place in the line.
    private LinkedListNode<TaskCompletionSource>? Enqueue()
    {
        lock (_gate)
        {
            if (!_held)
            {
                _held = true;
                return null;
            }

            return _waiters.AddLast(new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously));
        }
    }

    // A waiter's timeout or cancellation: leaves the line, unless the lock was handed over meanwhile, in
    // which case the caller owns it (true).
    private bool GiveUp(LinkedListNode<TaskCompletionSource> turn)
    {
        lock (_gate)
        {
            if (turn.List is null)
            {
                return true;
            }

            _waiters.Remove(turn);
            return false;
        }
    }
}
