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

    internal DocumentQuery(Func<ScanProgress?, IEnumerable<T>> run) => _run = run;

    /// <summary>Runs the query and returns its results (up to the options' <c>Take</c>) with the continuation token of the next page.</summary>
    /// <returns>The page.</returns>
    public DocumentPage<T> ToPage()
    {
        var progress = new ScanProgress();
        var items = _run(progress).ToList();
        var continuation = progress.ResumeAfter is { } last ? QueryOptions.Encode(last) : null;
        return new DocumentPage<T>(items, continuation);
    }

    /// <summary>The asynchronous twin of <see cref="ToPage"/>. Page reads are synchronous, so it completes synchronously.</summary>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The page.</returns>
    public ValueTask<DocumentPage<T>> ToPageAsync(CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        return ValueTask.FromResult(ToPage());
    }

    /// <summary>Runs the query; results stream as the enumeration advances.</summary>
    /// <returns>The enumerator.</returns>
    public IEnumerator<T> GetEnumerator() => _run(null).GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
}
