using DocStore.Metadata;

namespace DocStore.Collections;

/// <summary>
/// A collection's indexes as one committed catalog holds them: definitions, tree names and root pages by
/// index position, and the tree-root cache generation it was confirmed under (docs/decisions.md, "SQL
/// index statements and the objects already open"). Immutable: a change builds a new set.
/// </summary>
internal sealed class IndexSet(IReadOnlyList<IndexDefinition> definitions, string[] trees, uint[] roots, long generation)
{
    public IReadOnlyList<IndexDefinition> Definitions { get; } = definitions;

    /// <summary>The index trees, by index position.</summary>
    public string[] Trees { get; } = trees;

    /// <summary>The root page of each index tree, by index position (a root never changes for a tree's life).</summary>
    public uint[] Roots { get; } = roots;

    /// <summary>The generation (<see cref="Transactions.TreeRootCache.GenerationStart"/>) at which the set matched the catalog; -1 when not confirmed.</summary>
    public long Generation { get; } = generation;

    /// <summary>The same indexes, confirmed under <paramref name="generation"/>.</summary>
    public IndexSet ConfirmedAt(long generation) => new(Definitions, Trees, Roots, generation);

    /// <summary>True when both sets have the same definitions and trees in the same order.</summary>
    public bool SameIndexes(IndexSet other)
    {
        if (other.Trees.Length != Trees.Length)
        {
            return false;
        }

        for (var i = 0; i < Trees.Length; i++)
        {
            if (other.Trees[i] != Trees[i] || !other.Definitions[i].SameAs(Definitions[i]))
            {
                return false;
            }
        }

        return true;
    }
}
