using DocStore.Diagnostics;
using DocStore.Integrity;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Storage.Paging;
using DocStore.Transactions;
using DocStore.Transactions.FreeSpace;

namespace DocStore.Engine;

// Copying the database elsewhere, and closing it.
internal sealed partial class StorageEngine
{
    /// <summary>
    /// Writes a consistent copy of the database as of now to a new file at <paramref name="path"/> (an online
    /// backup; for an in-memory database, the way to persist it). Writers may continue meanwhile.
    /// </summary>
    /// <exception cref="IOException">The target exists or cannot be written.</exception>
    /// <exception cref="DatabaseCorruptException">A page of the source fails its checksum.</exception>
    public void SaveTo(string path)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        using var tx = BeginRead();
        var pageCount = Storage.Pages.HeaderPage.GetPageCount(tx.ReadPage(0));
        var problems = new List<string>();
        var unwritten = new HashSet<uint>();
        foreach (var (page, isTrunk) in FreeList.Enumerate(tx, pageCount, problems))
        {
            if (!isTrunk)
            {
                unwritten.Add(page);
            }
        }

        if (problems.Count > 0)
        {
            throw new DatabaseCorruptException(Name, -1, problems[0]);
        }

        using var target = new FileStream(path, FileMode.CreateNew, FileAccess.Write, FileShare.None);
        var zeros = new byte[PageSize];
        var copy = new byte[PageSize];
        for (uint page = 0; page < pageCount; page++)
        {
            // A free page that is not a trunk may never have been written; it stays free, so zeros do.
            if (unwritten.Contains(page))
            {
                target.Write(zeros);
                continue;
            }

            // In-memory pages carry no checksum (nothing there can tear), so stamp a copy for the file.
            tx.ReadPage(page).CopyTo(copy, 0);
            Storage.Pages.PageChecksum.Stamp(copy, page);
            target.Write(copy);
        }

        target.Flush(flushToDisk: true);
    }

    private void ThrowIfDisposed() => ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed) != 0, this);

    /// <summary>
    /// The asynchronous twin of <see cref="Dispose"/>: waits for a running background checkpoint without
    /// blocking a thread, then closes as <see cref="Dispose"/> does (the final checkpoint writes synchronously).
    /// </summary>
    public async ValueTask DisposeAsync()
    {
        await WaitForBackgroundCheckpointAsync().ConfigureAwait(false);
        Dispose();
    }

    /// <summary>
    /// Dispose found the write lock held. An open write transaction is closed: one in the middle of an
    /// operation notices at its next page access and rolls back, one whose commit is appending is waited
    /// for, and an idle one (a caller that never ended it) is rolled back here, so that closing does not
    /// wait out the write lock timeout. Anything else holding the lock (a checkpoint) is waited for.
    /// </summary>
    private bool TakeLockFromOpenWriter()
    {
        var deadline = DateTime.UtcNow + (_options.WriteLockTimeout == Timeout.InfiniteTimeSpan ? TimeSpan.FromDays(1) : _options.WriteLockTimeout);
        while (DateTime.UtcNow < deadline)
        {
            var writer = Volatile.Read(ref _writer);
            if (writer is null)
            {
                if (_writeLock.Wait(DisposeGrace))
                {
                    return true;
                }

                continue;
            }

            writer.MarkClosedByEngine();
            if (_writeLock.Wait(DisposeGrace))
            {
                return true;
            }

            if (writer.IsAppending)
            {
                // The commit was under way before the close: it completes (or fails) and releases the lock.
                return _writeLock.Wait(_options.WriteLockTimeout);
            }

            writer.RollBackForEngineDisposal();
            if (_writeLock.Wait(DisposeGrace))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// Checkpoints everything and closes the files. A write transaction still open is rolled back (see
    /// <see cref="TakeLockFromOpenWriter"/>); using it afterwards throws <see cref="ObjectDisposedException"/>.
    /// </summary>
    public void Dispose()
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return;
        }

        DocStoreMetrics.UntrackWalSize(this);

        // Let a background checkpoint finish first: it may need the write lock taken below. None starts
        // after this: AfterCommit checks _disposed under the same gate.
        WaitForBackgroundCheckpoint();
        var locked = _writeLock.Wait(0) || TakeLockFromOpenWriter();
        try
        {
            // A session that never wrote leaves the files as it found them (opening wrote nothing either).
            if (locked && !_pager.OpenWorkPending)
            {
                try
                {
                    if (_pager.Checkpoint())
                    {
                        _pager.TrimEmptyLog();
                    }
                }
                catch (StorageFailedException)
                {
                    // Nothing more can be made durable; recovery at the next open sorts out the files.
                }
                catch (DatabaseCorruptException)
                {
                    // A damaged log page stays in the log, where the next open and the integrity check report it.
                }
            }
        }
        finally
        {
            _pager.Dispose();
            _writeLock.Dispose();
        }
    }
}
