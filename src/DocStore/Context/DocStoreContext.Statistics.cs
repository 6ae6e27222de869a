using DocStore.Context.Statistics;

namespace DocStore;

// Where the bytes go: the statistics of the files, the pages and every collection's trees.
public abstract partial class DocStoreContext
{
    /// <summary>
    /// Computes where the database's bytes go, from one snapshot: the sizes of the database file, the WAL
    /// and the redo log; the page size, page count and free pages; and for every collection of the
    /// database, its documents and each index: entries, pages by kind (leaf, interior, overflow), and how
    /// full those pages are (docs/storage.md, "Statistics"). Writers keep committing meanwhile.
    /// </summary>
    /// <returns>The statistics.</returns>
    /// <remarks>The walk reads every tree page (not the overflow pages), so it takes time in proportion to the database.</remarks>
    /// <exception cref="DatabaseCorruptException">A page read on the way is damaged.</exception>
    public DatabaseStatistics GetStatistics()
    {
        ThrowIfDisposed();
        return StatisticsCollector.Collect(Engine, Path, CancellationToken.None);
    }

    /// <summary>The asynchronous twin of <see cref="GetStatistics"/>: the walk runs on the thread pool.</summary>
    /// <param name="cancellationToken">Stops the walk.</param>
    /// <returns>The statistics.</returns>
    public async ValueTask<DatabaseStatistics> GetStatisticsAsync(CancellationToken cancellationToken = default)
    {
        ThrowIfDisposed();
        return await Task.Run(() => StatisticsCollector.Collect(Engine, Path, cancellationToken), cancellationToken).ConfigureAwait(false);
    }
}
