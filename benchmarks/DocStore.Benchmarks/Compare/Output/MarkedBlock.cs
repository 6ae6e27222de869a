namespace DocStore.Benchmarks.Compare.Output;

/// <summary>
/// A generated part of a Markdown page, between <c>&lt;!-- name:begin --&gt;</c> and <c>&lt;!-- name:end --&gt;</c>
/// lines. The text around it is written by hand; the block is rewritten whole. Dependency-free, so the docs
/// tests compile this file too.
/// </summary>
public static class MarkedBlock
{
    /// <summary>The block's content (the lines between the markers, each ending in a line break).</summary>
    public static string Read(string page, string name)
    {
        var (start, end) = Find(page, name);
        return page[start..end];
    }

    /// <summary>The page with the block's content replaced by <paramref name="content"/>.</summary>
    public static string Replace(string page, string name, string content)
    {
        var (start, end) = Find(page, name);
        return string.Concat(page.AsSpan(0, start), content, page.AsSpan(end));
    }

    private static (int Start, int End) Find(string page, string name)
    {
        var begin = $"<!-- {name}:begin -->\n";
        var end = $"<!-- {name}:end -->";
        var start = page.IndexOf(begin, StringComparison.Ordinal);
        var stop = start < 0 ? -1 : page.IndexOf(end, start, StringComparison.Ordinal);
        if (start < 0 || stop < 0)
        {
            throw new InvalidOperationException($"The page has no block '{name}' (a line '<!-- {name}:begin -->', then a line '<!-- {name}:end -->').");
        }

        return (start + begin.Length, stop);
    }
}
