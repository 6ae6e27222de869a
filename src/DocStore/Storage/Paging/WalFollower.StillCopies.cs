namespace DocStore.Storage.Paging;

internal sealed partial class WalFollower
{
    /// <summary>
    /// For a reader that found the copy count odd (<see cref="FileCopies"/>): when no process copies now (the
    /// copy lock is free, so the count was left odd by a checkpoint that died), runs <paramref name="read"/>
    /// while holding that lock, so no copy can start under it, and returns true; its exception is let
    /// through. False while a copy may be at work: another process holds the lock, or this process holds
    /// its turn (its own checkpoint copies then, and probing a lock the process holds would release it).
    /// </summary>
    public bool TryReadWithCopiesHeld(Action read)
    {
        lock (_gate)
        {
            if (_ownTurn || !_slot.Shared.TryLock(Sharing.SharedLayout.CopyLock))
            {
                return false;
            }

            try
            {
                read();
                return true;
            }
            finally
            {
                _slot.Shared.Unlock(Sharing.SharedLayout.CopyLock);
            }
        }
    }
}
