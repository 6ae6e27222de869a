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
/// </remarks>
internal sealed partial class Tree
{
    private readonly Transaction _tx;
    // The descent path of a change (the branches passed), allocated by the first change, so a tree opened for
    // reads costs one small object. It starts with room for the depths real trees have and doubles up to the
    // depth limit, rather than costing every changed tree an array sized to the limit.
    private PathEntry[]? _path;
    private int _depth;
    private byte[]? _nameUtf8;

    private const int InitialPathCapacity = 6;

    internal Tree(Transaction transaction, string name, uint rootPage, byte[]? nameUtf8 = null)
    {
        _tx = transaction;
        Name = name;
        RootPage = rootPage;
        _nameUtf8 = nameUtf8;
    }

    /// <summary>The tree's name in the catalog.</summary>
    public string Name { get; }

    /// <summary>The name as UTF-8, as redo records carry it: given by the opener (a collection keeps its trees' names encoded), else made on the first change that is recorded.</summary>
    internal byte[] NameUtf8 => _nameUtf8 ??= System.Text.Encoding.UTF8.GetBytes(Name);

    /// <summary>The largest key this tree accepts (it depends on the page size).</summary>
    public int MaxKeyLength => TreeLimits.MaxKeyLength(_tx.PageSize);

    internal uint RootPage { get; }

    internal Transaction Transaction => _tx;

    private int PageSize => _tx.PageSize;

    private WriteTransaction Writer()
    {
        _tx.ThrowIfCompleted();
        return _tx as WriteTransaction
            ?? throw new InvalidOperationException($"Tree '{Name}' was opened in a read transaction; changes need a write transaction.");
    }

    private DatabaseCorruptException Corrupt(uint page, string problem) =>
        TreeLookup.Corrupt(new PageSource(_tx), Name, page, problem);

    private byte[] ReadNodePage(uint pageNumber) => ReadNodePage(pageNumber, out _);

    private byte[] ReadNodePage(uint pageNumber, out KeyHeads heads)
    {
        var page = _tx.ReadNode(pageNumber, out heads);
        var type = PageLayout.GetType(page);
        if (type is not (PageType.Leaf or PageType.Branch))
        {
            throw Corrupt(pageNumber, $"expected a tree page, found type {type}");
        }

        return page;
    }

    /// <summary>Descends to the leaf for <paramref name="key"/>, recording the branches passed in the path; returns the leaf page number.</summary>
    private uint DescendForWrite(ReadOnlySpan<byte> key)
    {
        var pageNumber = RootPage;
        _depth = 0;
        _path ??= new PathEntry[InitialPathCapacity];
        while (true)
        {
            var page = ReadNodePage(pageNumber, out var heads);
            if (PageLayout.GetType(page) == PageType.Leaf)
            {
                return pageNumber;
            }

            if (_depth == TreeLimits.MaxDepth)
            {
                throw Corrupt(pageNumber, $"deeper than {TreeLimits.MaxDepth} levels (a cycle?)");
            }

            if (_depth == _path.Length)
            {
                Array.Resize(ref _path, Math.Min(_path.Length * 2, TreeLimits.MaxDepth));
            }

            var index = Node.ChildIndex(page, heads, key);
            _path[_depth++] = new PathEntry(pageNumber, index);
            pageNumber = Node.Child(page, index);
        }
    }

    private void ValidateKey(ReadOnlySpan<byte> key)
    {
        if (key.Length > MaxKeyLength)
        {
            throw new ArgumentException($"The key is {key.Length} bytes; tree '{Name}' accepts at most {MaxKeyLength} at page size {PageSize}.", nameof(key));
        }
    }

    private readonly record struct PathEntry(uint Page, int Index);
}
