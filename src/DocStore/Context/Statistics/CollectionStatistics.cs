namespace DocStore;

/// <summary>The space one collection takes: its documents' tree and its indexes (see <see cref="DocStoreContext.GetStatistics"/>).</summary>
public sealed class CollectionStatistics
{
    internal CollectionStatistics(string name, TreeStatistics documents, IReadOnlyList<IndexStatistics> indexes)
    {
        Name = name;
        Documents = documents;
        Indexes = indexes;
    }

    /// <summary>The collection name.</summary>
    public string Name { get; }

    /// <summary>Documents in the collection.</summary>
    public long DocumentCount => Documents.Entries;

    /// <summary>The primary tree (primary key to document) and how full its pages are.</summary>
    public TreeStatistics Documents { get; }

    /// <summary>Every index of the collection, in name order.</summary>
    public IReadOnlyList<IndexStatistics> Indexes { get; }

    /// <summary>Pages of the documents' tree and of every index (not the shared pages of <see cref="TreeStatistics.OverflowHalves"/>).</summary>
    public long TotalPages => Documents.TotalPages + Indexes.Sum(i => i.Tree.TotalPages);

    /// <summary>The bytes the collection's trees take in the file, half a page for each overflow half included.</summary>
    public long PageBytes => Documents.PageBytes + Indexes.Sum(i => i.Tree.PageBytes);

    /// <inheritdoc />
    public override string ToString() => $"collection {Name}: {DocumentCount} documents, {TotalPages} pages";
}
