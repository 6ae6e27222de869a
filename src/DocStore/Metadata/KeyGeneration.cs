namespace DocStore;

/// <summary>How a collection fills in a default primary key on insert.</summary>
public enum KeyGeneration
{
    /// <summary>Never: the caller sets the key (string keys).</summary>
    None,

    /// <summary>A new ObjectId when the key is <c>default</c>.</summary>
    ObjectId,

    /// <summary>A new version-7 Guid when the key is <c>Guid.Empty</c>.</summary>
    Guid,

    /// <summary>The collection's next sequence number (largest key seen + 1) when the key is 0.</summary>
    Sequence,
}
