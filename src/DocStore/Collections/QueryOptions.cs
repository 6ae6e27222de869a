using System.Buffers.Text;

namespace DocStore;

/// <summary>
/// Ordering and paging for a scan or an index query: <see cref="Descending"/> order, <see cref="Skip"/>
/// entries, at most <see cref="Take"/> results, and <see cref="After"/> a continuation token. Skipping
/// happens on keys, so skipped documents are never read. After a query stopped at <see cref="Take"/>
/// with more entries left, <see cref="Continuation"/> holds the token of the next page
/// (<see cref="Next"/> builds its options); it is null when the results were exhausted.
/// </summary>
/// <remarks>
/// A continuation token is the last entry's key (index key and primary key), so the next page starts
/// exactly after it, even when documents were inserted or deleted meanwhile. Use one options object per
/// query at a time: the query writes <see cref="Continuation"/> into it when enumeration ends.
/// </remarks>
public sealed class QueryOptions
{
    /// <summary>Entries to skip before the first result. Default 0.</summary>
    public int Skip { get; init; }

    /// <summary>The most results to return. Default <see cref="int.MaxValue"/> (no limit).</summary>
    public int Take { get; init; } = int.MaxValue;

    /// <summary>True for descending key order. Default false.</summary>
    public bool Descending { get; init; }

    /// <summary>Start after this continuation token (from <see cref="Continuation"/> of an earlier, identical query). Default null.</summary>
    public string? After { get; init; }

    /// <summary>
    /// Run the query inside this explicit transaction, seeing its uncommitted changes, instead of on a
    /// fresh snapshot. Default null. Changing the collection through the transaction while enumerating
    /// ends the enumeration with <see cref="InvalidOperationException"/>.
    /// </summary>
    public DocStoreTransaction? Transaction { get; init; }

    /// <summary>Set when an enumeration ends: the token of the next page, or null when no entry is left.</summary>
    public string? Continuation { get; internal set; }

    /// <summary>The options of the next page: the same order, page size and transaction, after <see cref="Continuation"/>, no skip.</summary>
    /// <returns>The new options.</returns>
    /// <exception cref="InvalidOperationException">There is no next page.</exception>
    public QueryOptions Next() => new()
    {
        Take = Take,
        Descending = Descending,
        Transaction = Transaction,
        After = Continuation ?? throw new InvalidOperationException("The query was exhausted (or not enumerated): there is no next page."),
    };

    internal static string Encode(ReadOnlySpan<byte> key) => Base64Url.EncodeToString(key);

    internal byte[]? DecodeAfter()
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

    internal void Validate()
    {
        ArgumentOutOfRangeException.ThrowIfNegative(Skip, nameof(Skip));
        ArgumentOutOfRangeException.ThrowIfNegative(Take, nameof(Take));
    }
}
