using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;

namespace DocStore.Generators.SqlChecks;

/// <summary>
/// Maps offsets in a constant SQL string back to the source characters that produced them, so a
/// diagnostic underlines the offending token inside the literal. Handles regular strings (escapes),
/// verbatim strings (<c>""</c>), raw strings (indentation removed) and <c>+</c> concatenations of them.
/// Anything else, or a literal whose reconstructed value disagrees with the compiler's, maps to the
/// whole argument.
/// </summary>
internal sealed class SqlLiteralMap
{
    private readonly SyntaxTree _tree;
    private readonly TextSpan _fallback;

    // For each character of the SQL value: where its source text starts and ends.
    private readonly int[]? _starts;
    private readonly int[]? _ends;

    private SqlLiteralMap(SyntaxTree tree, TextSpan fallback, int[]? starts, int[]? ends)
    {
        _tree = tree;
        _fallback = fallback;
        _starts = starts;
        _ends = ends;
    }

    /// <summary>The map for <paramref name="expression"/>, whose constant value is <paramref name="sql"/>.</summary>
    public static SqlLiteralMap Create(SyntaxNode expression, string sql)
    {
        var starts = new List<int>(sql.Length);
        var ends = new List<int>(sql.Length);
        bool mapped = Append(expression, starts, ends) && starts.Count == sql.Length;
        return new SqlLiteralMap(expression.SyntaxTree, expression.Span,
            mapped ? starts.ToArray() : null, mapped ? ends.ToArray() : null);
    }

    /// <summary>The source location of the SQL characters [start, start + length).</summary>
    public Location Locate(int start, int length)
    {
        if (_starts is null || _ends is null)
        {
            return Location.Create(_tree, _fallback);
        }

        int count = _starts.Length;
        if (count == 0)
        {
            return Location.Create(_tree, _fallback);
        }

        if (start >= count)
        {
            // The end of the text: an empty span right after the last character.
            return Location.Create(_tree, new TextSpan(_ends[count - 1], 0));
        }

        int last = Math.Min(count, start + Math.Max(length, 1)) - 1;
        return Location.Create(_tree, TextSpan.FromBounds(_starts[start], _ends[last]));
    }

    private static bool Append(SyntaxNode node, List<int> starts, List<int> ends)
    {
        switch (node)
        {
            case ParenthesizedExpressionSyntax parenthesized:
                return Append(parenthesized.Expression, starts, ends);
            case BinaryExpressionSyntax binary when binary.IsKind(SyntaxKind.AddExpression):
                return Append(binary.Left, starts, ends) && Append(binary.Right, starts, ends);
            case LiteralExpressionSyntax literal when literal.IsKind(SyntaxKind.StringLiteralExpression):
                return AppendLiteral(literal.Token, starts, ends);
            default:
                return false;
        }
    }

    private static bool AppendLiteral(SyntaxToken token, List<int> starts, List<int> ends)
    {
        string text = token.Text;
        int origin = token.SpanStart;
        var value = new System.Text.StringBuilder();
        int first = starts.Count;
        bool ok = token.Kind() switch
        {
            SyntaxKind.StringLiteralToken when text.StartsWith("@", StringComparison.Ordinal) => Verbatim(text, origin, value, starts, ends),
            SyntaxKind.StringLiteralToken => Regular(text, origin, value, starts, ends),
            SyntaxKind.SingleLineRawStringLiteralToken or SyntaxKind.MultiLineRawStringLiteralToken => Raw(text, origin, value, starts, ends),
            _ => false,
        };

        // Trust the map only when it rebuilds exactly the value the compiler computed.
        if (!ok || value.ToString() != token.ValueText)
        {
            starts.RemoveRange(first, starts.Count - first);
            ends.RemoveRange(first, ends.Count - first);
            return false;
        }

        return true;
    }

    private static void Add(string chars, int start, int end, System.Text.StringBuilder value, List<int> starts, List<int> ends)
    {
        foreach (char c in chars)
        {
            value.Append(c);
            starts.Add(start);
            ends.Add(end);
        }
    }

    private static bool Verbatim(string text, int origin, System.Text.StringBuilder value, List<int> starts, List<int> ends)
    {
        for (int i = 2; i < text.Length - 1; i++)
        {
            int width = text[i] == '"' ? 2 : 1;
            Add(text[i].ToString(), origin + i, origin + i + width, value, starts, ends);
            i += width - 1;
        }

        return true;
    }

