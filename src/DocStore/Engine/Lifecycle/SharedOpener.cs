using DocStore.Engine.Files;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Storage.Encryption;
using DocStore.Storage.Sharing;

namespace DocStore.Engine.Lifecycle;

/// <summary>Opening a database with <see cref="DocStoreSharing.Shared"/> (docs/storage.md, "Many processes").</summary>
internal static class SharedOpener
{
    private const int OpenAttempts = 5;

    /// <summary>
    /// A process that may write: claims a slot in the shared file's reader table (its readers' marks), then
    /// opens and recovers the files during a turn at the writer lock (so no other process appends, copies or
    /// restarts meanwhile), does opening's deferred work there (the cut of a torn tail, replayed redo
    /// records, a checkpoint) and publishes what it found. From then on each write transaction takes a turn
    /// of its own (see <see cref="Storage.Paging.WriterTurns"/>).
    /// </summary>
    /// <exception cref="DatabaseLockedException">A process holds the database exclusively, or the reader table is full.</exception>
    /// <exception cref="DatabaseBusyException">Another process held the writer lock for the whole <see cref="StorageOptions.BusyTimeout"/>.</exception>
    public static StorageEngine OpenWriter(string path, StorageOptions options)
    {
        var (slot, writer, key) = Join(path, options);
        bool taken;
        try
        {
            taken = OpeningTurn.TryTake(writer, options);
        }
        catch
        {
            slot.Dispose();
            throw;
        }

        return OpenInTurn(path, options, slot, writer, taken, key);
    }

    /// <summary>
    /// The asynchronous twin of <see cref="OpenWriter"/>: waits for the writer lock between tries without
    /// blocking a thread, and stops waiting when <paramref name="cancellationToken"/> is cancelled.
    /// </summary>
    /// <exception cref="DatabaseLockedException">A process holds the database exclusively, or the reader table is full.</exception>
    /// <exception cref="DatabaseBusyException">Another process held the writer lock for the whole <see cref="StorageOptions.BusyTimeout"/>.</exception>
    /// <exception cref="OperationCanceledException">The token was cancelled while the open waited; nothing is left open.</exception>
    public static async ValueTask<StorageEngine> OpenWriterAsync(string path, StorageOptions options, CancellationToken cancellationToken)
    {
        var (slot, writer, key) = Join(path, options);
        bool taken;
        try
        {
            taken = await OpeningTurn.TryTakeAsync(writer, options, cancellationToken).ConfigureAwait(false);
        }
        catch
        {
            slot.Dispose();
            throw;
        }

        return OpenInTurn(path, options, slot, writer, taken, key);
    }

    // The shared file and a slot in its reader table, before the turn is waited for; the key checked before either.
    private static (SharedReaderSlot Slot, SharedWriter Writer, DatabaseKey? Key) Join(string path, StorageOptions options)
    {
        var key = RefuseWhatCannotOpen(path, options);
        var shm = SharedMemoryFile.Open(path, NewFile.ModeOf(path));
        SharedReaderSlot slot;
        try
        {
            slot = SharedReaderSlot.Claim(shm, path);
        }
        catch
        {
            shm.Dispose();
            throw;
        }

        return (slot, new SharedWriter(shm, slot.Index), key);
    }

    // Opens and recovers the files during the turn taken at the writer lock (or gives the slot back when none was).
    private static StorageEngine OpenInTurn(string path, StorageOptions options, SharedReaderSlot slot, SharedWriter writer, bool taken, DatabaseKey? key)
    {
        if (!taken)
        {
            slot.Dispose();
            throw DatabaseBusyException.For(path, options.BusyTimeout);
        }

        StorageEngine engine;
        try
        {
            engine = EngineOpener.OpenFiles(path, options, shared: true, key);
        }
        catch
        {
            writer.EndTurn();
            slot.Dispose();
            throw;
        }

        try
        {
            engine.Pager.ShareAsWriter(writer, slot, path, options.TimeProvider);
            engine.Pager.Follower!.Followed = engine.RootCache.Invalidate;
            engine.Pager.Follower.Adopt(writer);
            engine.Pager.FinishOpen();
            engine.Pager.GroupCommit.PublishCommitted();
            engine.Pager.Turns!.End();
            return engine;
        }
        catch
        {
            engine.Dispose();
            throw;
        }
    }

