namespace DocStore.Bson;

/// <summary>Which C-BSON limit a <see cref="CBsonLimitException"/> reports.</summary>
public enum CBsonLimit
{
    /// <summary>The document would exceed <see cref="CBsonLimits.MaxDocumentSize"/>.</summary>
    DocumentSize = 1,

    /// <summary>Nesting would exceed <see cref="CBsonLimits.MaxDepth"/>.</summary>
    Depth,

    /// <summary>A fixed destination span is too small for the document.</summary>
    Destination,
}
