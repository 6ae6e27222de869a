namespace DocStore.Storage.Sharing;

/// <summary>
/// Fair turns (docs/storage.md, "Turns"): a process that releases the writer lock while another process
/// waits would otherwise take it straight back at its next transaction, long before the waiter's next poll,
/// and a process that writes without pause would starve the others into <see cref="DatabaseBusyException"/>.
/// So after such a release its tries leave the lock alone until the shared turn count shows another
/// process took a turn, for <see cref="Tries"/> tries at most. A waiter that died still counts until an open
/// resets the count: after <see cref="MaxFutile"/> yields in a row that nobody took, the process stops
/// yielding until another process's turn shows a live waiter again. Used under the follower's gate.
/// </summary>
internal sealed class TurnYield
{
    // A live waiter polls every 16 ms at most: ten tries (about 110 ms of back-off) give it several polls.
    private const int Tries = 10;

    private const int MaxFutile = 3;

    private int _triesLeft;
    private long _releasedAt;
    private long _ownLast = -1;
    private int _futile;

    /// <summary>Whether a yield is in progress.</summary>
    public bool Active => _triesLeft > 0;

    /// <summary>The lock is released while others wait, at turn count <paramref name="turnCount"/>.</summary>
    public void Begin(long turnCount)
    {
        if (_futile < MaxFutile)
        {
            _releasedAt = turnCount;
            _triesLeft = Tries;
        }
    }

    /// <summary>Whether this try leaves the lock alone: a yield is on, no other process took a turn since, and one still waits.</summary>
    public bool LeavesLock(long turnCount, int othersWaiting)
    {
        if (_triesLeft == 0)
        {
            return false;
        }

        if (turnCount != _releasedAt || othersWaiting <= 0)
        {
            _futile = turnCount != _releasedAt ? 0 : _futile;
            _triesLeft = 0;
            return false;
        }

        if (--_triesLeft == 0)
        {
            _futile++;
            return false;
        }

        return true;
    }

    /// <summary>This process took the lock, making the turn count <paramref name="turnCount"/>.</summary>
    public void Took(long turnCount)
    {
        // A gap since this process's last turn is another process's turn: its waiters are alive.
        if (turnCount != _ownLast + 1)
        {
            _futile = 0;
        }

        _ownLast = turnCount;
        _triesLeft = 0;
    }
}
