namespace DocStore;

/// <summary>A document's encoded primary key is longer than the storage engine accepts for a tree key.</summary>
public sealed class KeyTooLongException : DocStoreException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="collection">The collection name.</param>
    /// <param name="length">The encoded key length in bytes.</param>
    /// <param name="limit">The engine's limit in bytes.</param>
    public KeyTooLongException(string collection, int length, int limit)
        : base(DocStoreErrorCode.KeyTooLong, $"The primary key of a document of collection '{collection}' encodes to {length} bytes; the limit is {limit} bytes at this page size.")
    {
        Collection = collection;
        Length = length;
        Limit = limit;
    }

    /// <summary>Creates the exception with a message.</summary>
    /// <param name="message">The message.</param>
    public KeyTooLongException(string message)
        : base(DocStoreErrorCode.KeyTooLong, message)
    {
        Collection = string.Empty;
    }

    /// <summary>Creates the exception with a message and a cause.</summary>
    /// <param name="message">The message.</param>
    /// <param name="innerException">The cause.</param>
    public KeyTooLongException(string message, Exception innerException)
        : base(DocStoreErrorCode.KeyTooLong, message, innerException)
    {
        Collection = string.Empty;
    }

    /// <summary>Creates the exception with no details.</summary>
    public KeyTooLongException()
        : this("A primary key is too long.")
    {
    }

    /// <summary>The collection name.</summary>
    public string Collection { get; }

    /// <summary>The encoded key length in bytes.</summary>
    public int Length { get; }

    /// <summary>The engine's limit in bytes.</summary>
    public int Limit { get; }
}
