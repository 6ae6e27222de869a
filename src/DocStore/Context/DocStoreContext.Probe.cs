using DocStore.BTree;

namespace DocStore;

public abstract partial class DocStoreContext
{
    /// <summary>
    /// A cheap liveness check for health probes: takes a read snapshot and reads the catalog's first
    /// entry, so the file is open, its pages are readable and their checksums hold. Costs one page read
    /// at most (usually a cache hit). A database whose earlier write or fsync failed fails the probe too:
    /// it still reads, but refuses every commit until it is reopened.
    /// </summary>
    /// <exception cref="ObjectDisposedException">The context has been disposed.</exception>
    /// <exception cref="DatabaseCorruptException">A page on the probe's path failed its checksum.</exception>
    /// <exception cref="StorageFailedException">The file could not be read, or an earlier write or fsync failed.</exception>
    public void Probe()
    {
        ThrowIfDisposed();
        Engine.ThrowIfFailed();
        using var tx = Engine.BeginRead();
        var cursor = tx.CatalogTree().CreateCursor();
        cursor.SeekFirst();
    }

    /// <summary>The asynchronous twin of <see cref="Probe"/>; the probe reads at most one page, so it completes synchronously in practice.</summary>
    /// <param name="cancellationToken">Checked before the probe starts.</param>
    /// <returns>A task that completes when the probe has read the page.</returns>
    public ValueTask ProbeAsync(CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        Probe();
        return ValueTask.CompletedTask;
    }
}
