using System.Runtime.CompilerServices;

namespace DocStore.Collections;

/// <summary>A lazy query as an asynchronous sequence, cancellable between documents (the typed and untyped collections' async twins share it).</summary>
internal static class AsyncSequence
{
    /// <summary>The documents of <paramref name="documents"/>, checking the token before the first and between documents.</summary>
    public static async IAsyncEnumerable<T> From<T>(IEnumerable<T> documents, [EnumeratorCancellation] CancellationToken cancellationToken = default)
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
