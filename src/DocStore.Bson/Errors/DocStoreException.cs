namespace DocStore;

/// <summary>
/// The base of every exception DocStore throws on purpose. <see cref="ErrorCode"/> says which failure it
/// is; the derived type carries its details (the collection, key, page or offset involved).
/// </summary>
public abstract class DocStoreException : Exception
{
    /// <summary>Creates the exception.</summary>
    /// <param name="errorCode">The kind of failure.</param>
    /// <param name="message">What went wrong, naming what is involved.</param>
    /// <param name="innerException">The cause, or null.</param>
    protected DocStoreException(DocStoreErrorCode errorCode, string message, Exception? innerException = null)
        : base(message, innerException)
    {
        ErrorCode = errorCode;
    }

    /// <summary>The kind of failure.</summary>
    public DocStoreErrorCode ErrorCode { get; }
}
