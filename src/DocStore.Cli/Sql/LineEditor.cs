using System.Text;

namespace DocStore.Cli.Sql;

/// <summary>
/// Reads a line from the terminal with editing (left, right, home, end, backspace, delete) and history
/// (up and down recall earlier lines). Only used when standard input is a terminal. Ctrl-C is read as a
/// key, not a signal, so it interrupts the line instead of ending the process.
/// </summary>
internal sealed class LineEditor
{
    private readonly List<string> _history = [];

    /// <summary>Reads one line after printing <paramref name="prompt"/>; null at end of input (Ctrl+D on an empty line).</summary>
    public TypedLine? ReadLine(string prompt)
    {
        // Only while typing: a running statement still stops at Ctrl-C as any process does.
        var wasInput = Console.TreatControlCAsInput;
        Console.TreatControlCAsInput = true;
        try
        {
            return Edit(prompt);
        }
        finally
        {
            Console.TreatControlCAsInput = wasInput;
        }
    }

    private TypedLine? Edit(string prompt)
    {
        Console.Write(prompt);
        var line = new StringBuilder();
        var cursor = 0;
        var recalled = _history.Count;
        while (true)
        {
            var key = Console.ReadKey(intercept: true);
            switch (key.Key)
            {
                case ConsoleKey.Enter:
                    Console.WriteLine();
                    var text = line.ToString();
                    if (text.Trim().Length > 0 && (_history.Count == 0 || _history[^1] != text))
                    {
                        _history.Add(text);
                    }

                    return new TypedLine(text, Interrupted: false);
                case ConsoleKey.Backspace when cursor > 0:
                    line.Remove(--cursor, 1);
                    break;
                case ConsoleKey.Delete when cursor < line.Length:
                    line.Remove(cursor, 1);
                    break;
                case ConsoleKey.LeftArrow when cursor > 0:
                    cursor--;
                    break;
                case ConsoleKey.RightArrow when cursor < line.Length:
                    cursor++;
                    break;
                case ConsoleKey.Home:
                    cursor = 0;
                    break;
                case ConsoleKey.End:
                    cursor = line.Length;
                    break;
                case ConsoleKey.UpArrow when recalled > 0:
                    Replace(line, _history[--recalled], ref cursor);
                    break;
                case ConsoleKey.DownArrow when recalled < _history.Count:
                    recalled++;
                    Replace(line, recalled == _history.Count ? "" : _history[recalled], ref cursor);
                    break;
                case ConsoleKey.C when key.Modifiers.HasFlag(ConsoleModifiers.Control):
                    Console.WriteLine("^C");
                    return new TypedLine("", Interrupted: true);
                case ConsoleKey.D when key.Modifiers.HasFlag(ConsoleModifiers.Control) && line.Length == 0:
                    Console.WriteLine();
                    return null;
                default:
                    if (!char.IsControl(key.KeyChar))
                    {
                        line.Insert(cursor++, key.KeyChar);
                    }

                    break;
            }

            Redraw(prompt, line, cursor);
        }
    }

    private static void Replace(StringBuilder line, string text, ref int cursor)
    {
        line.Clear().Append(text);
        cursor = line.Length;
    }

    // Rewrites the whole line: carriage return, prompt, text, clear to the end, then the cursor back in place.
    private static void Redraw(string prompt, StringBuilder line, int cursor)
    {
        Console.Write($"\r{prompt}{line}\u001b[K");
        var back = line.Length - cursor;
        if (back > 0)
        {
            Console.Write($"\u001b[{back}D");
        }
    }
}
