using System.Buffers.Text;
using DocStore.Query;

namespace DocStore;

/// <summary>
/// Ordering and paging for a scan or an index query: <see cref="Descending"/> order, <see cref="Skip"/>
/// entries, at most <see cref="Take"/> results, and <see cref="After"/> a continuation token. Skipping
/// happens on keys, so skipped documents are never read. Input only: a query never writes into it, so one
/// options object may serve any number of queries at once. A query runs inside an explicit transaction
/// through the overload that takes the transaction as its first argument, as every other operation does.
/// </summary>
/// <remarks>
/// To page, call <see cref="DocumentQuery{T}.ToPage"/> on the query: the page it returns carries the
/// continuation token of the next page (the last entry's index key and primary key), so the next page
/// starts exactly after it, even when documents were inserted or deleted meanwhile:
/// <c>options with { After = page.Continuation }</c>.
/// </remarks>
public sealed record QueryOptions
{
    /// <summary>Entries to skip before the first result. Default 0.</summary>
    public int Skip { get; init; }

    /// <summary>The most results to return. Default <see cref="int.MaxValue"/> (no limit).</summary>
    public int Take { get; init; } = int.MaxValue;

    /// <summary>True for descending key order. Default false.</summary>
    public bool Descending { get; init; }

    /// <summary>Start after this continuation token (from <see cref="DocumentPage{T}.Continuation"/> of an earlier, identical query). Default null.</summary>
    public string? After { get; init; }

    internal static string Encode(ReadOnlySpan<byte> key) => Base64Url.EncodeToString(key);

    /// <summary>The checked paging of these options (all entries ascending when <paramref name="options"/> is null).</summary>
    /// <exception cref="ArgumentOutOfRangeException">Skip or Take is negative.</exception>
    /// <exception cref="ArgumentException">After is not a continuation token.</exception>
    internal static ScanPaging ToPaging(QueryOptions? options)
    {
        if (options is null)
        {
            return ScanPaging.All;
        }

        ArgumentOutOfRangeException.ThrowIfNegative(options.Skip, nameof(Skip));
        ArgumentOutOfRangeException.ThrowIfNegative(options.Take, nameof(Take));
        return new ScanPaging(options.Descending, options.Skip, options.Take, options.DecodeAfter());
    }

    private byte[]? DecodeAfter()
    {
        if (After is null)
        {
            return null;
        }

        try
        {
            return Base64Url.DecodeFromChars(After);
        }
        catch (FormatException e)
        {
            throw new ArgumentException($"'{After}' is not a continuation token.", nameof(After), e);
        }
    }
}
