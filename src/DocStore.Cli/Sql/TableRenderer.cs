using Spectre.Console;

namespace DocStore.Cli.Sql;

/// <summary>Draws result tables with Spectre.Console onto any writer, as plain text (no colour, no markup).</summary>
internal static class TableRenderer
{
    // Wide enough that a table written to a file or a pipe is never wrapped.
    private const int Unbounded = 1 << 20;

    /// <summary>Writes <paramref name="cells"/> under <paramref name="names"/>; <paramref name="width"/> is the terminal's, or null for no limit.</summary>
    public static void Write(string[] names, IEnumerable<string[]> cells, TextWriter output, int? width)
    {
        var table = new Table { Border = TableBorder.Ascii };
        foreach (var name in names)
        {
            table.AddColumn(new TableColumn(new Text(name)));
        }

        foreach (var row in cells)
        {
            table.AddRow(row.Select(c => new Text(c)));
        }

        var console = AnsiConsole.Create(new AnsiConsoleSettings
        {
            Out = new AnsiConsoleOutput(output),
            Ansi = AnsiSupport.No,
            ColorSystem = ColorSystemSupport.NoColors,
            Interactive = InteractionSupport.No,
        });
        console.Profile.Width = width ?? Unbounded;
        console.Write(table);
    }
}
