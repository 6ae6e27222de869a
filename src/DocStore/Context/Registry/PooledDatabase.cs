namespace DocStore;

/// <summary>
/// A <see cref="DocStoreDatabase"/> kept open between the ADO.NET provider's connections, in its file's
/// entry of <see cref="OpenFiles"/> (the one table of open files): a connection opened and closed per
/// request takes a reference instead of opening the file each time. When the last user returns it, it
/// stays open for the idle timeout (forever for a data source, until cleared), then closes; the file
/// itself closes when no other context holds it either.
/// </summary>
internal sealed class PooledDatabase
{
    private readonly TimeSpan _idleTimeout;
    private readonly TimeProvider _clock;
    private ITimer? _idle;

    private PooledDatabase(string? poolKey, DocStoreDatabase database, TimeSpan idleTimeout, TimeProvider clock)
    {
        PoolKey = poolKey;
        Database = database;
        _idleTimeout = idleTimeout;
        _clock = clock;
    }

    /// <summary>The key in the file's <see cref="OpenFile.Pooled"/>; null for a private database that closes with its one user.</summary>
    public string? PoolKey { get; }

    public DocStoreDatabase Database { get; }

    /// <summary>Users holding it; guarded by <see cref="OpenFiles.Gate"/>.</summary>
    private int Active { get; set; }

    /// <summary>Set by <see cref="Clear"/>: out of the pool, closes as soon as no user holds it; guarded by <see cref="OpenFiles.Gate"/>.</summary>
    private bool Cleared { get; set; }

    /// <summary>
    /// Takes a reference to the pooled database of <paramref name="path"/> under <paramref name="poolKey"/>,
    /// opening it when there is none (a private one when <paramref name="poolKey"/> is null or the path is in-memory).
    /// </summary>
    /// <param name="path">The file path.</param>
    /// <param name="options">The options; the idle timer runs on their clock.</param>
    /// <param name="poolKey">Openers with the same key share one database object (see <see cref="KeyFor"/>).</param>
    /// <param name="idleTimeout">How long it stays open unused; <see cref="Timeout.InfiniteTimeSpan"/> until cleared.</param>
    /// <exception cref="DatabaseLockedException">The file is open elsewhere, or in this process with conflicting options.</exception>
    public static PooledDatabase Acquire(string path, DocStoreOptions options, string? poolKey, TimeSpan idleTimeout)
    {
        if (poolKey is null || path == DocStoreContext.InMemoryPath)
        {
            return new PooledDatabase(null, DocStoreDatabase.Open(path, options), TimeSpan.Zero, options.TimeProvider) { Active = 1 };
        }

        var fileKey = OpenFiles.KeyOf(path);
        lock (OpenFiles.Gate)
        {
            if (OpenFiles.Find(fileKey)?.Pooled.GetValueOrDefault(poolKey) is { } pooled)
            {
                return pooled.Take();
            }
        }

        // Opened outside the gate: the open may wait for the file's last holder to finish closing, which takes the gate.
        var database = DocStoreDatabase.Open(path, options);
        var fresh = new PooledDatabase(poolKey, database, idleTimeout, options.TimeProvider) { Active = 1 };
        PooledDatabase? raced;
        lock (OpenFiles.Gate)
        {
            if (database.File.Pooled.TryGetValue(poolKey, out raced))
            {
                raced.Take();
            }
            else
            {
                database.File.Pooled.Add(poolKey, fresh);
            }
        }

        if (raced is null)
        {
            return fresh;
        }

        // Another opener pooled the same key meanwhile: use that one; this one only held a reference to the shared engine.
        database.Dispose();
        return raced;
    }

