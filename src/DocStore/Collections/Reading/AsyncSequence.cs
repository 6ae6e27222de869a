using System.Runtime.CompilerServices;

namespace DocStore.Collections;

/// <summary>A lazy query as an asynchronous sequence, cancellable between documents (the typed and untyped collections' async twins share it).</summary>
internal static class AsyncSequence
{
    /// <summary>
    /// The documents of <paramref name="documents"/>, checking the token before the first and between documents;
    /// a query whose backend reads asynchronously (PostgreSQL) is enumerated with its asynchronous reads.
    /// </summary>
    public static IAsyncEnumerable<T> From<T>(IEnumerable<T> documents, CancellationToken cancellationToken = default) =>
        documents is DocumentQuery<T> query ? FromQuery(query, cancellationToken) : FromSync(documents, cancellationToken);

    private static async IAsyncEnumerable<T> FromQuery<T>(DocumentQuery<T> query, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        if (query.RunAsync(null, cancellationToken) is not { } documents)
        {
            await foreach (var document in FromSync(query, cancellationToken).ConfigureAwait(false))
            {
                yield return document;
            }

            yield break;
        }

        await foreach (var document in documents.ConfigureAwait(false))
        {
            yield return document;
            cancellationToken.ThrowIfCancellationRequested();
        }
    }

    private static async IAsyncEnumerable<T> FromSync<T>(IEnumerable<T> documents, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(documents);
        cancellationToken.ThrowIfCancellationRequested();
        foreach (var document in documents)
        {
            yield return document;
            cancellationToken.ThrowIfCancellationRequested();
        }
    }
}
