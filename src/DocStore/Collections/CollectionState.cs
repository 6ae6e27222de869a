using DocStore.Metadata;

namespace DocStore.Collections;

/// <summary>
/// What one open collection knows about its storage, shared by every object of one context that works on
/// it (a typed collection and untyped views of it): tree names and their cached roots, the field
/// dictionary, the index definitions, the key convention and the sequence. Sharing it is what keeps a
/// typed and an untyped object from handing out the same field id twice or the same sequence number.
/// </summary>
internal sealed class CollectionState(
    string name,
    string primaryTree,
    string[] indexTrees,
    CollectionFields fields,
    Dictionary<string, uint> roots,
    IReadOnlyList<IndexDefinition> indexes,
    string keyField,
    KeyGeneration keyGeneration,
    long lastSequence)
{
    public string Name { get; } = name;

    public string PrimaryTree { get; } = primaryTree;

    /// <summary>The index trees, by index position in <see cref="Indexes"/>.</summary>
    public string[] IndexTrees { get; } = indexTrees;

    public CollectionFields Fields { get; } = fields;

    /// <summary>Root pages found at open; a root never changes for a tree's life.</summary>
    public Dictionary<string, uint> Roots { get; } = roots;

    public IReadOnlyList<IndexDefinition> Indexes { get; } = indexes;

    /// <summary>The stored name of the primary key field.</summary>
    public string KeyField { get; } = keyField;

    public KeyGeneration KeyGeneration { get; } = keyGeneration;

    /// <summary>The largest sequence number handed out or stored; changed only under the engine's write lock.</summary>
    public long LastSequence { get; set; } = lastSequence;
}
