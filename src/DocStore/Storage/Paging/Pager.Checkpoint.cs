namespace DocStore.Storage.Paging;

/// <summary>Copying committed pages from the WAL into the database file.</summary>
internal sealed partial class Pager
{
    /// <summary>
    /// Copies into the database file the newest version of every page at or before the oldest live
    /// reader's snapshot (so nothing a reader still resolves to the file changes under it), then restarts
    /// the WAL if everything was copied and no reader is live. The caller holds the write lock.
    /// </summary>
    /// <returns>True when the WAL was restarted (it is now empty).</returns>
    public bool Checkpoint()
    {
        ThrowIfFailed();
        var committed = CommittedLsn;
        if (Durability == Durability.Full)
        {
            WaitDurable(committed);
        }
        else if (Durability == Durability.Normal && Volatile.Read(ref _durableLsn) < committed)
        {
            _flushGate.Wait();
            try
            {
                FlushUpTo(committed);
            }
            finally
            {
                _flushGate.Release();
            }
        }

        var limit = Readers.Oldest(none: VisibleLsn);
        var copies = _index.CheckpointSet(limit);
        if (_memory is not null)
        {
            return CheckpointInMemory(_memory, copies, limit, committed);
        }

        if (copies.Count > 0)
        {
            try
            {
                foreach (var (page, lsn) in copies)
                {
                    _db!.Write((long)page * PageSize, Read(page, lsn));
                }

                if (Durability != Durability.None)
                {
                    _db!.Flush();
                }
            }
            catch (IOException ex)
            {
                throw Fail(ex, "checkpoint into the database file");
            }

            // Order matters: stale file images leave the cache before the WAL versions that hide them go.
            foreach (var (page, _) in copies)
            {
                _cache.Remove(page, 0);
            }

            _index.DropUpTo(limit);
        }

        if (limit != committed || _index.PageCount != 0 || _wal!.FrameCount == 0)
        {
            return false;
        }

        return Readers.RunIfNoReaders(() =>
        {
            try
            {
                _wal!.Reset(committed + 1, Durability != Durability.None);
            }
            catch (IOException ex)
            {
                throw Fail(ex, "restarting the WAL");
            }
        });
    }

    // The same steps with references instead of I/O: nothing to flush, nothing cached to drop.
    private bool CheckpointInMemory(MemoryPages memory, List<(uint PageNumber, long Lsn)> copies, long limit, long committed)
    {
        foreach (var (page, lsn) in copies)
        {
            memory.WriteFile(page, memory.ReadVersion(page, lsn));
        }

        _index.DropUpTo(limit);
        if (limit != committed || _index.PageCount != 0 || memory.FrameCount == 0)
        {
            return false;
        }

        return Readers.RunIfNoReaders(() => memory.Reset(committed + 1));
    }
}
