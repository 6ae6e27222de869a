using DocStore.Bson.Model;
using DocStore.Tests.Support;

namespace DocStore.Tests.Collections.Changes;

/// <summary>Takes changes from a feed: a given number, with a hang guard only.</summary>
internal static class ChangeFeedReading
{
    /// <summary>The next <paramref name="count"/> changes of <paramref name="feed"/> (called with the hang guard's token).</summary>
    public static async Task<List<DocumentChange<BsonDocument, BsonValue>>> Take(Func<CancellationToken, IAsyncEnumerable<DocumentChange<BsonDocument, BsonValue>>> feed, int count)
    {
        var changes = new List<DocumentChange<BsonDocument, BsonValue>>();
        if (count == 0)
        {
            return changes;
        }

        using var guard = new CancellationTokenSource(HangGuard.Limit);
        try
        {
            await foreach (var change in feed(guard.Token).ConfigureAwait(false))
            {
                changes.Add(change);
                if (changes.Count == count)
                {
                    break;
                }
            }
        }
        catch (OperationCanceledException) when (guard.IsCancellationRequested)
        {
            Assert.Fail($"the feed delivered {changes.Count} of {count} changes within {HangGuard.Limit}");
        }

        return changes;
    }

    /// <summary>"Insert people 1" and the like: what a change says, for comparing sequences.</summary>
    public static string Describe(DocumentChange<BsonDocument, BsonValue> change) => $"{change.Kind} {change.Collection} {change.Key}";
}
