namespace DocStore.Storage.Paging;

/// <summary>
/// A writing process keeps the writer lock between its turns while no other process waits for it
/// (docs/storage.md, "Turns"): a turn then costs no lock system call and no catch-up, since no other process
/// can publish, copy or restart while the lock is held. A waiter counts itself in the shared header; a turn
/// that ends while anyone waits releases the lock, and a kept lock no turn used for a whole tick of the
/// timer is released too, so an idle process never holds the others back for long.
/// </summary>
internal sealed partial class WalFollower
{
    // How often an unused kept lock is looked at: released at the first tick that finds no turn taken since the one before.
    private static readonly TimeSpan KeepTick = TimeSpan.FromMilliseconds(5);

    // Whether the lock is kept between turns (no turn in progress), whether a turn used it since the last
    // tick, and the timer of the ticks (null until the first keep). All under the gate.
    private bool _kept;
    private bool _keptUsed;
    private Timer? _keepTimer;
    private bool _ticking;
    private bool _stopped;

    /// <summary>Turns that reused a kept writer lock since open.</summary>
    public long ReusedTurns { get; private set; }

    // Under the gate, with _writer set: true when the kept lock serves this turn. Another process waiting
    // makes this process release the lock and compete for it as a fresh turn does.
    private bool TryReuseKeptTurn(Sharing.SharedWriter writer)
    {
        if (!_kept)
        {
            return false;
        }

        if (!writer.OthersWait)
        {
            _kept = false;
            writer.SetKept(false);
            _keptUsed = true;
            ReusedTurns++;
            return true;
        }

        ReleaseTurn();
        return false;
    }

    // Under the gate, at the end of a turn whose commits are published: keeps the lock when nobody waits.
    private bool TryKeepTurn()
    {
        if (_stopped || _writer!.OthersWait)
        {
            return false;
        }

        _kept = true;
        _keptUsed = true;
        _writer.SetKept(true);
        if (!_ticking)
        {
            _keepTimer ??= new Timer(static follower => ((WalFollower)follower!).Tick(), this, Timeout.Infinite, Timeout.Infinite);
            _keepTimer.Change(KeepTick, KeepTick);
            _ticking = true;
        }

        return true;
    }

    private void Tick()
    {
        lock (_gate)
        {
            if (_stopped)
            {
                return;
            }

            if (!_kept)
            {
                // A turn is in progress, or the lock was released: look again at the next tick while one is kept.
                if (!_ownTurn)
                {
                    PauseTicks();
                }

                return;
            }

            if (_keptUsed && !_writer!.OthersWait)
            {
                _keptUsed = false;
                return;
            }

            PauseTicks();
            ReleaseTurn();
        }
    }

    private void PauseTicks()
    {
        _keepTimer?.Change(Timeout.Infinite, Timeout.Infinite);
        _ticking = false;
    }

    // Under the gate, at close: no lock is kept from now on. True when one was: the caller releases the lock,
    // then clears the shared flag.
    private bool StopKeeping()
    {
        _stopped = true;
        var wasKept = _kept;
        _kept = false;
        _keepTimer?.Dispose();
        _ticking = false;
        return wasKept;
    }
}
