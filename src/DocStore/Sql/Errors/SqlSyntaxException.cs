namespace DocStore;

/// <summary>
/// SQL text does not follow DocStore's SQL dialect. The message names the line, column, what was
/// expected and what was found, then shows the offending line with a caret under the character.
/// </summary>
public sealed class SqlSyntaxException : DocStoreException
{
    /// <summary>Creates the exception for an error at a known place in the SQL text.</summary>
    /// <param name="message">The full message, excerpt included.</param>
    /// <param name="position">The 0-based offset of the error in the SQL text.</param>
    /// <param name="line">The 1-based line of the error.</param>
    /// <param name="column">The 1-based column of the error (UTF-16 code units from the line start).</param>
    /// <param name="expected">What the parser expected at that place.</param>
    /// <param name="found">What it found there instead.</param>
    public SqlSyntaxException(string message, int position, int line, int column, string expected, string found)
        : base(DocStoreErrorCode.SqlSyntax, message)
    {
        Position = position;
        Line = line;
        Column = column;
        Expected = expected;
        Found = found;
    }

    /// <summary>Creates the exception with a message and no position.</summary>
    /// <param name="message">The message.</param>
    public SqlSyntaxException(string message)
        : this(message, 0, 1, 1, string.Empty, string.Empty)
    {
    }

    /// <summary>Creates the exception with a message and a cause, and no position.</summary>
    /// <param name="message">The message.</param>
    /// <param name="innerException">The cause.</param>
    public SqlSyntaxException(string message, Exception innerException)
        : base(DocStoreErrorCode.SqlSyntax, message, innerException)
    {
        Line = 1;
        Column = 1;
        Expected = string.Empty;
        Found = string.Empty;
    }

    /// <summary>Creates the exception with no details.</summary>
    public SqlSyntaxException()
        : this("The SQL text has a syntax error.")
    {
    }

    /// <summary>The 0-based offset of the error in the SQL text (where a tool puts its squiggle).</summary>
    public int Position { get; }

    /// <summary>The 1-based line of the error.</summary>
    public int Line { get; }

    /// <summary>The 1-based column of the error, counted in UTF-16 code units from the start of the line.</summary>
    public int Column { get; }

    /// <summary>What the parser expected at the error, e.g. "an expression after WHERE".</summary>
    public string Expected { get; }

    /// <summary>What the parser found there instead, e.g. "end of input" or "keyword FROM".</summary>
    public string Found { get; }
}
