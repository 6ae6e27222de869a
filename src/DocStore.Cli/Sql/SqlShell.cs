using System.Diagnostics;
using System.Globalization;

namespace DocStore.Cli.Sql;

/// <summary>
/// The interactive SQL shell: statements end at <c>;</c> and may span lines; dot commands set the output
/// mode, timing and EXPLAIN, list collections, fields and indexes, and read scripts. An error prints its
/// message (with the caret excerpt for SQL) and the shell goes on. Statements share one session, so
/// BEGIN ... COMMIT spans statements.
/// </summary>
internal sealed class SqlShell(DocStoreDatabase database, TextWriter output, TextWriter errors, int? width = null, string? cannotWrite = null)
{
    private const string Prompt = "docstore> ";
    private const string More = "     ...> ";

    private readonly SqlSession _session = database.Sql.OpenSession();
    private OutputMode _mode = OutputMode.Table;
    private bool _timing;
    private bool _explain;
    private bool _quit;

    /// <summary>The number of statements and dot commands that failed.</summary>
    public int Failures { get; private set; }

    /// <summary>Reads from the terminal with line editing and history until .quit or end of input.</summary>
    public void RunInteractive()
    {
        output.WriteLine($"DocStore {typeof(DocStoreContext).Assembly.GetName().Version?.ToString(3)} shell on {database.Path}. Enter .help for help; statements end with ;");
        var editor = new LineEditor();
        var buffer = new StatementBuffer();
        while (!_quit && editor.ReadLine(buffer.IsEmpty ? Prompt : More) is { } input)
        {
            if (input.Interrupted)
            {
                // Ctrl-C drops the statement being typed, as in sqlite3 and mongosh; .quit or Ctrl-D leave.
                buffer.TakeRest();
                continue;
            }

            Feed(buffer, input.Text);
        }

        _session.Dispose();
    }

    /// <summary>Runs a script from <paramref name="input"/> (standard input that is not a terminal, or .read).</summary>
    public void RunScript(TextReader input)
    {
        var buffer = new StatementBuffer();
        while (!_quit && input.ReadLine() is { } line)
        {
            Feed(buffer, line);
        }

        if (buffer.TakeRest() is { Length: > 0 } rest && !_quit)
        {
            Execute(rest);
        }
    }

    private void Feed(StatementBuffer buffer, string line)
    {
        if (buffer.IsEmpty && line.TrimStart().StartsWith('.'))
        {
            Dot(line.Trim());
            return;
        }

        foreach (var statement in buffer.Add(line))
        {
            Execute(statement);
        }
    }

    private void Execute(string statement)
    {
        var text = _explain && !statement.TrimStart().StartsWith("EXPLAIN", StringComparison.OrdinalIgnoreCase) ? "EXPLAIN " + statement : statement;
        var started = Stopwatch.GetTimestamp();
        try
        {
            using var rows = _session.ExecuteReader(text);
            ResultPrinter.Print(rows, _mode, output, width);
        }
        catch (DatabaseReadOnlyException) when (cannotWrite is not null)
        {
            // Opened as a reader because the file could not be opened to write: say why, the engine's hint does not apply.
            Failures++;
            errors.WriteLine($"Error: {cannotWrite}");
        }
        catch (DocStoreException e)
        {
            Failures++;
            errors.WriteLine($"Error: {e.Message}");
        }

        if (_timing)
        {
            output.WriteLine($"Run time: {Stopwatch.GetElapsedTime(started).TotalMilliseconds.ToString("0.000", CultureInfo.InvariantCulture)} ms");
        }
    }

    private void Dot(string line)
    {
        var parts = line.Split(' ', 2, StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        var argument = parts.Length > 1 ? parts[1] : null;
        switch (parts[0])
        {
            case ".quit" or ".exit":
                _quit = true;
                break;
            case ".help":
                output.WriteLine("""
                    .collections         list the collections
                    .schema [name]       the fields of every collection, or of one
                    .indexes [name]      the indexes of every collection, or of one
                    .mode MODE           output as table, json, csv or line
                    .timing on|off       print each statement's run time
                    .explain on|off      show the plan of each statement instead of running it
                    .read FILE           run the statements in FILE
                    .help                this text
                    .quit                leave the shell
                    SQL statements end with ; and may span lines (docs/sql.md).
                    """);
                break;
            case ".collections":
                System("SELECT name FROM docstore_collections ORDER BY name;", null);
                break;
            case ".schema":
                System("SELECT collection, name, type FROM docstore_fields" + (argument is null ? "" : " WHERE collection = @name") + " ORDER BY collection, id;", argument);
                break;
            case ".indexes":
                // UNIQUE is a reserved word: quoted as a column, and allowed bare only after AS.
                System("SELECT collection, name, path, \"unique\" AS unique, multikey FROM docstore_indexes" + (argument is null ? "" : " WHERE collection = @name") + " ORDER BY collection, name;", argument);
                break;
            case ".mode" when Enum.TryParse<OutputMode>(argument, ignoreCase: true, out var mode):
                _mode = mode;
                break;
            case ".timing" when argument is "on" or "off":
                _timing = argument == "on";
                break;
            case ".explain" when argument is "on" or "off":
                _explain = argument == "on";
                break;
            case ".read" when argument is not null:
                Read(argument);
                break;
            default:
                Failures++;
                errors.WriteLine($"Error: unknown or incomplete command '{line}'; enter .help for the list.");
                break;
        }
    }

    private void System(string sql, string? name)
    {
        try
        {
            var parameters = new SqlParameters();
            if (name is not null)
            {
                parameters.Add("name", name);
            }

            using var rows = _session.ExecuteReader(sql, parameters);
            ResultPrinter.Print(rows, _mode, output, width);
        }
        catch (DocStoreException e)
        {
            Failures++;
            errors.WriteLine($"Error: {e.Message}");
        }
    }

    private void Read(string path)
    {
        try
        {
            using var reader = new StreamReader(path);
            RunScript(reader);
        }
        catch (IOException e)
        {
            Failures++;
            errors.WriteLine($"Error: cannot read '{path}': {e.Message}");
        }
    }
}
