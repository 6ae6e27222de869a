using System.Buffers.Binary;
using System.Text;
using DocStore.Storage.Pages;
using DocStore.Transactions;

namespace DocStore.BTree;

/// <summary>
/// The named trees of a database, seen through one transaction: the catalog tree (its root in the header
/// page) maps each tree's UTF-8 name to its root page, a 4-byte little-endian number. A transaction
/// hands back the same <see cref="Tree"/> object for a name, so root changes made through it are seen.
/// </summary>
internal static class TreeDirectory
{
    /// <summary>The catalog tree's own name (it has no catalog entry: the header page holds its root).</summary>
    public const string CatalogTreeName = "$catalog";

    /// <summary>The catalog tree itself.</summary>
    public static Tree CatalogTree(this Transaction transaction) => State(transaction).Catalog;

    /// <summary>Opens the tree named <paramref name="name"/>, or returns null when there is none.</summary>
    public static Tree? OpenTree(this Transaction transaction, string name)
    {
        transaction.ThrowIfCompleted();
        ArgumentNullException.ThrowIfNull(name);
        var state = State(transaction);
        if (state.Trees.TryGetValue(name, out var tree))
        {
            return tree;
        }

        var cache = transaction.SharedRootCache;
        if (cache is null || !cache.TryGet(name, transaction.SnapshotLsn, out var rootPage))
        {
            if (!state.Catalog.TryGet(NameKey(transaction, name), out var root))
            {
                return null;
            }

            rootPage = DecodeRoot(transaction, name, root.Span);
            cache?.Remember(name, rootPage, transaction.SnapshotLsn);
        }

        tree = new Tree(transaction, name, rootPage);
        state.Trees[name] = tree;
        return tree;
    }

    /// <summary>The names of all trees, in ordinal UTF-8 order.</summary>
    public static IReadOnlyList<string> GetTreeNames(this Transaction transaction)
    {
        transaction.ThrowIfCompleted();
        return [.. TreeRoots(transaction).Select(t => t.Name)];
    }

    /// <summary>Every tree's name and root page, in ordinal UTF-8 order of the names.</summary>
    public static IReadOnlyList<(string Name, uint Root)> TreeRoots(this Transaction transaction)
    {
        var result = new List<(string, uint)>();
        var cursor = State(transaction).Catalog.CreateCursor();
        for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
        {
            var value = cursor.Value.Span;
            result.Add((Encoding.UTF8.GetString(cursor.Key), value.Length == 4 ? BinaryPrimitives.ReadUInt32LittleEndian(value) : 0));
        }

        return result;
    }

    /// <summary>Creates an empty tree named <paramref name="name"/>.</summary>
    /// <exception cref="InvalidOperationException">A tree with that name exists.</exception>
    public static Tree CreateTree(this WriteTransaction transaction, string name)
    {
        transaction.ThrowIfCompleted();
        ArgumentNullException.ThrowIfNull(name);
        var state = State(transaction);
        var key = NameKey(transaction, name);
        if (state.Catalog.TryGet(key, out _))
        {
            throw new InvalidOperationException($"A tree named '{name}' already exists.");
        }

        var root = transaction.AllocatePage();
        transaction.NewPage(root, PageType.Leaf);
        transaction.MarkCatalogChanged();
        Span<byte> encoded = stackalloc byte[4];
        BinaryPrimitives.WriteUInt32LittleEndian(encoded, root);
        state.Catalog.Put(key, encoded);
        var tree = new Tree(transaction, name, root);
        state.Trees[name] = tree;
        return tree;
    }

    /// <summary>Opens the tree named <paramref name="name"/>, creating it when there is none.</summary>
    public static Tree OpenOrCreateTree(this WriteTransaction transaction, string name) => transaction.OpenTree(name) ?? transaction.CreateTree(name);

    /// <summary>Deletes the tree named <paramref name="name"/> and frees its pages; returns false when there was none.</summary>
    public static bool DropTree(this WriteTransaction transaction, string name)
    {
        var tree = transaction.OpenTree(name);
        if (tree is null)
        {
            return false;
        }

        var state = State(transaction);
        transaction.MarkCatalogChanged();
        tree.FreeAllPages();
        state.Catalog.Delete(NameKey(transaction, name));
        state.Trees.Remove(name);
        return true;
    }

    /// <summary>A catalog entry's root page number.</summary>
    /// <exception cref="DatabaseCorruptException">The entry is not 4 bytes.</exception>
    private static uint DecodeRoot(Transaction transaction, string name, ReadOnlySpan<byte> root) =>
        root.Length == 4
            ? BinaryPrimitives.ReadUInt32LittleEndian(root)
            : throw new DatabaseCorruptException(transaction.DatabaseName, -1, $"the catalog entry of tree '{name}' is {root.Length} bytes, not 4");

    private static byte[] NameKey(Transaction transaction, string name)
    {
        var key = Encoding.UTF8.GetBytes(name);
        var limit = TreeLimits.MaxKeyLength(transaction.PageSize);
        if (key.Length == 0 || key.Length > limit)
        {
            throw new ArgumentException($"A tree name must be 1 to {limit} UTF-8 bytes; '{name}' is {key.Length}.", nameof(name));
        }

        return key;
    }

    private static OpenTrees State(Transaction transaction) => (OpenTrees)(transaction.TreeState ??= new OpenTrees(transaction));

    /// <summary>The trees one transaction has opened, by name, and its catalog tree.</summary>
    private sealed class OpenTrees(Transaction transaction)
    {
        public Tree Catalog { get; } = new(transaction, CatalogTreeName, HeaderPage.GetCatalogRoot(transaction.ReadPage(0)));

        public Dictionary<string, Tree> Trees { get; } = new(StringComparer.Ordinal);
    }
}
