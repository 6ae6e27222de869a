namespace DocStore;

/// <summary>The space one index of a collection takes (see <see cref="DocStoreContext.GetStatistics"/>).</summary>
public sealed class IndexStatistics
{
    internal IndexStatistics(string name, IReadOnlyList<string> paths, bool isUnique, bool isMultikey, TreeStatistics tree)
    {
        Name = name;
        Paths = paths;
        IsUnique = isUnique;
        IsMultikey = isMultikey;
        Tree = tree;
    }

    /// <summary>The index name.</summary>
    public string Name { get; }

    /// <summary>The indexed paths, as declared.</summary>
    public IReadOnlyList<string> Paths { get; }

    /// <summary>Whether the index is unique.</summary>
    public bool IsUnique { get; }

    /// <summary>Whether a path expands over a sequence (one entry per element).</summary>
    public bool IsMultikey { get; }

    /// <summary>
    /// Entries in the index: one per document (a document without the field has a null entry), and for a
    /// multikey index one per distinct element of each document.
    /// </summary>
    public long EntryCount => Tree.Entries;

    /// <summary>The pages of the index's tree and how full they are.</summary>
    public TreeStatistics Tree { get; }

    /// <inheritdoc />
    public override string ToString() => $"index {Name}: {Tree}";
}
