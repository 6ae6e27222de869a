namespace DocStore;

/// <summary>A serialized document is larger than the maximum document size.</summary>
public sealed class DocumentTooLargeException : DocStoreException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="collection">The collection name.</param>
    /// <param name="key">The document key as text.</param>
    /// <param name="size">The serialized size in bytes (at least; serialization may stop at the limit).</param>
    /// <param name="limit">The maximum document size in bytes.</param>
    public DocumentTooLargeException(string collection, string key, long size, long limit)
        : base(DocStoreErrorCode.DocumentTooLarge, $"Document {key} of collection '{collection}' is {size} bytes or more; the maximum document size is {limit} bytes.")
    {
        Collection = collection;
        Key = key;
        Size = size;
        Limit = limit;
    }

    /// <summary>Creates the exception with a message.</summary>
    /// <param name="message">The message.</param>
    public DocumentTooLargeException(string message)
        : base(DocStoreErrorCode.DocumentTooLarge, message)
    {
        Collection = string.Empty;
        Key = string.Empty;
    }

    /// <summary>Creates the exception with a message and a cause.</summary>
    /// <param name="message">The message.</param>
    /// <param name="innerException">The cause.</param>
    public DocumentTooLargeException(string message, Exception innerException)
        : base(DocStoreErrorCode.DocumentTooLarge, message, innerException)
    {
        Collection = string.Empty;
        Key = string.Empty;
    }

    /// <summary>Creates the exception with no details.</summary>
    public DocumentTooLargeException()
        : this("A document is too large.")
    {
    }

    /// <summary>The collection name.</summary>
    public string Collection { get; }

    /// <summary>The document key as text.</summary>
    public string Key { get; }

    /// <summary>The serialized size in bytes.</summary>
    public long Size { get; }

    /// <summary>The maximum document size in bytes.</summary>
    public long Limit { get; }
}
