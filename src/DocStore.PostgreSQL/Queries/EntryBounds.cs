namespace DocStore.PostgreSQL.Queries;

/// <summary>
/// The embedded engine's upper bound as a bytea comparison: "sorts before <c>high</c> or starts with it"
/// is "sorts before the successor of <c>high</c>" (drop trailing 0xFF bytes, add one to the last byte).
/// </summary>
internal static class EntryBounds
{
    /// <summary>The exclusive upper bound equal to the engine's inclusive-prefix bound <paramref name="high"/>; null when every key qualifies.</summary>
    public static byte[]? Successor(byte[]? high)
    {
        if (high is null)
        {
            return null;
        }

        var length = high.Length;
        while (length > 0 && high[length - 1] == 0xFF)
        {
            length--;
        }

        if (length == 0)
        {
            return null;
        }

        var successor = high[..length];
        successor[length - 1]++;
        return successor;
    }
}
