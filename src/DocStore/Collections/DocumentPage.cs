namespace DocStore;

/// <summary>One page of a query's results, and where the next page starts.</summary>
/// <typeparam name="T">The document type.</typeparam>
public sealed class DocumentPage<T>
{
    internal DocumentPage(IReadOnlyList<T> items, string? continuation)
    {
        Items = items;
        Continuation = continuation;
    }

    /// <summary>The page's documents, in query order.</summary>
    public IReadOnlyList<T> Items { get; }

    /// <summary>The token that starts the next page (<see cref="QueryOptions.After"/>), or null when no match is left.</summary>
    public string? Continuation { get; }

    /// <summary>True when more matches follow this page.</summary>
    public bool HasMore => Continuation is not null;
}
