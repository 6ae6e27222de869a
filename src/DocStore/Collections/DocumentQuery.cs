using System.Collections;
using DocStore.Query;

namespace DocStore;

/// <summary>
/// A lazy query over a collection: enumerate it for every match, or take one page of matches with the
/// token of the next one through <see cref="ToPage"/>. Each enumeration runs the query again on a fresh
/// snapshot (or in the transaction its options name).
/// </summary>
/// <typeparam name="T">The document type.</typeparam>
public sealed class DocumentQuery<T> : IEnumerable<T>
{
    private readonly Func<ScanProgress?, IEnumerable<T>> _run;
    private readonly Func<ScanProgress?, CancellationToken, IAsyncEnumerable<T>>? _runAsync;

    internal DocumentQuery(Func<ScanProgress?, IEnumerable<T>> run) => _run = run;

    /// <summary>A query whose backend also reads asynchronously (<paramref name="runAsync"/>: the same rows, awaiting the network).</summary>
    internal DocumentQuery(Func<ScanProgress?, IEnumerable<T>> run, Func<ScanProgress?, CancellationToken, IAsyncEnumerable<T>> runAsync)
        : this(run) => _runAsync = runAsync;

    /// <summary>The query's asynchronous run, or null when its backend reads synchronously (the embedded engine).</summary>
    internal IAsyncEnumerable<T>? RunAsync(ScanProgress? progress, CancellationToken cancellationToken) => _runAsync?.Invoke(progress, cancellationToken);

    /// <summary>Runs the query and returns its results (up to the options' <c>Take</c>) with the continuation token of the next page.</summary>
    /// <returns>The page.</returns>
    public DocumentPage<T> ToPage()
    {
        var progress = new ScanProgress();
        var items = _run(progress).ToList();
        var continuation = progress.ResumeAfter is { } last ? QueryOptions.Encode(last) : null;
        return new DocumentPage<T>(items, continuation);
    }

    /// <summary>
    /// The asynchronous twin of <see cref="ToPage"/>. On the embedded engine page reads are synchronous, so it
    /// completes synchronously; a backend that reads over the network (PostgreSQL) awaits it.
    /// </summary>
    /// <param name="cancellationToken">Checked before the query runs, and passed to a backend's asynchronous reads.</param>
    /// <returns>The page.</returns>
    public async ValueTask<DocumentPage<T>> ToPageAsync(CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        var progress = new ScanProgress();
        if (RunAsync(progress, cancellationToken) is not { } documents)
        {
            return ToPage();
        }

        var items = new List<T>();
        await foreach (var document in documents.ConfigureAwait(false))
        {
            items.Add(document);
        }

        return new DocumentPage<T>(items, progress.ResumeAfter is { } last ? QueryOptions.Encode(last) : null);
    }

    /// <summary>Runs the query; results stream as the enumeration advances.</summary>
    /// <returns>The enumerator.</returns>
    public IEnumerator<T> GetEnumerator() => _run(null).GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
}
