using DocStore.Engine;

namespace DocStore;

/// <summary>
/// The process's one table of open database files: every context (a typed context, a
/// <see cref="DocStoreDatabase"/>, the ADO.NET provider's connections and data sources) opens its file here.
/// Openers of one file share one engine and one set of open collection states, counted by reference; the
/// last to close closes the file. The engine locks its file per process, so without this the second open
/// would fail (docs/decisions.md, "One registry of open files; options a shared engine cannot honour fail").
/// </summary>
internal static class OpenFiles
{
    private static readonly Dictionary<string, OpenFile> Open = new(StringComparer.Ordinal);
    // Files being closed, or being opened outside the gate: other openers of the file wait for the task, then look again.
    private static readonly Dictionary<string, Task> Pending = new(StringComparer.Ordinal);

    /// <summary>Guards both tables and every <see cref="OpenFile"/>'s reference count and pooled databases.</summary>
    internal static readonly Lock Gate = new();

    static OpenFiles()
    {
        // Idle pooled databases are checkpointed and closed on the way out rather than recovered on the next open.
        AppDomain.CurrentDomain.ProcessExit += (_, _) => PooledDatabase.Clear(null, null);
    }

    /// <summary>The key of <paramref name="path"/> in the table: its full path (the spelling does not matter).</summary>
    public static string KeyOf(string path) => System.IO.Path.GetFullPath(path);

    /// <summary>
    /// Opens the file at <paramref name="path"/>, or takes another reference to the engine already open on it.
    /// The engine opens outside the gate, so a shared open that waits for another process's writer turn holds
    /// up neither the process's other files nor their asynchronous opens; openers of the same file wait for it.
    /// </summary>
    /// <exception cref="DatabaseLockedException">The file is open in this process with another value of a setting <paramref name="options"/> sets (<see cref="OptionConflicts"/>).</exception>
    public static OpenFile Acquire(string path, DocStoreOptions options)
    {
        if (path == StorageEngine.InMemory)
        {
            // Every in-memory open is a database of its own.
            return new OpenFile(null, StorageEngine.Open(path, options.Storage), options);
        }

        var key = KeyOf(path);
        while (true)
        {
            if (FindOrClaim(key, options, out var opening, out var pending) is { } file)
            {
                return file;
            }

            if (opening is not null)
            {
                OpenFile? opened = null;
                try
                {
                    opened = new OpenFile(key, StorageEngine.Open(path, options.Storage), options);
                    return opened;
                }
                finally
                {
                    EndClaim(key, opened, opening);
                }
            }

            // The last holder is still closing the file (checkpoint), or another opener is opening it: wait, then look again.
            pending!.Wait();
        }
    }

    /// <summary>
    /// The asynchronous twin of <see cref="Acquire"/>: the engine opens outside the gate, so a shared open
    /// that waits for another process's writer turn blocks neither a thread nor the process's other files;
    /// openers of the same file wait for it meanwhile.
    /// </summary>
    /// <exception cref="DatabaseLockedException">As <see cref="Acquire"/>.</exception>
    /// <exception cref="DatabaseBusyException">Shared, another process held the writer lock for the whole busy timeout.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled; nothing is left open.</exception>
    public static async ValueTask<OpenFile> AcquireAsync(string path, DocStoreOptions options, CancellationToken cancellationToken)
    {
        if (path == StorageEngine.InMemory)
        {
            return Acquire(path, options);
        }

        var key = KeyOf(path);
        while (true)
        {
            if (FindOrClaim(key, options, out var opening, out var pending) is { } file)
            {
                return file;
            }

            if (opening is not null)
            {
                return await OpenOutsideGate(path, key, options, opening, cancellationToken).ConfigureAwait(false);
            }

            await pending!.WaitAsync(cancellationToken).ConfigureAwait(false);
        }
    }

    // Under the gate: the file already open (one more reference), or else the claim to open it, which other
    // openers of the file wait for, or else the task of the opener or closer to wait for.
    private static OpenFile? FindOrClaim(string key, DocStoreOptions options, out TaskCompletionSource? opening, out Task? pending)
    {
        opening = null;
        lock (Gate)
        {
            if (Open.TryGetValue(key, out var file))
            {
                OptionConflicts.Check(key, file.Options, options);
                file.References++;
                pending = null;
                return file;
            }

            if (!Pending.TryGetValue(key, out pending))
            {
                opening = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
                Pending.Add(key, opening.Task);
            }

            return null;
        }
    }

    // Ends a claim: the opened file (null when the open failed) joins the table, and its waiters look again.
    private static void EndClaim(string key, OpenFile? file, TaskCompletionSource opening)
    {
        lock (Gate)
        {
            Pending.Remove(key);
            if (file is not null)
            {
                Open.Add(key, file);
            }
        }

        opening.SetResult();
    }

    /// <summary>Drops a reference taken by <see cref="Acquire"/> or <see cref="AcquireAsync"/>, closing the engine when it was the last.</summary>
    public static void Release(OpenFile file)
    {
        if (!file.Release())
        {
            return;
        }

        try
        {
            file.Engine.Dispose();
        }
        finally
        {
            file.Closed();
        }
    }

    private static async ValueTask<OpenFile> OpenOutsideGate(string path, string key, DocStoreOptions options, TaskCompletionSource opening, CancellationToken cancellationToken)
    {
        OpenFile? file = null;
        try
        {
            var engine = await StorageEngine.OpenAsync(path, options.Storage, cancellationToken).ConfigureAwait(false);
            file = new OpenFile(key, engine, options);
            return file;
        }
        finally
        {
            EndClaim(key, file, opening);
        }
    }

    /// <summary>The open file at the full path <paramref name="key"/>, or null; call under <see cref="Gate"/>.</summary>
    internal static OpenFile? Find(string key) => Open.GetValueOrDefault(key);

    /// <summary>Every open file; call under <see cref="Gate"/>.</summary>
    internal static IEnumerable<OpenFile> All => Open.Values;

    /// <summary>Takes the file at <paramref name="key"/> out of the table as it starts closing; call under <see cref="Gate"/>.</summary>
    internal static void StartClosing(string key, Task closed)
    {
        Open.Remove(key);
        Pending[key] = closed;
    }

    /// <summary>The file is closed: openers waiting for it may open it again.</summary>
    internal static void FinishClosing(string key)
    {
        lock (Gate)
        {
            Pending.Remove(key);
        }
    }
}
