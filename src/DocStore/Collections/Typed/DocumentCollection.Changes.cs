using DocStore.Collections.Changes;

namespace DocStore;

// The collection's change feed (docs/guide/change-feed.md).
public abstract partial class DocumentCollection<T, TKey>
{
    /// <summary>
    /// The committed changes of this collection, in commit order, each transaction's changes together; the
    /// enumeration then waits for new commits (of this process, other contexts, SQL, the tool or other
    /// processes) until <paramref name="ct"/> is cancelled. Needs the change log:
    /// <see cref="DocStoreOptions.ChangeRetention"/> on this context, or a file that has one.
    /// </summary>
    /// <param name="resumeAfter">A <see cref="DocumentChange{T}.ResumeToken"/>: the feed starts right after that change. Null: from the oldest change the log holds.</param>
    /// <param name="ct">Ends the enumeration (with <see cref="OperationCanceledException"/>).</param>
    /// <returns>The changes; each enumeration reads the log afresh.</returns>
    /// <exception cref="ArgumentException"><paramref name="resumeAfter"/> is not a resume token of this database.</exception>
    /// <exception cref="ChangeTokenExpiredException">The change log no longer holds the changes after <paramref name="resumeAfter"/> (<see cref="ChangeRetention"/>).</exception>
    /// <exception cref="InvalidOperationException">The file has no change log and this context's options do not turn it on.</exception>
    public IAsyncEnumerable<DocumentChange<T, TKey>> Changes(string? resumeAfter = null, CancellationToken ct = default) =>
        ChangeFeed.Run(Context, resumeAfter, Name, new TypedChangeDecoder<T, TKey>(Model).Decode, ct);
}
