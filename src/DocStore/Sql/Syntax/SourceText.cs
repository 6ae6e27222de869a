namespace DocStore.Sql.Syntax;

/// <summary>Line and column arithmetic over SQL text: "\n", "\r\n" and a lone "\r" each end a line.</summary>
internal static class SourceText
{
    /// <summary>The 1-based line and column of <paramref name="position"/> (columns count UTF-16 code units).</summary>
    public static (int Line, int Column) LineAndColumn(string sql, int position)
    {
        position = Math.Clamp(position, 0, sql.Length);
        var line = 1;
        var lineStart = 0;
        for (var i = 0; i < position; i++)
        {
            var c = sql[i];
            if (c == '\n' || (c == '\r' && (i + 1 >= sql.Length || sql[i + 1] != '\n')))
            {
                line++;
                lineStart = i + 1;
            }
        }

        return (line, position - lineStart + 1);
    }

    /// <summary>The offsets of the line holding <paramref name="position"/>, without its line break.</summary>
    public static (int Start, int End) LineBounds(string sql, int position)
    {
        position = Math.Clamp(position, 0, sql.Length);
        var start = position;
        while (start > 0 && sql[start - 1] != '\n' && sql[start - 1] != '\r')
        {
            start--;
        }

        var end = position;
        while (end < sql.Length && sql[end] != '\n' && sql[end] != '\r')
        {
            end++;
        }

        return (start, end);
    }
}
