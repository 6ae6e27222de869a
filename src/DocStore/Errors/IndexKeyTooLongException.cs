namespace DocStore;

/// <summary>A document's entry in an index (index key, plus the primary key for a non-unique index) is longer than the storage engine accepts for a tree key.</summary>
public sealed class IndexKeyTooLongException : DocStoreException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="collection">The collection name.</param>
    /// <param name="index">The index name.</param>
    /// <param name="length">The encoded entry length in bytes.</param>
    /// <param name="limit">The engine's limit in bytes.</param>
    public IndexKeyTooLongException(string collection, string index, int length, int limit)
        : base(DocStoreErrorCode.IndexKeyTooLong, $"A document's entry in index '{index}' of collection '{collection}' encodes to {length} bytes; the limit is {limit} bytes at this page size (index shorter values, or a prefix of them).")
    {
        Collection = collection;
        Index = index;
        Length = length;
        Limit = limit;
    }

    /// <summary>Creates the exception with a message.</summary>
    /// <param name="message">The message.</param>
    public IndexKeyTooLongException(string message)
        : base(DocStoreErrorCode.IndexKeyTooLong, message)
    {
        Collection = string.Empty;
        Index = string.Empty;
    }

    /// <summary>Creates the exception with a message and a cause.</summary>
    /// <param name="message">The message.</param>
    /// <param name="innerException">The cause.</param>
    public IndexKeyTooLongException(string message, Exception innerException)
        : base(DocStoreErrorCode.IndexKeyTooLong, message, innerException)
    {
        Collection = string.Empty;
        Index = string.Empty;
    }

    /// <summary>Creates the exception with no details.</summary>
    public IndexKeyTooLongException()
        : this("An index key is too long.")
    {
    }

    /// <summary>The collection name.</summary>
    public string Collection { get; }

    /// <summary>The index name.</summary>
    public string Index { get; }

    /// <summary>The encoded entry length in bytes.</summary>
    public int Length { get; }

    /// <summary>The engine's limit in bytes.</summary>
    public int Limit { get; }
}
