namespace DocStore.Catalog;

/// <summary>An index as the catalog records it: its definition and the engine tree holding its entries.</summary>
/// <param name="Name">The index name.</param>
/// <param name="Unique">True for a unique index (tree: index key -> primary key).</param>
/// <param name="Multikey">True when a path expands over a sequence (one entry per element).</param>
/// <param name="Paths">The indexed paths as declared.</param>
/// <param name="Tree">The engine tree of the index.</param>
internal sealed record IndexRecord(string Name, bool Unique, bool Multikey, IReadOnlyList<string> Paths, string Tree)
{
    /// <summary>True when <paramref name="other"/> has the same definition (name, uniqueness, multikey, paths); the tree is not compared.</summary>
    /// <param name="other">The other definition.</param>
    /// <returns>True when the definitions match.</returns>
    public bool SameDefinition(IndexRecord other)
    {
        ArgumentNullException.ThrowIfNull(other);
        return Name == other.Name && Unique == other.Unique && Multikey == other.Multikey && Paths.SequenceEqual(other.Paths, StringComparer.Ordinal);
    }
}
