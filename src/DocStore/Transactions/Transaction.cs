using System.Text;
using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Cache;
using DocStore.Storage.Pages;
using DocStore.Storage.Paging;

namespace DocStore.Transactions;

/// <summary>
/// A view of the database at one snapshot. Transactions are plain objects, never tied to a thread: one
/// may be used across <c>await</c> and resumed on any thread, as long as it is used by one caller at a time.
/// </summary>
public abstract class Transaction : IDisposable
{
    // Allocated on the first OpenTree: most read transactions (a collection Get) never open a tree by name.
    private Dictionary<string, Tree>? _trees;
    private Tree? _catalog;

    private protected Transaction(StorageEngine engine, Pager pager, long snapshotLsn)
    {
        Engine = engine;
        Pager = pager;
        SnapshotLsn = snapshotLsn;
    }

    /// <summary>The engine this transaction belongs to.</summary>
    public StorageEngine Engine { get; }

    /// <summary>The LSN of the last commit this transaction sees.</summary>
    public long SnapshotLsn { get; }

    /// <summary>True once the transaction committed, rolled back or was disposed.</summary>
    public bool IsCompleted { get; private protected set; }

    internal Pager Pager { get; }

    internal int PageSize => Pager.PageSize;

    /// <summary>Bumped by every mutation, so cursors notice that the pages under them changed.</summary>
    internal long Version { get; set; }

    internal Tree Catalog => _catalog ??= new Tree(this, CatalogTreeName, HeaderPage.GetCatalogRoot(ReadPage(0)));

    /// <summary>The catalog tree's own name (it has no catalog entry: the header page holds its root).</summary>
    internal const string CatalogTreeName = "$catalog";

    /// <summary>The image of a page as this transaction sees it. Callers never mutate it.</summary>
    internal byte[] ReadPage(uint pageNumber) => ReadPage(pageNumber, out _);

    /// <summary>Like <see cref="ReadPage(uint)"/>, and the cache entry of a committed image (null for a page this transaction changed).</summary>
    internal virtual byte[] ReadPage(uint pageNumber, out CachedPage? cached) => Pager.Read(pageNumber, SnapshotLsn, out cached);

    /// <summary>A node page with its search heads, when its cached image has them (see <see cref="KeyHeads"/>).</summary>
    internal byte[] ReadNode(uint pageNumber, out KeyHeads heads)
    {
        var page = ReadPage(pageNumber, out var cached);
        heads = KeyHeads.Of(cached);
        return page;
    }

    internal void ThrowIfCompleted()
    {
        if (Volatile.Read(ref _closedByEngine) != 0)
        {
            throw ClosedByEngine();
        }

        if (IsCompleted)
        {
            throw new ObjectDisposedException(GetType().Name, "The transaction has already completed.");
        }
    }

    // Set when the engine was disposed while this transaction was open: it is rolled back, and every later
    // use says why rather than failing on whatever the engine has let go of.
    private int _closedByEngine;

    /// <summary>Whether the engine was disposed while this transaction was open.</summary>
    internal bool IsClosedByEngine => Volatile.Read(ref _closedByEngine) != 0;

    /// <summary>Marks the transaction closed by the engine's disposal: every later use throws <see cref="ObjectDisposedException"/>.</summary>
    internal void MarkClosedByEngine() => Interlocked.Exchange(ref _closedByEngine, 1);

    private protected ObjectDisposedException ClosedByEngine() =>
        new(GetType().Name, $"The database '{Engine.Name}' was closed while this transaction was open; the transaction was rolled back.");

    /// <summary>Opens the tree named <paramref name="name"/>, or returns null when there is none.</summary>
    public Tree? OpenTree(string name)
    {
        ThrowIfCompleted();
        ArgumentNullException.ThrowIfNull(name);
        _trees ??= new Dictionary<string, Tree>(StringComparer.Ordinal);
        if (_trees.TryGetValue(name, out var tree))
        {
            return tree;
        }

        var cache = UsesRootCache ? Engine.RootCache : null;
        if (cache is null || !cache.TryGet(name, SnapshotLsn, out var rootPage))
        {
            if (!Catalog.TryGet(TreeNameKey(name), out var root))
            {
                return null;
            }

            if (root.Length != 4)
            {
                throw new DatabaseCorruptException(Pager.Name, -1, $"the catalog entry of tree '{name}' is {root.Length} bytes, not 4");
            }

            rootPage = BitConverter.ToUInt32(root.Span);
            cache?.Remember(name, rootPage, SnapshotLsn);
        }

        tree = new Tree(this, name, rootPage);
        _trees[name] = tree;
        return tree;
    }

    /// <summary>False once a write transaction changed the catalog: its own view then differs from every committed one.</summary>
    private protected virtual bool UsesRootCache => true;

    /// <summary>The names of all trees, in ordinal UTF-8 order.</summary>
    public IReadOnlyList<string> GetTreeNames()
    {
        ThrowIfCompleted();
        var names = new List<string>();
        var cursor = Catalog.CreateCursor();
        for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
        {
            names.Add(Encoding.UTF8.GetString(cursor.Key));
        }

        return names;
    }

    internal IEnumerable<(string Name, uint Root)> TreeRoots()
    {
        var result = new List<(string, uint)>();
        var cursor = Catalog.CreateCursor();
        for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
        {
            var value = cursor.Value.Span;
            result.Add((Encoding.UTF8.GetString(cursor.Key), value.Length == 4 ? BitConverter.ToUInt32(value) : 0));
        }

        return result;
    }

    internal void ForgetTree(string name) => _trees?.Remove(name);

    internal void RememberTree(Tree tree) => (_trees ??= new Dictionary<string, Tree>(StringComparer.Ordinal))[tree.Name] = tree;

    private protected byte[] TreeNameKey(string name)
    {
        var key = Encoding.UTF8.GetBytes(name);
        if (key.Length == 0 || key.Length > TreeLimits.MaxKeyLength(PageSize))
        {
            throw new ArgumentException($"A tree name must be 1 to {TreeLimits.MaxKeyLength(PageSize)} UTF-8 bytes; '{name}' is {key.Length}.", nameof(name));
        }

        return key;
    }

    /// <summary>Ends the transaction; a write transaction that was not committed rolls back.</summary>
    public void Dispose()
    {
        Dispose(true);
        GC.SuppressFinalize(this);
    }

    /// <summary>Releases what the transaction holds (its snapshot, or the write lock and its private pages).</summary>
    protected abstract void Dispose(bool disposing);
}
