using DocStore.Collections;
using DocStore.Engine;

namespace DocStore;

/// <summary>One open file in <see cref="OpenFiles"/>: its engine, the options it was opened with, and what the contexts sharing it share.</summary>
internal sealed class OpenFile(string? key, StorageEngine engine, DocStoreOptions options)
{
    // Name -> the open collection's shared state (null while it is opening); guarded by itself.
    private readonly Dictionary<string, CollectionState?> _collections = new(StringComparer.Ordinal);
    private TaskCompletionSource? _closed;

    /// <summary>The full path (the table's key); null for an in-memory database, which is never shared.</summary>
    public string? Key { get; } = key;

    public StorageEngine Engine { get; } = engine;

    /// <summary>The first opener's options: they fix the engine's settings for every context sharing it.</summary>
    public DocStoreOptions Options { get; } = options;

    public bool ReadOnly => Options.ReadOnly;

    /// <summary>Open contexts holding the engine; guarded by <see cref="OpenFiles.Gate"/>.</summary>
    public int References { get; set; } = 1;

    /// <summary>Databases kept open between the ADO.NET provider's connections, by pool key; guarded by <see cref="OpenFiles.Gate"/>.</summary>
    public Dictionary<string, PooledDatabase> Pooled { get; } = new(StringComparer.Ordinal);

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
        if (Key is null)
        {
            return true;
        }

        lock (OpenFiles.Gate)
        {
            if (--References > 0)
            {
                return false;
            }

            _closed = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            OpenFiles.StartClosing(Key, _closed.Task);
            return true;
        }
    }

    /// <summary>The engine is closed: openers waiting for the file may open it.</summary>
    public void Closed()
    {
        if (Key is null)
        {
            return;
        }

        OpenFiles.FinishClosing(Key);
        _closed?.TrySetResult();
    }
}
