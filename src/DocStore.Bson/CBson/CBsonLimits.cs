namespace DocStore.Bson;

/// <summary>
/// The fixed limits of the C-BSON format. Writers refuse to exceed them (<see cref="CBsonLimitException"/>)
/// and readers treat input that exceeds them as malformed (<see cref="BsonFormatException"/>).
/// </summary>
public static class CBsonLimits
{
    /// <summary>The largest document, in bytes, including its length prefix and trailing 0x00: 16 MiB.</summary>
    public const int MaxDocumentSize = 16 * 1024 * 1024;

    /// <summary>
    /// The deepest nesting of documents and arrays, counting the top-level document as 1. A
    /// code-with-scope's scope document counts as one level too.
    /// </summary>
    public const int MaxDepth = 100;

    /// <summary>The smallest field id a dictionary assigns. Id 0 is reserved so that zeroed bytes never look valid.</summary>
    public const ushort MinFieldId = 1;

    /// <summary>The largest field id a dictionary assigns. Id 65535 is reserved.</summary>
    public const ushort MaxFieldId = 65534;

    /// <summary>Whether <paramref name="id"/> is an assignable field id (1..65534).</summary>
    /// <param name="id">The id to check.</param>
    /// <returns>False for the reserved ids 0 and 65535.</returns>
    public static bool IsValidFieldId(ushort id) => id is >= MinFieldId and <= MaxFieldId;
}
