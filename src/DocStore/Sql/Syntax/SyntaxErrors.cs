using System.Text;

namespace DocStore.Sql.Syntax;

/// <summary>
/// Builds <see cref="SqlSyntaxException"/>s: "Syntax error at line L, column C: expected X, found Y."
/// followed by the offending line and a caret under the character.
/// </summary>
internal static class SyntaxErrors
{
    // A longer line is cut around the error so a one-line script of megabytes gives a readable message.
    private const int MaxExcerptWidth = 100;
    private const int MaxFoundLength = 32;

    /// <summary>An error at <paramref name="position"/>.</summary>
    public static SqlSyntaxException At(string sql, int position, string expected, string found)
    {
        position = Math.Clamp(position, 0, sql.Length);
        var (line, column) = SourceText.LineAndColumn(sql, position);
        var message = new StringBuilder()
            .Append("Syntax error at line ").Append(line).Append(", column ").Append(column)
            .Append(": expected ").Append(expected).Append(", found ").Append(found).Append('.');
        AppendExcerpt(message, sql, position);
        return new SqlSyntaxException(message.ToString(), position, line, column, expected, found);
    }

    /// <summary>An error at <paramref name="token"/>, which is described as what was found.</summary>
    public static SqlSyntaxException At(string sql, SqlToken token, string expected) =>
        At(sql, token.Start, expected, Describe(sql, token));

    /// <summary>"line L, column C", for messages that point back at an opening bracket or quote.</summary>
    public static string Where(string sql, int position)
    {
        var (line, column) = SourceText.LineAndColumn(sql, position);
        return $"line {line}, column {column}";
    }

    /// <summary>How a token is named in "found ..." (and "after ..."): kind first, then its text.</summary>
    public static string Describe(string sql, SqlToken token) => token.Kind switch
    {
        TokenKind.EndOfInput => "end of input",
        TokenKind.Unknown => $"character '{Clip(token.Text(sql))}'",
        TokenKind.Identifier or TokenKind.QuotedIdentifier => $"identifier {Clip(token.Text(sql))}",
        TokenKind.Integer or TokenKind.Real => $"number {Clip(token.Text(sql))}",
        TokenKind.String => $"string {Clip(token.Text(sql))}",
        TokenKind.NamedParameter or TokenKind.PositionalParameter => $"parameter {Clip(token.Text(sql))}",
        TokenKind.DocumentLiteral => $"document {Clip(token.Text(sql))}",
        _ when token.IsKeyword => $"keyword {Keywords.Spelling(token.Kind)}",
        _ => $"'{token.Text(sql).ToString()}'",
    };

    /// <summary>A short name for the token a phrase follows: "WHERE", "','", "identifier x".</summary>
    public static string After(string sql, SqlToken token) => token.IsKeyword
        ? Keywords.Spelling(token.Kind)
        : Describe(sql, token);

    /// <summary>How the character at <paramref name="index"/> is named in "found ...".</summary>
    public static string Character(string sql, int index)
    {
        if (index >= sql.Length)
        {
            return "end of input";
        }

        var c = sql[index];
        return c is '\n' or '\r' ? "end of line" : char.IsWhiteSpace(c) ? "a space" : $"character '{c}'";
    }

    private static string Clip(ReadOnlySpan<char> text)
    {
        // Literal text may hold line breaks; the message keeps to one line before the excerpt.
        var clipped = text.Length <= MaxFoundLength ? text.ToString() : string.Concat(text[..(MaxFoundLength - 3)], "...");
        return clipped.Replace('\r', ' ').Replace('\n', ' ');
    }

    internal static void AppendExcerpt(StringBuilder message, string sql, int position)
    {
        var (start, end) = SourceText.LineBounds(sql, position);
        var prefix = string.Empty;
        if (end - start > MaxExcerptWidth)
        {
            // Keep the caret near the middle of the window; mark each cut side with "...".
            var windowStart = Math.Max(start, Math.Min(position - (MaxExcerptWidth / 2), end - MaxExcerptWidth));
            if (windowStart > start)
            {
                prefix = "...";
                start = windowStart;
            }

            end = Math.Min(end, start + MaxExcerptWidth);
        }

        message.Append('\n').Append("  ").Append(prefix).Append(sql, start, end - start);
        if (end < SourceText.LineBounds(sql, position).End)
        {
            message.Append("...");
        }

        // The caret line copies tabs from the source line so the caret stays under the character.
        message.Append('\n').Append("  ").Append(' ', prefix.Length);
        for (var i = start; i < position; i++)
        {
            message.Append(sql[i] == '\t' ? '\t' : ' ');
        }

        message.Append('^');
    }
}
