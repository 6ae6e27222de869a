using DocStore.Bson.Model;
using DocStore.Collections.Changes;

namespace DocStore;

// The change feed over every collection (docs/guide/change-feed.md).
public abstract partial class DocStoreContext
{
    /// <summary>
    /// The committed changes of every collection, untyped, in commit order, each transaction's changes
    /// together (<see cref="DocumentChange{T}.Collection"/> names the collection); the enumeration then
    /// waits for new commits until <paramref name="ct"/> is cancelled. Needs the change log:
    /// <see cref="DocStoreOptions.ChangeRetention"/> on this context, or a file that has one.
    /// </summary>
    /// <param name="resumeAfter">A resume token of any feed of this database: the feed starts right after that change. Null: from the oldest change the log holds.</param>
    /// <param name="ct">Ends the enumeration (with <see cref="OperationCanceledException"/>).</param>
    /// <returns>The changes.</returns>
    /// <exception cref="ArgumentException"><paramref name="resumeAfter"/> is not a resume token of this database.</exception>
    /// <exception cref="ChangeTokenExpiredException">The change log no longer holds the changes after <paramref name="resumeAfter"/> (<see cref="ChangeRetention"/>).</exception>
    /// <exception cref="InvalidOperationException">The file has no change log and this context's options do not turn it on.</exception>
    public IAsyncEnumerable<DocumentChange<BsonDocument, BsonValue>> Changes(string? resumeAfter = null, CancellationToken ct = default) =>
        ChangeFeed.Run(this, resumeAfter, null, UntypedChangeDecoder.Decode, ct);
}