    private static bool Regular(string text, int origin, System.Text.StringBuilder value, List<int> starts, List<int> ends)
    {
        for (int i = 1; i < text.Length - 1;)
        {
            if (text[i] != '\\')
            {
                Add(text[i].ToString(), origin + i, origin + i + 1, value, starts, ends);
                i++;
                continue;
            }

            if (!Escape(text, i, out string chars, out int width))
            {
                return false;
            }

            Add(chars, origin + i, origin + i + width, value, starts, ends);
            i += width;
        }

        return true;
    }

    private static bool Escape(string text, int at, out string chars, out int width)
    {
        char kind = at + 1 < text.Length ? text[at + 1] : '\0';
        width = 2;
        chars = kind switch
        {
            '\'' => "'",
            '"' => "\"",
            '\\' => "\\",
            '0' => "\0",
            'a' => "\a",
            'b' => "\b",
            'e' => "\u001b",
            'f' => "\f",
            'n' => "\n",
            'r' => "\r",
            't' => "\t",
            'v' => "\v",
            _ => string.Empty,
        };
        if (chars.Length > 0)
        {
            return true;
        }

        int digits = kind switch { 'u' => 4, 'U' => 8, 'x' => 4, _ => 0 };
        int count = 0;
        while (count < digits && at + 2 + count < text.Length - 1 && Uri.IsHexDigit(text[at + 2 + count]))
        {
            count++;
        }

        if (count == 0 || (kind != 'x' && count != digits))
        {
            return false;
        }

        int code = Convert.ToInt32(text.Substring(at + 2, count), 16);
        width = 2 + count;
        chars = code > 0xFFFF ? char.ConvertFromUtf32(code) : ((char)code).ToString();
        return true;
    }

    private static bool Raw(string text, int origin, System.Text.StringBuilder value, List<int> starts, List<int> ends)
    {
        int quotes = 0;
        while (quotes < text.Length && text[quotes] == '"')
        {
            quotes++;
        }

        int contentStart = quotes;
        int contentEnd = text.Length - quotes;
        if (contentEnd < contentStart)
        {
            return false;
        }

        string content = text.Substring(contentStart, contentEnd - contentStart);
        if (content.IndexOf('\n') < 0 && content.IndexOf('\r') < 0)
        {
            for (int i = 0; i < content.Length; i++)
            {
                Add(content[i].ToString(), origin + contentStart + i, origin + contentStart + i + 1, value, starts, ends);
            }

            return true;
        }

        // Multi-line: the first line (after the opening quotes) and the last (the closing quotes'
        // indentation) are not content; that indentation is removed from every content line.
        List<(int Start, int End, int BreakEnd)> lines = SplitLines(content);
        string indentation = content.Substring(lines[lines.Count - 1].Start, lines[lines.Count - 1].End - lines[lines.Count - 1].Start);
        for (int l = 1; l < lines.Count - 1; l++)
        {
            (int start, int end, int breakEnd) = lines[l];
            int skip = end - start >= indentation.Length && string.CompareOrdinal(content, start, indentation, 0, indentation.Length) == 0
                ? indentation.Length
                : end - start;
            for (int i = start + skip; i < end; i++)
            {
                Add(content[i].ToString(), origin + contentStart + i, origin + contentStart + i + 1, value, starts, ends);
            }

            if (l < lines.Count - 2)
            {
                for (int i = end; i < breakEnd; i++)
                {
                    Add(content[i].ToString(), origin + contentStart + i, origin + contentStart + i + 1, value, starts, ends);
                }
            }
        }

        return true;
    }

    private static List<(int Start, int End, int BreakEnd)> SplitLines(string content)
    {
        var lines = new List<(int, int, int)>();
        int start = 0;
        for (int i = 0; i <= content.Length; i++)
        {
            if (i == content.Length)
            {
                lines.Add((start, i, i));
                break;
            }

            if (content[i] is '\n' or '\r')
            {
                int breakEnd = content[i] == '\r' && i + 1 < content.Length && content[i + 1] == '\n' ? i + 2 : i + 1;
                lines.Add((start, i, breakEnd));
                start = breakEnd;
                i = breakEnd - 1;
            }
        }

        return lines;
    }
}
