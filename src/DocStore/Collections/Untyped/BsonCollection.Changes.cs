using DocStore.Bson.Model;
using DocStore.Collections.Changes;

namespace DocStore;

// The collection's change feed (docs/guide/change-feed.md).
public sealed partial class BsonCollection
{
    /// <summary>
    /// The committed changes of this collection, in commit order, each transaction's changes together, then
    /// waiting for new commits until <paramref name="ct"/> is cancelled; as
    /// <see cref="DocumentCollection{T, TKey}.Changes"/>.
    /// </summary>
    /// <param name="resumeAfter">A resume token: the feed starts right after that change. Null: from the oldest change the log holds.</param>
    /// <param name="ct">Ends the enumeration.</param>
    /// <returns>The changes.</returns>
    /// <exception cref="ArgumentException"><paramref name="resumeAfter"/> is not a resume token of this database.</exception>
    /// <exception cref="ChangeTokenExpiredException">The change log no longer holds the changes after <paramref name="resumeAfter"/>.</exception>
    /// <exception cref="InvalidOperationException">The file has no change log and the context's options do not turn it on.</exception>
    public IAsyncEnumerable<DocumentChange<BsonDocument, BsonValue>> Changes(string? resumeAfter = null, CancellationToken ct = default) =>
        ChangeFeed.Run(Context, resumeAfter, Name, UntypedChangeDecoder.Decode, ct);
}
