using DocStore.Engine.Compaction;
using DocStore.Storage;
using DocStore.Storage.Paging;
using DocStore.Transactions;

namespace DocStore.Engine;

/// <summary>
/// What the engine's parts share: the pager (which compaction replaces), the write lock, the gate that
/// holds readers back during a swap, the options, and whether the engine is closed. The parts (checkpoint
/// scheduling, backup, compaction, measuring, closing) each do one job over it; <see cref="StorageEngine"/>
/// composes them.
/// </summary>
internal sealed class EngineState(Pager pager, StorageOptions options, string name, bool backupLockFoundAtOpen)
{
    /// <summary>The pager; replaced only by compaction, while no reader is registered (see <see cref="Register"/>).</summary>
    public Pager Pager = pager;

    /// <summary>1 once the engine is closed (or cannot go on).</summary>
    public int Disposed;

    /// <summary>The open write transaction (null between writers), so that closing the engine can close it.</summary>
    public WriteTransaction? Writer;

    /// <summary>One writer at a time; checkpoints under it too.</summary>
    public WriteLock WriteLock { get; } = new();

    /// <summary>Holds new readers back while compaction waits for the registered ones to leave.</summary>
    public ReaderGate ReaderGate { get; } = new();

    public StorageOptions Options { get; } = options;

    /// <summary>The path (or <see cref="StorageEngine.InMemory"/>) the engine was opened with.</summary>
    public string Name { get; } = name;

    /// <summary>Whether the backup lock file was there before this open: a session that writes nothing removes it at close only when it created it.</summary>
    public bool BackupLockFoundAtOpen { get; } = backupLockFoundAtOpen;

    /// <summary>Tree roots by name, shared by all transactions; a new one after compaction swaps the file.</summary>
    public TreeRootCache RootCache { get; set; } = new();

    /// <summary>Whether the engine is closed.</summary>
    public bool IsDisposed => Volatile.Read(ref Disposed) != 0;

    /// <exception cref="ObjectDisposedException">The engine is closed.</exception>
    public void ThrowIfDisposed() => ObjectDisposedException.ThrowIf(IsDisposed, typeof(StorageEngine));

    /// <exception cref="DatabaseReadOnlyException">The database is open read-only.</exception>
    public void ThrowIfReadOnly(string what)
    {
        if (Options.ReadOnly)
        {
            throw DatabaseReadOnlyException.ForWrite(Name, what);
        }
    }

    /// <summary>
    /// In a shared open that writes: takes this process's turn at the cross-process writer lock (the caller
    /// holds <see cref="WriteLock"/>), waiting up to the busy timeout (or trying once, without
    /// <paramref name="wait"/>: background work must not hold the engine's write lock while it waits). True
    /// at once elsewhere.
    /// </summary>
    /// <returns>False when another process kept the lock past the timeout.</returns>
    public bool TryTakeTurn(bool wait = true) => Pager.Turns is not { } turns || turns.TryTake(wait ? Options.BusyTimeout : TimeSpan.Zero);

    /// <summary>
    /// Ends this process's turn when <paramref name="turnTaken"/> (its commits made durable and published
    /// first), then releases <see cref="WriteLock"/>.
    /// </summary>
    /// <exception cref="StorageFailedException">Making the turn's commits durable failed; both locks are released all the same.</exception>
    public void EndTurnAndRelease(bool turnTaken)
    {
        try
        {
            if (turnTaken && Pager.Turns is { Held: true } turns)
            {
                turns.End();
            }
        }
        finally
        {
            WriteLock.Release();
        }
    }

    /// <summary>The write lock's wait as a deadline for work that takes it repeatedly.</summary>
    public DateTime Deadline() =>
        Options.WriteLockTimeout == Timeout.InfiniteTimeSpan ? DateTime.MaxValue : DateTime.UtcNow + Options.WriteLockTimeout;

    /// <summary>Begins a read transaction on the latest acknowledged commit.</summary>
    public ReadTransaction BeginRead()
    {
        ThrowIfDisposed();
        var (pager, snapshot) = Register();
        return new ReadTransaction(pager, RootCache, snapshot);
    }

    /// <summary>
    /// Registers a snapshot on the pager of the moment, which the reader keeps: compaction swaps the pager
    /// only while no reader is registered, so one that finds the pager replaced after registering leaves and
    /// tries again. While compaction holds the reader gate, new readers wait at it (compaction's own reads
    /// pass it, with <paramref name="passGate"/>).
    /// </summary>
    public (Pager Pager, ReaderSnapshot Snapshot) Register(bool passGate = false)
    {
        // A shared read-only open first catches up with the writing process; the snapshot's leave ends it.
        Volatile.Read(ref Pager).Follower?.Enter();
        while (true)
        {
            if (!passGate)
            {
                ReaderGate.WaitWhileHeld();
            }

            var pager = Volatile.Read(ref Pager);
            var snapshot = pager.Readers.Register();
            if ((passGate || !ReaderGate.IsHeld) && ReferenceEquals(pager, Volatile.Read(ref Pager)))
            {
                return (pager, snapshot);
            }

            snapshot.Unregister();
        }
    }
}
