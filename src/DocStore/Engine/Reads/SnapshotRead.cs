using DocStore.BTree;
using DocStore.Storage.Paging;
using DocStore.Transactions;

namespace DocStore.Engine.Reads;

/// <summary>
/// The pages a point read goes through, with no transaction or tree object: a registered snapshot of the
/// last acknowledged commit (tree roots from the engine's root cache), or a transaction's own view. Typed
/// and untyped collections' gets and unique finds and SQL's prepared point query all read through it, so
/// only the engine turns its pager into pages. A struct: a point read allocates nothing for it.
/// </summary>
internal readonly struct SnapshotRead : IDisposable
{
    private readonly ReaderSnapshot? _snapshot;
    private readonly TreeRootCache? _roots;

    private SnapshotRead(ReaderSnapshot snapshot, Pager pager, TreeRootCache roots)
    {
        _snapshot = snapshot;
        _roots = roots;
        Pages = new PageSource(pager, snapshot.Lsn);
    }

    private SnapshotRead(Transaction transaction) => Pages = new PageSource(transaction);

    /// <summary>The pages, as of <see cref="Lsn"/> (or as the transaction sees them).</summary>
    public PageSource Pages { get; }

    /// <summary>The snapshot the pages are read at.</summary>
    public long Lsn => Pages.SnapshotLsn;

    /// <summary>The root cache's current generation (its tree set); -1 for a transaction's view, which has no cache of its own.</summary>
    public long RootGeneration => _roots?.GenerationStart ?? -1;

    /// <summary>
    /// Registers a snapshot of <paramref name="engine"/>'s last acknowledged commit; dispose to end it
    /// (pages read through it stay valid only until then).
    /// </summary>
    /// <exception cref="ObjectDisposedException">The engine is closed.</exception>
    public static SnapshotRead Begin(StorageEngine engine)
    {
        var snapshot = engine.RegisterSnapshot();

        // Compaction replaces the pager only while no reader is registered, so this is the pager registered on.
        return new SnapshotRead(snapshot, engine.Pager, engine.RootCache);
    }

    /// <summary>The pages as <paramref name="transaction"/> sees them, its own changes included (nothing to end).</summary>
    public static SnapshotRead Of(Transaction transaction) => new(transaction);

    /// <summary>The root of <paramref name="tree"/> at this snapshot when the root cache knows it; false for a transaction's view.</summary>
    public bool TryGetRoot(string tree, out uint root)
    {
        if (_roots is null)
        {
            root = 0;
            return false;
        }

        return _roots.TryGet(tree, Lsn, out root);
    }

    /// <summary>Finds <paramref name="key"/> in the tree <paramref name="tree"/> rooted at <paramref name="root"/> (see <see cref="TryGet(in PageSource, uint, string, ReadOnlySpan{byte}, out ReadOnlyMemory{byte})"/>).</summary>
    public bool TryGet(uint root, string tree, ReadOnlySpan<byte> key, out ReadOnlyMemory<byte> value) =>
        TreeLookup.TryGet(Pages, root, tree, key, out value);

    /// <summary>
    /// Finds <paramref name="key"/> in the tree <paramref name="tree"/> rooted at <paramref name="root"/>,
    /// read through <paramref name="pages"/>: an inline value is memory over the cached page, valid while the
    /// snapshot is registered (or until the transaction next changes the tree).
    /// </summary>
    /// <returns>True when the key exists.</returns>
    public static bool TryGet(in PageSource pages, uint root, string tree, ReadOnlySpan<byte> key, out ReadOnlyMemory<byte> value) =>
        TreeLookup.TryGet(pages, root, tree, key, out value);

    /// <summary>Ends the snapshot's registration (nothing for a transaction's view).</summary>
    public void Dispose() => _snapshot?.Leave();
}
