using DocStore.Metadata;

namespace DocStore.Collections;

/// <summary>
/// What one open collection knows about its storage, shared by every object of one context that works on
/// it (a typed collection and untyped views of it): tree names and their cached roots, the field
/// dictionary, the index set, the key convention and the sequence. Sharing it is what keeps a
/// typed and an untyped object from handing out the same field id twice or the same sequence number.
/// </summary>
internal sealed partial class CollectionState
{
    public CollectionState(
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
        Name = name;
        PrimaryTree = primaryTree;
        Fields = fields;
        Roots = roots;
        KeyField = keyField;
        KeyGeneration = keyGeneration;
        LastSequence = lastSequence;

        // Confirmed against the committed catalog by the first operation (the open may not have committed yet).
        _indexes = new IndexSet(indexes, indexTrees, [.. indexTrees.Select(t => roots[t])], -1);
    }

    public string Name { get; }

    public string PrimaryTree { get; }

    public CollectionFields Fields { get; }

    /// <summary>Root pages found at open; a root never changes for a tree's life.</summary>
    public Dictionary<string, uint> Roots { get; }

    /// <summary>The stored name of the primary key field.</summary>
    public string KeyField { get; }

    public KeyGeneration KeyGeneration { get; }

    /// <summary>The largest sequence number handed out or stored; changed only under the engine's write lock.</summary>
    public long LastSequence { get; set; }
}
