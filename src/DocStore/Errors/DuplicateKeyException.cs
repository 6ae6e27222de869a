namespace DocStore;

/// <summary>An insert or update would give two documents the same primary key or the same unique index key.</summary>
public sealed class DuplicateKeyException : DocStoreException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="collection">The collection name.</param>
    /// <param name="index">The unique index name, or null for the primary key.</param>
    /// <param name="key">The duplicated key as text.</param>
    public DuplicateKeyException(string collection, string? index, string key)
        : base(DocStoreErrorCode.DuplicateKey, index is null
            ? $"Collection '{collection}' already has a document with key {key}."
            : $"Collection '{collection}' already has a document with the same value in unique index '{index}' (document key {key}).")
    {
        Collection = collection;
        Index = index;
        Key = key;
    }

    /// <summary>Creates the exception for a unique index, naming the duplicated value.</summary>
    /// <param name="collection">The collection name.</param>
    /// <param name="index">The unique index name.</param>
    /// <param name="value">The duplicated index value as text.</param>
    /// <param name="key">The key of the document being written, as text.</param>
    public DuplicateKeyException(string collection, string index, string value, string key)
        : base(DocStoreErrorCode.DuplicateKey, $"Collection '{collection}' already has a document with the value {value} in unique index '{index}' (writing document {key}).")
    {
        Collection = collection;
        Index = index;
        Value = value;
        Key = key;
    }

    /// <summary>Creates the exception with no details.</summary>
    public DuplicateKeyException()
        : this(string.Empty, null, string.Empty)
    {
    }

    /// <summary>Creates the exception with a message and an inner exception.</summary>
    /// <param name="message">The message.</param>
    /// <param name="innerException">The cause.</param>
    public DuplicateKeyException(string message, Exception innerException)
        : base(DocStoreErrorCode.DuplicateKey, message, innerException)
    {
        Collection = string.Empty;
        Key = string.Empty;
    }

    /// <summary>The collection name.</summary>
    public string Collection { get; }

    /// <summary>The unique index name, or null when the primary key is duplicated.</summary>
    public string? Index { get; }

    /// <summary>The duplicated unique index value as text, or null when the primary key is duplicated.</summary>
    public string? Value { get; }

    /// <summary>The key as text.</summary>
    public string Key { get; }
}
