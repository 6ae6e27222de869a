namespace DocStore;

/// <summary>
/// A change feed was asked to resume after a change that the change log no longer holds: its
/// <see cref="ChangeRetention"/> removed the changes that followed the token, so resuming would skip some.
/// Start a new feed (without a token) after reloading what the consumer derives from the documents.
/// </summary>
public sealed class ChangeTokenExpiredException : DocStoreException
{
    /// <summary>Creates the exception for <paramref name="token"/> when the oldest change held is <paramref name="oldestPosition"/>.</summary>
    /// <param name="fileName">The database file.</param>
    /// <param name="token">The resume token the feed was given.</param>
    /// <param name="oldestPosition">The position of the oldest change the log still holds.</param>
    public ChangeTokenExpiredException(string fileName, string token, long oldestPosition)
        : base(DocStoreErrorCode.ChangeTokenExpired, $"The change log of '{fileName}' no longer holds the changes after resume token '{token}', where this feed was to go on (the token it was given, or the last change it delivered): its oldest change is at position {oldestPosition}, since retention removed the ones before. Start a new feed without a token.")
    {
        Token = token;
        OldestPosition = oldestPosition;
    }

    /// <summary>Creates the exception with a message.</summary>
    /// <param name="message">The message.</param>
    public ChangeTokenExpiredException(string message)
        : base(DocStoreErrorCode.ChangeTokenExpired, message)
    {
        Token = string.Empty;
    }

    /// <summary>Creates the exception with a message and a cause.</summary>
    /// <param name="message">The message.</param>
    /// <param name="innerException">The cause.</param>
    public ChangeTokenExpiredException(string message, Exception innerException)
        : base(DocStoreErrorCode.ChangeTokenExpired, message, innerException)
    {
        Token = string.Empty;
    }

    /// <summary>Creates the exception with no details.</summary>
    public ChangeTokenExpiredException()
        : this("The change log no longer holds the changes after the resume token.")
    {
    }

    /// <summary>The resume token the feed was given.</summary>
    public string Token { get; }

    /// <summary>The position of the oldest change the log still holds.</summary>
    public long OldestPosition { get; }
}