    /// <summary>
    /// The asynchronous twin of <see cref="Acquire"/>: the file opens first without blocking a thread (a shared
    /// open may wait for another process's write transaction), held by a reference of its own while the
    /// database object is found or made on it.
    /// </summary>
    /// <exception cref="DatabaseBusyException">Shared, another process held the writer lock for the whole busy timeout.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled; nothing is left open.</exception>
    public static async ValueTask<PooledDatabase> AcquireAsync(string path, DocStoreOptions options, string? poolKey, TimeSpan idleTimeout, CancellationToken cancellationToken)
    {
        if (path == DocStoreContext.InMemoryPath)
        {
            return Acquire(path, options, poolKey, idleTimeout);
        }

        var held = await OpenFiles.AcquireAsync(path, options, cancellationToken).ConfigureAwait(false);
        try
        {
            return Acquire(path, options, poolKey, idleTimeout);
        }
        finally
        {
            OpenFiles.Release(held);
        }
    }

    /// <summary>The pool key for options: openers that set the same settings to the same values share a database object.</summary>
    public static string KeyFor(DocStoreOptions options) => OptionConflicts.Describe(options) + SecretTag(options);

    // A connection with another key or password must not be handed a database opened with the right one:
    // the pool key carries a digest of the secret (never the secret), so it opens afresh and is checked.
    private static string SecretTag(DocStoreOptions options)
    {
        var secret = options.EncryptionKey ?? (options.Password is { } p ? System.Text.Encoding.UTF8.GetBytes(p) : null);
        return secret is null ? string.Empty : ";Secret=" + Convert.ToHexString(System.Security.Cryptography.SHA256.HashData(secret), 0, 8);
    }

    /// <summary>
    /// Closes the idle pooled databases of the file at <paramref name="path"/> (every file when null) under
    /// <paramref name="poolKey"/> (every key when null); those in use close when their last user returns them.
    /// </summary>
    public static void Clear(string? path, string? poolKey)
    {
        List<PooledDatabase> idle = [];
        lock (OpenFiles.Gate)
        {
            var files = path is null ? [.. OpenFiles.All] : OpenFiles.Find(OpenFiles.KeyOf(path)) is { } one ? [one] : new List<OpenFile>();
            foreach (var file in files)
            {
                foreach (var entry in file.Pooled.Values.Where(e => poolKey is null || e.PoolKey == poolKey).ToList())
                {
                    file.Pooled.Remove(entry.PoolKey!);
                    entry.Cleared = true;
                    if (entry.Active == 0)
                    {
                        entry.StopIdleTimer();
                        idle.Add(entry);
                    }
                }
            }
        }

        foreach (var entry in idle)
        {
            entry.Database.Dispose();
        }
    }

    /// <summary>Returns a user's reference; the last one starts the idle timer (or closes a private or cleared database).</summary>
    public void Release()
    {
        if (PoolKey is null)
        {
            Database.Dispose();
            return;
        }

        bool closeNow;
        lock (OpenFiles.Gate)
        {
            if (--Active > 0)
            {
                return;
            }

            closeNow = Cleared || (_idleTimeout <= TimeSpan.Zero && _idleTimeout != Timeout.InfiniteTimeSpan);
            if (closeNow)
            {
                RemoveFromPool();
            }
            else if (_idleTimeout != Timeout.InfiniteTimeSpan)
            {
                _idle = _clock.CreateTimer(static state => ((PooledDatabase)state!).CloseIfIdle(), this, _idleTimeout, Timeout.InfiniteTimeSpan);
            }
        }

        if (closeNow)
        {
            Database.Dispose();
        }
    }

    // Under the gate.
    private PooledDatabase Take()
    {
        Active++;
        StopIdleTimer();
        return this;
    }

    private void StopIdleTimer()
    {
        _idle?.Dispose();
        _idle = null;
    }

    // Under the gate.
    private bool RemoveFromPool()
    {
        var pooled = Database.File.Pooled;
        if (pooled.TryGetValue(PoolKey!, out var current) && ReferenceEquals(current, this))
        {
            pooled.Remove(PoolKey!);
            return true;
        }

        return false;
    }

    private void CloseIfIdle()
    {
        lock (OpenFiles.Gate)
        {
            if (Active > 0 || Cleared || !RemoveFromPool())
            {
                return;
            }

            StopIdleTimer();
        }

        Database.Dispose();
    }
}