    /// <summary>
    /// A reading process: claims a slot in the shared file's reader table, marks it so that no checkpoint
    /// copies or restarts while the files are read at open, opens them read-only and shared, and follows the
    /// writer from then on. Where the shared file cannot be opened to write (a read-only directory, a file of
    /// another user), the reader can hold no mark, so it opens as an exclusive read-only open does: refused
    /// beside a shared writer, and keeping shared writers out while it is open.
    /// </summary>
    /// <exception cref="DatabaseLockedException">A process holds the database exclusively, writes it shared while the shared file cannot be written here, or the reader table is full.</exception>
    public static StorageEngine OpenReader(string path, StorageOptions options)
    {
        if (!File.Exists(path))
        {
            return EngineOpener.OpenReadOnlyFiles(path, options, shared: true);
        }

        var key = RefuseWhatCannotOpen(path, options);
        SharedMemoryFile shm;
        try
        {
            shm = SharedMemoryFile.Open(path, NewFile.ModeOf(path));
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            return OpenWithoutSharedFile(path, options, ex);
        }

        SharedReaderSlot slot;
        try
        {
            slot = SharedReaderSlot.Claim(shm, path);
        }
        catch
        {
            shm.Dispose();
            throw;
        }

        try
        {
            slot.MarkOpening(path);
            var walIsFile = File.Exists(LogPaths.Wal(path));

            // A live writer's redo records are ahead of its WAL frames, and a replay of them here would not
            // build the pages its frames hold: every commit it publishes is in the WAL. Without a writer, the
            // redo log may hold commits a crash kept from the WAL, recovered in memory as a read-only open does.
            var writerLive = shm.IsHeldElsewhere(SharedLayout.WriterLock);

            // Only published commits: the frames of one appended after them may be written over (see StorageOptions.RecoverUpTo).
            // A header left mid-change names whole commits field by field, and the next writer goes on from those.
            if ((SharedPublication.Read(shm) ?? SharedPublication.ReadLeftMidChange(shm)) is { IsPublished: true } published)
            {
                options = options with { RecoverUpTo = (published.Salt, published.VisibleLsn) };
            }

            var engine = OpenBesideWriter(path, options, writerLive, key);
            var follower = engine.Pager.FollowAsReader(slot, path, walIsFile);
            follower.Followed = engine.RootCache.Invalidate;
            if (follower.CanFollow)
            {
                slot.Clear();
            }

            return engine;
        }
        catch
        {
            slot.Dispose();
            throw;
        }
    }

    // A shared writer's checkpoints would rewrite pages and restart the log under a reader without a mark
    // (reported as damage at best), so this one takes the exclusive reader's role lock.
    private static StorageEngine OpenWithoutSharedFile(string path, StorageOptions options, Exception cause)
    {
        try
        {
            return EngineOpener.OpenReadOnlyFiles(path, options, shared: false);
        }
        catch (DatabaseLockedException refused) when (refused.InnerException is null)
        {
            // Refused by the role lock of a live shared writer (an exclusive writer's refusal keeps its own message).
            throw DatabaseLockedException.SharedFileUnwritable(path, SharedMemoryFile.PathFor(path), cause);
        }
    }

    // Recovery reads the WAL to its end while a writer may append (writers take the lock per turn, so one
    // may start right after the probe): a frame read half-written followed by one written after it looks
    // like damage an fsync vouched for. Real damage fails every time.
    private static StorageEngine OpenBesideWriter(string path, StorageOptions options, bool writerLive, DatabaseKey? key)
    {
        for (var attempt = 1; ; attempt++)
        {
            try
            {
                return EngineOpener.OpenReadOnlyFiles(path, options, shared: true, ignoreRedo: writerLive, key);
            }
            catch (DatabaseCorruptException) when (attempt < OpenAttempts)
            {
            }
        }
    }

    // Before the shared file is created beside it: a file that is not a database, or a key that does not open
    // it, gets nothing beside it. Returns the checked key, so a password is not derived twice.
    private static DatabaseKey? RefuseWhatCannotOpen(string path, StorageOptions options)
    {
        if (!File.Exists(path) || new FileInfo(path).Length == 0)
        {
            return null;
        }

        using var db = EngineOpener.OpenNamingTheMode(path, shared: true, () => FileStorageDevice.OpenReadOnly(path, shared: true));
        _ = Storage.Paging.Pager.ReadPageSize(db);
        return DatabaseEncryption.CheckKey(db, options);
    }
}
