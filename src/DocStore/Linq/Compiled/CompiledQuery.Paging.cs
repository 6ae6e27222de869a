using DocStore.Linq.Running;

namespace DocStore.Linq.Compiled;

// ToPage over a compiled plan: the same position tokens as the run-time path, so either path continues the other's pages.
public static partial class CompiledQuery
{
    /// <summary>Where a compiled page starts: the continuation token's position, or the query's Skip.</summary>
    /// <param name="continuation">The previous page's token, or null for the first page.</param>
    /// <param name="skip">The query's Skip (0 without one).</param>
    /// <param name="size">The page size, the query's Take.</param>
    /// <param name="start">The position of the page's first row.</param>
    /// <returns>False when the page does not fit the compiled walk's integer skip and take (generated code then runs the query as written).</returns>
    /// <exception cref="ArgumentException"><paramref name="continuation"/> is not a token ToPage returned.</exception>
    public static bool PageStart(string? continuation, int skip, int size, out int start)
    {
        long position = continuation is null ? skip : PageToken.Decode(continuation);
        start = position <= int.MaxValue ? (int)position : 0;
        return size > 0 && size < int.MaxValue && position <= int.MaxValue;
    }

    /// <summary>One page of a compiled walk: at most <paramref name="size"/> of <paramref name="rows"/>, and the token of the next page when one more row follows.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="rows">The walk from the page's start, taking one row more than the page holds.</param>
    /// <param name="start">The position of the page's first row (from <see cref="PageStart"/>).</param>
    /// <param name="size">The page size.</param>
    /// <returns>The page.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="rows"/> is null.</exception>
    public static DocumentPage<T> Page<T>(IEnumerable<T> rows, int start, int size)
    {
        ArgumentNullException.ThrowIfNull(rows);
        var items = new List<T>(Math.Min(size, 256));
        bool more = false;
        foreach (var row in rows)
        {
            if (items.Count == size)
            {
                more = true;
                break;
            }

            items.Add(row);
        }

        return new DocumentPage<T>(items, more ? PageToken.Encode((long)start + size) : null);
    }
}
