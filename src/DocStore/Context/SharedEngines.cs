using DocStore.Collections;
using DocStore.Engine;

namespace DocStore;

/// <summary>
/// The process-wide table of open database files: contexts opened on the same file in one process (a typed
/// context, a <see cref="DocStoreDatabase"/>, the ADO.NET provider's connections) share one engine and one
/// set of open collection states, counted by reference; the last to close closes the file. The engine locks
/// its file per process, so without this the second open would fail (docs/decisions.md, "One open database
/// per file per process").
/// </summary>
internal static class SharedEngines
{
    private static readonly Dictionary<string, Lease> Open = new(StringComparer.Ordinal);
    private static readonly Dictionary<string, Task> Closing = new(StringComparer.Ordinal);
    private static readonly Lock Gate = new();

    /// <summary>Opens the file at <paramref name="path"/>, or takes another reference to the engine already open on it.</summary>
    /// <exception cref="DatabaseLockedException">The file is open in this process with the other read-only setting.</exception>
    public static Lease Acquire(string path, DocStoreOptions options)
    {
        if (path == StorageEngine.InMemory)
        {
            // Every in-memory open is a database of its own.
            return new Lease(null, StorageEngine.Open(path, options.ToStorageOptions()), options.ReadOnly);
        }

        var key = System.IO.Path.GetFullPath(path);
        while (true)
        {
            Task? closing;
            lock (Gate)
            {
                if (Open.TryGetValue(key, out var lease))
                {
                    if (lease.ReadOnly != options.ReadOnly)
                    {
                        throw new DatabaseLockedException($"The database '{key}' is already open in this process {(lease.ReadOnly ? "read-only" : "read-write")}; open it with the same mode, or close it first.");
                    }

                    lease.References++;
                    return lease;
                }

                if (!Closing.TryGetValue(key, out closing))
                {
                    // Opened under the gate: a second opener of the same file waits here rather than failing on the lock.
                    lease = new Lease(key, StorageEngine.Open(path, options.ToStorageOptions()), options.ReadOnly);
                    Open.Add(key, lease);
                    return lease;
                }
            }

            // The last holder is still closing the file (checkpoint): wait for it, then open again.
            closing.Wait();
        }
    }

    /// <summary>One open engine and what the contexts sharing it share.</summary>
    internal sealed class Lease(string? key, StorageEngine engine, bool readOnly)
    {
        // Name -> the open collection's shared state (null while it is opening); guarded by itself.
        private readonly Dictionary<string, CollectionState?> _collections = new(StringComparer.Ordinal);
        private TaskCompletionSource? _closed;

        public StorageEngine Engine { get; } = engine;

        public bool ReadOnly { get; } = readOnly;

        /// <summary>Open contexts holding the engine; guarded by <see cref="Gate"/>.</summary>
        public int References { get; set; } = 1;

        /// <summary>The state of a collection open (or opening) on this engine, or claims the name: null when the caller now opens it.</summary>
        /// <exception cref="InvalidOperationException">Another caller is opening the collection right now.</exception>
        public CollectionState? ClaimOrShare(string name)
        {
            lock (_collections)
            {
                if (_collections.TryGetValue(name, out var state))
                {
                    return state ?? throw new InvalidOperationException($"Collection '{name}' is being opened by another context on the same file; open it again once that has finished.");
                }

                _collections.Add(name, null);
                return null;
            }
        }

        public void Release(string name)
        {
            lock (_collections)
            {
                if (_collections.TryGetValue(name, out var state) && state is null)
                {
                    _collections.Remove(name);
                }
            }
        }

        public void Register(CollectionState state)
        {
            lock (_collections)
            {
                _collections[state.Name] = state;
            }
        }

        /// <summary>Forgets the state of a dropped or renamed collection, marking it so that objects still holding it fail.</summary>
        public void Forget(string name)
        {
            lock (_collections)
            {
                if (_collections.TryGetValue(name, out var state) && state is not null)
                {
                    state.MarkDropped();
                    _collections.Remove(name);
                }
            }
        }

        public CollectionState? Find(string name)
        {
            lock (_collections)
            {
                return _collections.GetValueOrDefault(name);
            }
        }

        /// <summary>Drops one reference; true when it was the last, and the caller must close the engine and then call <see cref="Closed"/>.</summary>
        public bool Release()
        {
            if (key is null)
            {
                return true;
            }

            lock (Gate)
            {
                if (--References > 0)
                {
                    return false;
                }

                Open.Remove(key);
                _closed = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
                Closing[key] = _closed.Task;
                return true;
            }
        }

        /// <summary>The engine is closed: openers waiting for the file may open it.</summary>
        public void Closed()
        {
            if (key is null)
            {
                return;
            }

            lock (Gate)
            {
                Closing.Remove(key);
            }

            _closed?.TrySetResult();
        }
    }
}
