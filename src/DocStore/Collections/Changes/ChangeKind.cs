namespace DocStore;

/// <summary>What a committed change did to its document.</summary>
public enum ChangeKind
{
    /// <summary>The document was inserted.</summary>
    Insert = 1,

    /// <summary>The document was replaced (an update, or an upsert of a key that existed).</summary>
    Update = 2,

    /// <summary>The document was deleted.</summary>
    Delete = 3,
}
