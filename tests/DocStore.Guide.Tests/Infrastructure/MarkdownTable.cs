namespace DocStore.Guide.Tests.Infrastructure;

/// <summary>The body rows of Markdown tables: each row's cells, trimmed, header and separator rows left out.</summary>
internal static class MarkdownTable
{
    public static IReadOnlyList<string[]> Rows(string markdown)
    {
        var rows = new List<string[]>();
        var previous = "";
        foreach (var raw in markdown.Split('\n'))
        {
            var line = raw.Trim();
            if (!line.StartsWith('|'))
            {
                previous = line;
                continue;
            }

            var cells = line.Trim('|').Split('|').Select(c => c.Trim()).ToArray();
            var separator = cells.All(c => c.Length > 0 && c.All(ch => ch is '-' or ':'));

            // A row directly above a separator is the header.
            if (separator && rows.Count > 0 && previous.StartsWith('|'))
            {
                rows.RemoveAt(rows.Count - 1);
            }
            else if (!separator)
            {
                rows.Add(cells);
            }

            previous = line;
        }

        return rows;
    }
}
