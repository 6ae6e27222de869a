namespace DocStore.Bson;

/// <summary>
/// The one exception that DocStore.Bson throws for malformed input: C-BSON or BSON bytes that are
/// truncated, whose lengths lie, whose types are unknown or whose nesting is too deep, and Extended JSON
/// or decimal128 text that does not parse. Reading untrusted input can throw this and nothing else.
/// </summary>
public sealed class BsonFormatException : DocStoreException
{
    /// <summary>Creates the exception with a message and the byte (or character) offset of the fault.</summary>
    /// <param name="message">What is wrong, in words a user can act on.</param>
    /// <param name="offset">The offset in the input where the fault was found, or -1 when unknown.</param>
    public BsonFormatException(string message, long offset)
        : base(DocStoreErrorCode.InvalidFormat, offset >= 0 ? $"{message} (at offset {offset})" : message)
    {
        Offset = offset;
    }

    /// <summary>Creates the exception wrapping a lower-level cause.</summary>
    /// <param name="message">What is wrong.</param>
    /// <param name="innerException">The cause.</param>
    public BsonFormatException(string message, Exception innerException)
        : base(DocStoreErrorCode.InvalidFormat, message, innerException)
    {
        Offset = -1;
    }

    /// <summary>Creates the exception with a generic message.</summary>
    public BsonFormatException()
        : this("Malformed BSON input.")
    {
    }

    /// <summary>Creates the exception with a message and no known offset.</summary>
    /// <param name="message">What is wrong.</param>
    public BsonFormatException(string message)
        : this(message, -1)
    {
    }

    /// <summary>The offset in the input where the fault was found, or -1 when unknown.</summary>
    public long Offset { get; }
}
