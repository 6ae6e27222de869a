using System.Text;

namespace DocStore.Cli.Sql;

/// <summary>
/// Collects input lines until a statement ends: at a <c>;</c> outside strings, quoted names, document
/// literals' strings and comments, so a statement may span lines and a <c>;</c> inside <c>'a;b'</c> does not end it.
/// </summary>
internal sealed class StatementBuffer
{
    private readonly StringBuilder _text = new();

    /// <summary>True when nothing but white space is waiting.</summary>
    public bool IsEmpty => string.IsNullOrWhiteSpace(_text.ToString());

    /// <summary>Adds a line; returns the statements it completed (each with its <c>;</c>), in order.</summary>
    public List<string> Add(string line)
    {
        _text.Append(line).Append('\n');
        var complete = new List<string>();
        var text = _text.ToString();
        var start = 0;
        char? quote = null;
        var lineComment = false;
        var blockComment = false;
        for (var i = 0; i < text.Length; i++)
        {
            var c = text[i];
            var next = i + 1 < text.Length ? text[i + 1] : '\0';
            if (lineComment)
            {
                lineComment = c != '\n';
            }
            else if (blockComment)
            {
                if (c == '*' && next == '/')
                {
                    blockComment = false;
                    i++;
                }
            }
            else if (quote is { } q)
            {
                if (c == '\\' && q == '"')
                {
                    i++; // JSON escapes inside document literals' strings
                }
                else if (c == q)
                {
                    quote = null;
                }
            }
            else if (c is '\'' or '"')
            {
                quote = c;
            }
            else if (c == '-' && next == '-')
            {
                lineComment = true;
            }
            else if (c == '/' && next == '*')
            {
                blockComment = true;
                i++;
            }
            else if (c == ';')
            {
                var statement = text[start..(i + 1)].Trim();
                if (statement != ";")
                {
                    complete.Add(statement);
                }

                start = i + 1;
            }
        }

        // A comment after the last statement (`SELECT 1; -- why`) leaves nothing to run.
        var rest = text[start..];
        _text.Clear().Append(OnlyComments(rest) ? "" : rest);
        return complete;
    }

    private static bool OnlyComments(string text)
    {
        foreach (var line in text.Split('\n'))
        {
            var trimmed = line.Trim();
            if (trimmed.Length > 0 && !trimmed.StartsWith("--", StringComparison.Ordinal))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>What is left without a closing <c>;</c> (run at the end of a script), emptied.</summary>
    public string TakeRest()
    {
        var rest = _text.ToString().Trim();
        _text.Clear();
        return rest;
    }
}
