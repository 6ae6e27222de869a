using DocStore.Storage;
using DocStore.Storage.Pages;
using DocStore.Transactions;

namespace DocStore.BTree;

/// <summary>
/// A B+tree of byte-string keys (ordered by unsigned byte comparison, shorter prefix first) to byte-string
/// values, seen through one transaction. Obtain it from <see cref="TreeDirectory.OpenTree"/> or
/// <see cref="TreeDirectory.CreateTree"/>; it is valid while its transaction is.
/// </summary>
/// <remarks>
/// The root page number never changes (a root split moves its halves to two new pages), so the catalog
/// entry of a tree is written once. Values point into cached page images (no copy): one returned from a read
/// transaction is valid until that transaction is disposed, one returned inside a write transaction until
/// that transaction's next change or its end. Copy a value (<c>ToArray</c>) to keep it longer: a file
/// database reuses page images once no transaction can reach them (docs/storage.md, "Page image reuse").
/// This class is the facade and the shared state (transaction, root, name, descent path); the work is done
/// by static parts over it (<see cref="TreeLookup"/>, <see cref="TreeInsertion"/>, <see cref="TreeDeletion"/>,
/// <see cref="OverflowStore"/>, <see cref="TreeDrop"/>), so a tree opened per operation stays one object.
/// </remarks>
internal sealed partial class Tree
{
    private readonly Transaction _tx;
    private TreePath _path;
    private byte[]? _nameUtf8;

    internal Tree(Transaction transaction, string name, uint rootPage, byte[]? nameUtf8 = null)
    {
        _tx = transaction;
        Name = name;
        _path = new TreePath(rootPage);
        _nameUtf8 = nameUtf8;
    }

    /// <summary>The tree's name in the catalog.</summary>
    public string Name { get; }

    /// <summary>The name as UTF-8, as redo records carry it: given by the opener (a collection keeps its trees' names encoded), else made on the first change that is recorded.</summary>
    internal byte[] NameUtf8 => _nameUtf8 ??= System.Text.Encoding.UTF8.GetBytes(Name);

    /// <summary>The largest key this tree accepts (it depends on the page size).</summary>
    public int MaxKeyLength => TreeLimits.MaxKeyLength(_tx.PageSize);

    internal uint RootPage => _path.Root;

    internal Transaction Transaction => _tx;

    internal int PageSize => _tx.PageSize;

    /// <summary>The branches the current change passed on its way down (a field, so the parts update it in place).</summary>
    internal ref TreePath Path => ref _path;

    /// <summary>The write transaction a change needs.</summary>
    /// <exception cref="InvalidOperationException">The tree belongs to a read transaction.</exception>
    internal WriteTransaction Writer()
    {
        _tx.ThrowIfCompleted();
        return _tx as WriteTransaction
            ?? throw new InvalidOperationException($"Tree '{Name}' was opened in a read transaction; changes need a write transaction.");
    }

    internal DatabaseCorruptException Corrupt(uint page, string problem) =>
        TreeLookup.Corrupt(new PageSource(_tx), Name, page, problem);

    internal byte[] ReadNodePage(uint pageNumber) => ReadNodePage(pageNumber, out _);

    internal byte[] ReadNodePage(uint pageNumber, out KeyHeads heads)
    {
        var page = _tx.ReadNode(pageNumber, out heads);
        var type = PageLayout.GetType(page);
        if (type is not (PageType.Leaf or PageType.Branch))
        {
            throw Corrupt(pageNumber, $"expected a tree page, found type {type}");
        }

        return page;
    }
}
