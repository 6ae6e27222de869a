namespace DocStore.Generators.QueryChecks;

/// <summary>The async twins of the terminal operators (DocStoreQueryable's and the query type's own), by the operator each stands for.</summary>
internal static class AsyncTwins
{
    /// <summary>"Count" for "CountAsync", and so on; null for any other name.</summary>
    public static string? Operator(string name) => name switch
    {
        "FirstAsync" or "FirstOrDefaultAsync" or "SingleAsync" or "SingleOrDefaultAsync" or "CountAsync" or "LongCountAsync" or "AnyAsync"
            or "SumAsync" or "AverageAsync" or "MinAsync" or "MaxAsync" or "AllAsync" =>
            name.Substring(0, name.Length - "Async".Length),
        _ => null,
    };
}
