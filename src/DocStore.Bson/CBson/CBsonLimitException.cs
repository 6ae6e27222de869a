namespace DocStore.Bson;

/// <summary>
/// Thrown when writing a C-BSON document would exceed <see cref="CBsonLimits.MaxDocumentSize"/> or
/// <see cref="CBsonLimits.MaxDepth"/>, or when a fixed destination span is too small. The message names
/// the limit and the size or depth that was reached. Nothing is committed to an
/// <see cref="System.Buffers.IBufferWriter{T}"/> when this is thrown.
/// </summary>
public sealed class CBsonLimitException : DocStoreException
{
    /// <summary>Creates the exception for one limit.</summary>
    /// <param name="limit">The limit that was hit.</param>
    /// <param name="message">Which limit was hit and the size or depth reached.</param>
    public CBsonLimitException(CBsonLimit limit, string message)
        : base(DocStoreErrorCode.FormatLimitExceeded, message)
    {
        Limit = limit;
    }

    /// <summary>Creates the exception for the document size limit.</summary>
    /// <param name="message">The size reached.</param>
    public CBsonLimitException(string message)
        : this(CBsonLimit.DocumentSize, message)
    {
    }

    /// <summary>Creates the exception with a generic message.</summary>
    public CBsonLimitException()
        : this("A C-BSON limit was exceeded.")
    {
    }

    /// <summary>Creates the exception wrapping a cause.</summary>
    /// <param name="message">Which limit was hit.</param>
    /// <param name="innerException">The cause.</param>
    public CBsonLimitException(string message, Exception innerException)
        : base(DocStoreErrorCode.FormatLimitExceeded, message, innerException)
    {
        Limit = CBsonLimit.DocumentSize;
    }

    /// <summary>The limit that was hit.</summary>
    public CBsonLimit Limit { get; }
}
