namespace DocStore.Sql.Syntax;

/// <summary>
/// Finds the end of an Extended JSON document literal <c>{ ... }</c>: braces and brackets must pair
/// up, and JSON strings (double-quoted, backslash escapes) may hold any of them. The text itself is
/// parsed later by the Extended JSON parser; here it is only delimited.
/// </summary>
internal static class DocumentLiteralScanner
{
    /// <summary>Deeper documents fail in Extended JSON anyway (its limit is 100); this bounds the stack.</summary>
    public const int MaxDepth = 200;

    /// <summary>Scans the literal that starts with '{' at <paramref name="position"/> and moves past it.</summary>
    public static SqlToken Scan(string sql, ref int position)
    {
        var start = position;
        Span<char> closers = stackalloc char[MaxDepth];
        var depth = 0;
        var index = start;
        while (true)
        {
            if (index >= sql.Length)
            {
                var opener = closers[depth - 1] == '}' ? "document" : "array";
                throw SyntaxErrors.At(sql, sql.Length,
                    $"'{closers[depth - 1]}' to close the {opener} literal that starts at {SyntaxErrors.Where(sql, start)}", "end of input");
            }

            var c = sql[index];
            switch (c)
            {
                case '{' or '[':
                    if (depth == MaxDepth)
                    {
                        throw SyntaxErrors.At(sql, index, $"at most {MaxDepth} nested objects and arrays in a document literal", $"'{c}'");
                    }

                    closers[depth++] = c == '{' ? '}' : ']';
                    break;
                case '}' or ']':
                    if (c != closers[depth - 1])
                    {
                        throw SyntaxErrors.At(sql, index, $"'{closers[depth - 1]}' in the document literal that starts at {SyntaxErrors.Where(sql, start)}", $"'{c}'");
                    }

                    if (--depth == 0)
                    {
                        position = index + 1;
                        return new SqlToken(TokenKind.DocumentLiteral, start, position - start);
                    }

                    break;
                case '"':
                    index = SkipString(sql, index);
                    break;
            }

            index++;
        }
    }

    // Returns the index of the closing quote of the JSON string opened at `open`.
    private static int SkipString(string sql, int open)
    {
        for (var i = open + 1; i < sql.Length; i++)
        {
            if (sql[i] == '\\')
            {
                i++;
            }
            else if (sql[i] == '"')
            {
                return i;
            }
        }

        throw SyntaxErrors.At(sql, sql.Length,
            $"'\"' to close the string that starts at {SyntaxErrors.Where(sql, open)} in a document literal", "end of input");
    }
}
