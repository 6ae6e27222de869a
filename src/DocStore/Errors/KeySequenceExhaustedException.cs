namespace DocStore;

/// <summary>
/// An insert asked for a generated integer key, but the collection already holds the largest key its type
/// can hold, so the next one does not exist. Generated keys never wrap around; insert with an explicit key
/// (a free one below the largest), or move the documents to a collection with a wider key type.
/// </summary>
public sealed class KeySequenceExhaustedException : DocStoreException
{
    /// <summary>Creates the exception for <paramref name="collection"/>, whose largest key is <paramref name="lastKey"/>.</summary>
    /// <param name="collection">The collection name.</param>
    /// <param name="lastKey">The largest key stored or handed out.</param>
    /// <param name="keyType">The key's type as the message names it (<c>int</c>, <c>long</c>).</param>
    public KeySequenceExhaustedException(string collection, long lastKey, string keyType)
        : base(DocStoreErrorCode.KeySequenceExhausted, $"Collection '{collection}' cannot generate another key: its largest key is {lastKey}, the largest {keyType} there is. Insert with an explicit key instead.")
    {
        Collection = collection;
        LastKey = lastKey;
    }

    /// <summary>Creates the exception with a message.</summary>
    /// <param name="message">The message.</param>
    public KeySequenceExhaustedException(string message)
        : base(DocStoreErrorCode.KeySequenceExhausted, message)
    {
        Collection = string.Empty;
    }

    /// <summary>Creates the exception with a message and a cause.</summary>
    /// <param name="message">The message.</param>
    /// <param name="innerException">The cause.</param>
    public KeySequenceExhaustedException(string message, Exception innerException)
        : base(DocStoreErrorCode.KeySequenceExhausted, message, innerException)
    {
        Collection = string.Empty;
    }

    /// <summary>Creates the exception with no details.</summary>
    public KeySequenceExhaustedException()
        : this("A collection cannot generate another integer key.")
    {
    }

    /// <summary>The collection name.</summary>
    public string Collection { get; }

    /// <summary>The largest key stored or handed out.</summary>
    public long LastKey { get; }
}
