using System.Globalization;

namespace DocStore.Sql.Syntax;

/// <summary>
/// Splits SQL text into tokens on demand, by index over the string: no regexes and no copies of
/// token text. Whitespace and comments are skipped. A stray character becomes an
/// <see cref="TokenKind.Unknown"/> token so the parser can say what it expected there; text that
/// opens something it never closes (a string, a comment, a document) throws at once.
/// </summary>
internal sealed class SqlLexer
{
    private readonly string _sql;
    private int _position;

    /// <summary>Creates a lexer at the start of <paramref name="sql"/>.</summary>
    public SqlLexer(string sql) => _sql = sql;

    /// <summary>The next token; <see cref="TokenKind.EndOfInput"/> once the text is consumed.</summary>
    public SqlToken Next()
    {
        SkipTrivia();
        if (_position >= _sql.Length)
        {
            return new SqlToken(TokenKind.EndOfInput, _sql.Length, 0);
        }

        var start = _position;
        var c = _sql[start];
        if (IsNameStart(c))
        {
            return Word(start);
        }

        if (char.IsAsciiDigit(c) || (c == '.' && char.IsAsciiDigit(Peek(1))))
        {
            return Number(start);
        }

        return c switch
        {
            '\'' => Quoted(start, '\'', TokenKind.String, "string"),
            '"' => Quoted(start, '"', TokenKind.QuotedIdentifier, "quoted name"),
            '@' or '$' or ':' => NamedParameter(start),
            '{' => DocumentLiteralScanner.Scan(_sql, ref _position),
            _ => Punctuation(start, c),
        };
    }

    private static bool IsNameStart(char c) => char.IsAsciiLetter(c) || c == '_' || (c > 127 && char.IsLetter(c));

    // As in C# identifiers, so any member name a model declares can be written unquoted.
    private static bool IsNamePart(char c) => IsNameStart(c) || char.IsAsciiDigit(c) || (c > 127 && char.GetUnicodeCategory(c) is
        UnicodeCategory.DecimalDigitNumber or UnicodeCategory.NonSpacingMark or UnicodeCategory.SpacingCombiningMark
        or UnicodeCategory.ConnectorPunctuation or UnicodeCategory.Format);

    private char Peek(int ahead) => _position + ahead < _sql.Length ? _sql[_position + ahead] : '\0';

    private SqlToken Token(TokenKind kind, int start, int length)
    {
        _position = start + length;
        return new SqlToken(kind, start, length);
    }

    private void SkipTrivia()
    {
        while (_position < _sql.Length)
        {
            var c = _sql[_position];
            if (char.IsWhiteSpace(c))
            {
                _position++;
            }
            else if (c == '-' && Peek(1) == '-')
            {
                while (_position < _sql.Length && _sql[_position] != '\n' && _sql[_position] != '\r')
                {
                    _position++;
                }
            }
            else if (c == '/' && Peek(1) == '*')
            {
                var close = _sql.IndexOf("*/", _position + 2, StringComparison.Ordinal);
                if (close < 0)
                {
                    throw SyntaxErrors.At(_sql, _sql.Length,
                        $"'*/' to close the comment that starts at {SyntaxErrors.Where(_sql, _position)}", "end of input");
                }

                _position = close + 2;
            }
            else
            {
                return;
            }
        }
    }

    private SqlToken Word(int start)
    {
        var end = start + 1;
        while (end < _sql.Length && IsNamePart(_sql[end]))
        {
            end++;
        }

        return Token(Keywords.Lookup(_sql.AsSpan(start, end - start)), start, end - start);
    }

    private SqlToken Number(int start)
    {
        var end = SkipDigits(start);
        var kind = TokenKind.Integer;
        if (end < _sql.Length && _sql[end] == '.')
        {
            kind = TokenKind.Real;
            end = SkipDigits(end + 1);
        }

        if (end < _sql.Length && (_sql[end] == 'e' || _sql[end] == 'E'))
        {
            kind = TokenKind.Real;
            var digits = end + 1;
            if (digits < _sql.Length && (_sql[digits] == '+' || _sql[digits] == '-'))
            {
                digits++;
            }

            end = SkipDigits(digits);
            if (end == digits)
            {
                throw SyntaxErrors.At(_sql, digits, "a digit in the number's exponent", FoundCharacter(digits));
            }
        }

        // "12abc" is neither a number nor a name; saying so beats reading it as "12 AS abc".
        if (end < _sql.Length && (IsNamePart(_sql[end]) || _sql[end] == '.'))
        {
            throw SyntaxErrors.At(_sql, end, $"a space or an operator after the number {_sql[start..end]}", FoundCharacter(end));
        }

        return Token(kind, start, end - start);
    }

