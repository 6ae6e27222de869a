using DocStore.Storage.Sharing;

namespace DocStore.Storage.Paging;

/// <summary>
/// A writing process's turns at the cross-process writer lock (docs/storage.md, "Many processes"): a turn is
/// taken for each write transaction, checkpoint, open and close, after the engine's own write lock, and
/// brings the process's view up to the latest commit of any process; it ends once the commits made in it
/// are durable and published.
/// </summary>
internal sealed class WriterTurns
{
    private readonly PagerState _state;
    private readonly GroupCommit _groupCommit;
    private readonly SharedWriter _writer;
    private readonly WalFollower _follower;
    private readonly TimeProvider _clock;
    private readonly Action _publish;

    public WriterTurns(PagerState state, GroupCommit groupCommit, SharedWriter writer, WalFollower follower, TimeProvider clock, Action publish)
    {
        _publish = publish;
        _state = state;
        _groupCommit = groupCommit;
        _writer = writer;
        _follower = follower;
        _clock = clock;
    }

    /// <summary>Whether this process holds the writer lock now.</summary>
    public bool Held => _writer.HoldsTurn;

    /// <summary>
    /// Takes the writer lock, waiting up to <paramref name="timeout"/> (zero: one try; infinite allowed) for
    /// another process to release it, then brings the view up to the last published commit. The caller holds
    /// the engine's write lock.
    /// </summary>
    /// <exception cref="DatabaseBusyException">Another process held the lock for the whole timeout.</exception>
    /// <exception cref="DatabaseCorruptException">The published commits' frames are not intact in the WAL.</exception>
    public void Take(TimeSpan timeout)
    {
        if (!TryTake(timeout))
        {
            throw DatabaseBusyException.For(_state.Name, timeout);
        }
    }

    /// <summary>Like <see cref="Take"/>, false instead of the exception when the timeout passed.</summary>
    public bool TryTake(TimeSpan timeout) => TurnWaiting.Wait(_writer, _clock, timeout, this, static turns => turns.TryOnce());

    /// <summary>The asynchronous twin of <see cref="Take"/>: waits between tries without blocking a thread.</summary>
    /// <exception cref="DatabaseBusyException">Another process held the lock for the whole timeout.</exception>
    public async ValueTask TakeAsync(TimeSpan timeout, CancellationToken cancellationToken)
    {
        if (!await TurnWaiting.WaitAsync(_writer, _clock, timeout, this, static turns => turns.TryOnce(), cancellationToken).ConfigureAwait(false))
        {
            throw DatabaseBusyException.For(_state.Name, timeout);
        }
    }

    private bool TryOnce() => _follower.TryTakeTurn(_writer);

    /// <summary>
    /// Ends the turn: every commit appended in it is made durable (as the durability says) and published in
    /// the shared file, then the writer lock is released, so the next process's turn starts from it.
    /// </summary>
    /// <exception cref="StorageFailedException">The fsync failed: the lock is released all the same.</exception>
    public void End()
    {
        try
        {
            if (_state.Failure is null && Volatile.Read(ref _state.CommittedLsn) > _state.Readers.VisibleLsn)
            {
                _groupCommit.PublishCommitted();
            }

            if (_state.Failure is null)
            {
                _publish();
            }
        }
        finally
        {
            // A healthy turn's lock may be kept for the next one while no other process waits for it.
            _follower.EndTurn(mayKeep: _state.Failure is null);
        }
    }
}
