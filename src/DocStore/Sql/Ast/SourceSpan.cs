namespace DocStore.Sql.Ast;

/// <summary>
/// Where a node's text lies in the SQL string: offset and length in UTF-16 code units. A later
/// analyzer maps it into a C# string literal to point a diagnostic at the characters.
/// </summary>
/// <param name="Start">The offset of the node's first character.</param>
/// <param name="Length">The number of characters the node covers.</param>
internal readonly record struct SourceSpan(int Start, int Length)
{
    /// <summary>The offset just past the node.</summary>
    public int End => Start + Length;

    /// <summary>The span from <paramref name="start"/> up to (not including) <paramref name="end"/>.</summary>
    public static SourceSpan FromBounds(int start, int end) => new(start, end - start);
}