    private int SkipDigits(int index)
    {
        while (index < _sql.Length && char.IsAsciiDigit(_sql[index]))
        {
            index++;
        }

        return index;
    }

    private SqlToken Quoted(int start, char quote, TokenKind kind, string what)
    {
        var index = start + 1;
        while (true)
        {
            var close = _sql.IndexOf(quote, index);
            if (close < 0)
            {
                throw SyntaxErrors.At(_sql, _sql.Length,
                    $"{quote} to close the {what} that starts at {SyntaxErrors.Where(_sql, start)}", "end of input");
            }

            // A doubled quote stands for one quote and does not close the text.
            if (close + 1 < _sql.Length && _sql[close + 1] == quote)
            {
                index = close + 2;
                continue;
            }

            if (kind == TokenKind.QuotedIdentifier && close == start + 1)
            {
                throw SyntaxErrors.At(_sql, close, "a name between the quotes", "\"");
            }

            // BSON text is UTF-8, which has no form for half a surrogate pair: say so here, where it is written.
            if (UnpairedSurrogate(_sql.AsSpan(start + 1, close - start - 1)) is >= 0 and var at)
            {
                throw SyntaxErrors.At(_sql, start + 1 + at, $"valid Unicode in the {what}", $"an unpaired surrogate (U+{(int)_sql[start + 1 + at]:X4})");
            }

            return Token(kind, start, close + 1 - start);
        }
    }

    private static int UnpairedSurrogate(ReadOnlySpan<char> text)
    {
        for (var i = 0; i < text.Length; i++)
        {
            if (char.IsHighSurrogate(text[i]) && i + 1 < text.Length && char.IsLowSurrogate(text[i + 1]))
            {
                i++;
            }
            else if (char.IsSurrogate(text[i]))
            {
                return i;
            }
        }

        return -1;
    }

    private SqlToken NamedParameter(int start)
    {
        var end = start + 1;
        while (end < _sql.Length && IsNamePart(_sql[end]))
        {
            end++;
        }

        if (end == start + 1)
        {
            throw SyntaxErrors.At(_sql, end, $"a parameter name after '{_sql[start]}'", FoundCharacter(end));
        }

        return Token(TokenKind.NamedParameter, start, end - start);
    }

    private SqlToken Punctuation(int start, char c)
    {
        var next = Peek(1);
        return c switch
        {
            '(' => Token(TokenKind.LeftParen, start, 1),
            ')' => Token(TokenKind.RightParen, start, 1),
            '[' => Token(TokenKind.LeftBracket, start, 1),
            ']' => Token(TokenKind.RightBracket, start, 1),
            ',' => Token(TokenKind.Comma, start, 1),
            '.' => Token(TokenKind.Dot, start, 1),
            ';' => Token(TokenKind.Semicolon, start, 1),
            '*' => Token(TokenKind.Star, start, 1),
            '+' => Token(TokenKind.Plus, start, 1),
            '-' => Token(TokenKind.Minus, start, 1),
            '/' => Token(TokenKind.Slash, start, 1),
            '%' => Token(TokenKind.Percent, start, 1),
            '?' => Token(TokenKind.PositionalParameter, start, 1),
            '|' when next == '|' => Token(TokenKind.Concat, start, 2),
            '=' when next == '=' => Token(TokenKind.EqualEqual, start, 2),
            '=' => Token(TokenKind.Equal, start, 1),
            '!' when next == '=' => Token(TokenKind.BangEqual, start, 2),
            '<' when next == '>' => Token(TokenKind.NotEqual, start, 2),
            '<' when next == '=' => Token(TokenKind.LessOrEqual, start, 2),
            '<' => Token(TokenKind.Less, start, 1),
            '>' when next == '=' => Token(TokenKind.GreaterOrEqual, start, 2),
            '>' => Token(TokenKind.Greater, start, 1),
            // A surrogate pair is one character to the reader; keep it whole so the caret lands on it.
            _ when char.IsHighSurrogate(c) && char.IsLowSurrogate(next) => Token(TokenKind.Unknown, start, 2),
            _ => Token(TokenKind.Unknown, start, 1),
        };
    }

    private string FoundCharacter(int index) => SyntaxErrors.Character(_sql, index);
}
