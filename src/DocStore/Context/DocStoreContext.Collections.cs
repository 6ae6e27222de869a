using DocStore.Collections;

namespace DocStore;

// Dropping and renaming stored collections (docs/api.md, "Dropping and renaming collections").
public abstract partial class DocStoreContext
{
    /// <summary>
    /// Deletes the collection <paramref name="name"/>: its documents, every index and its catalog record, in
    /// one write transaction. The pages of its trees go to the free list, where new data reuses them (the
    /// file shrinks only with <see cref="Compact()"/>). Untyped collection objects opened on it before fail
    /// from then on; <see cref="GetCollection(string, IndexDefinition[])"/> creates a new, empty one.
    /// </summary>
    /// <param name="name">The collection name, exactly as stored.</param>
    /// <returns>True when the collection existed and was dropped; false when there was none.</returns>
    /// <exception cref="ArgumentException">The name is empty.</exception>
    /// <exception cref="InvalidOperationException">A typed model open in this process (a generated context's collection property, or an open typed collection) holds the collection; nothing changed.</exception>
    /// <exception cref="DatabaseReadOnlyException">The database is open read-only.</exception>
    /// <exception cref="WriteLockTimeoutException">Another write transaction stayed open past the timeout; nothing changed.</exception>
    public bool DropCollection(string name)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(name);
        ThrowIfDisposed();
        lock (_untypedLock)
        {
            using var write = Engine.BeginWrite();
            ThrowIfModelHolds(name, "drop");
            var dropped = CollectionRemoval.Drop(write, name);
            Forget(name);
            write.Commit();
            return dropped;
        }
    }

    /// <summary>The asynchronous twin of <see cref="DropCollection"/>: the drop runs on the thread pool.</summary>
    /// <param name="name">The collection name.</param>
    /// <param name="cancellationToken">Stops the wait before the drop starts.</param>
    /// <returns>True when the collection existed and was dropped.</returns>
    public async ValueTask<bool> DropCollectionAsync(string name, CancellationToken cancellationToken = default)
    {
        ThrowIfDisposed();
        return await Task.Run(() => DropCollection(name), cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Renames the collection <paramref name="name"/> to <paramref name="newName"/>, with its documents,
    /// indexes, key convention and sequence, in one write transaction. Only the catalog records move: the
    /// trees keep their names, so a rename costs the same whatever the collection holds. Untyped collection
    /// objects opened on it before fail from then on; get the collection again under its new name.
    /// </summary>
    /// <param name="name">The collection to rename, exactly as stored.</param>
    /// <param name="newName">The new name; no collection may have it.</param>
    /// <exception cref="ArgumentException">A name is empty, there is no collection <paramref name="name"/>, or a collection named <paramref name="newName"/> exists; nothing changed.</exception>
    /// <exception cref="InvalidOperationException">A typed model open in this process holds either collection; nothing changed.</exception>
    /// <exception cref="DatabaseReadOnlyException">The database is open read-only.</exception>
    /// <exception cref="WriteLockTimeoutException">Another write transaction stayed open past the timeout; nothing changed.</exception>
    public void RenameCollection(string name, string newName)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(name);
        ArgumentException.ThrowIfNullOrWhiteSpace(newName);
        ThrowIfDisposed();
        lock (_untypedLock)
        {
            using var write = Engine.BeginWrite();
            ThrowIfModelHolds(name, "rename");
            ThrowIfModelHolds(newName, "rename a collection to");
            CollectionRemoval.Rename(write, name, newName);
            Forget(name);
            Forget(newName);
            write.Commit();
        }
    }

    /// <summary>The asynchronous twin of <see cref="RenameCollection"/>: the rename runs on the thread pool.</summary>
    /// <param name="name">The collection to rename.</param>
    /// <param name="newName">The new name.</param>
    /// <param name="cancellationToken">Stops the wait before the rename starts.</param>
    /// <returns>A task that completes when the rename is committed.</returns>
    public async ValueTask RenameCollectionAsync(string name, string newName, CancellationToken cancellationToken = default)
    {
        ThrowIfDisposed();
        await Task.Run(() => RenameCollection(name, newName), cancellationToken).ConfigureAwait(false);
    }

    // Checked under the write lock: a typed open writes the catalog too, so none can start meanwhile.
    private void ThrowIfModelHolds(string name, string what)
    {
        if (FindOpen(name) is { ModelOwned: true })
        {
            throw new InvalidOperationException($"Cannot {what} collection '{name}': a typed model open in this process holds it (a context's collection property or an open typed collection); close that context first.");
        }
    }

    // Before the commit (see CollectionState.Dropped): stale objects fail at their next operation, and the
    // next GetCollection opens afresh. Should the commit fail, reopening the collection still works.
    private void Forget(string name)
    {
        Lease.Forget(name);
        _untyped.Remove(name);
        lock (_collections)
        {
            _collections.RemoveAll(c => c is IModelOwner owner && owner.CollectionName == name);
        }
    }
}
