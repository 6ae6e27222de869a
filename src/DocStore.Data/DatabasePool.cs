namespace DocStore.Data;

/// <summary>
/// Keeps databases open between connections, as ADO.NET providers pool: a connection opened and closed per
/// request takes a reference to an open <see cref="DocStoreDatabase"/> instead of opening the file each
/// time. When the last connection closes, the database stays open for the idle timeout, then closes. A
/// typed context on the same file shares the same engine (the core library counts those references), so
/// the file itself closes when the last context or connection is done.
/// </summary>
internal static class DatabasePool
{
    private static readonly Dictionary<string, Entry> Entries = new(StringComparer.Ordinal);
    private static readonly Lock Gate = new();

    static DatabasePool()
    {
        // Idle databases are checkpointed and closed on the way out rather than recovered on the next open.
        AppDomain.CurrentDomain.ProcessExit += (_, _) => Clear(null);
    }

    /// <summary>Takes a reference to the database the settings name, opening it when no connection has it open.</summary>
    public static Entry Acquire(DocStoreConnectionStringBuilder settings)
    {
        var options = settings.ToOptions();
        var path = settings.DataSource;
        if (string.IsNullOrWhiteSpace(path))
        {
            throw new InvalidOperationException("The connection string has no Data Source: set it to a file path or :memory:.");
        }

        if (path == DocStoreContext.InMemoryPath || !settings.Pooling)
        {
            return new Entry(null, DocStoreDatabase.Open(path, options), TimeSpan.Zero) { Active = 1 };
        }

        // Same file, same options: one pooled database (the path spelling does not matter).
        var key = $"{Path.GetFullPath(path)}|{options.ReadOnly}|{options.Durability}|{options.CacheSizePages}";
        lock (Gate)
        {
            if (Entries.TryGetValue(key, out var entry))
            {
                entry.Active++;
                entry.StopIdleTimer();
                return entry;
            }

            entry = new Entry(key, DocStoreDatabase.Open(path, options), TimeSpan.FromSeconds(settings.IdleTimeout)) { Active = 1 };
            Entries.Add(key, entry);
            return entry;
        }
    }

    /// <summary>Closes every idle pooled database (all of them when <paramref name="path"/> is null, else those on that file).</summary>
    public static void Clear(string? path)
    {
        var prefix = path is null ? null : Path.GetFullPath(path) + "|";
        List<Entry> idle = [];
        lock (Gate)
        {
            foreach (var entry in Entries.Values)
            {
                if (prefix is null || entry.Key!.StartsWith(prefix, StringComparison.Ordinal))
                {
                    entry.Cleared = true;
                    if (entry.Active == 0)
                    {
                        idle.Add(entry);
                    }
                }
            }

            foreach (var entry in idle)
            {
                Entries.Remove(entry.Key!);
            }
        }

        foreach (var entry in idle)
        {
            entry.StopIdleTimer();
            entry.Database.Dispose();
        }
    }

    /// <summary>One pooled (or private) open database.</summary>
    internal sealed class Entry(string? key, DocStoreDatabase database, TimeSpan idleTimeout) : IDisposable
    {
        private Timer? _idle;

        public string? Key { get; } = key;

        public DocStoreDatabase Database { get; } = database;

        /// <summary>Open connections using it; guarded by <see cref="Gate"/>.</summary>
        public int Active { get; set; }

        /// <summary>Set by <see cref="Clear"/>: close as soon as no connection uses it.</summary>
        public bool Cleared { get; set; }

        /// <summary>Returns a connection's reference; the last one starts the idle timer (or closes a private database).</summary>
        public void Release()
        {
            if (Key is null)
            {
                Database.Dispose();
                return;
            }

            bool closeNow;
            lock (Gate)
            {
                if (--Active > 0)
                {
                    return;
                }

                closeNow = Cleared || idleTimeout <= TimeSpan.Zero;
                if (closeNow)
                {
                    Entries.Remove(Key);
                }
                else
                {
                    _idle = new Timer(static state => ((Entry)state!).CloseIfIdle(), this, idleTimeout, Timeout.InfiniteTimeSpan);
                }
            }

            if (closeNow)
            {
                Database.Dispose();
            }
        }

        /// <summary>Stops the idle timer; the database is closed by whoever removed the entry.</summary>
        public void Dispose() => StopIdleTimer();

        public void StopIdleTimer()
        {
            _idle?.Dispose();
            _idle = null;
        }

        private void CloseIfIdle()
        {
            lock (Gate)
            {
                if (Active > 0 || !Entries.TryGetValue(Key!, out var current) || !ReferenceEquals(current, this))
                {
                    return;
                }

                Entries.Remove(Key!);
                StopIdleTimer();
            }

            Database.Dispose();
        }
    }
}
