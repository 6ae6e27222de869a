namespace DocStore;

/// <summary>
/// A SQL statement parsed but cannot run: it names an unknown or ambiguous collection, field or function,
/// applies an operator to a value it cannot use, lacks a parameter, or is a form not executed yet.
/// <see cref="DocStoreException.ErrorCode"/> says which; when the fault lies at a place in the text, the
/// message shows the line with a caret under it, as syntax errors do.
/// </summary>
public sealed class SqlExecutionException : DocStoreException
{
    /// <summary>Creates the exception for a fault at a known place in the SQL text.</summary>
    /// <param name="errorCode">The kind of failure.</param>
    /// <param name="message">The full message, excerpt included.</param>
    /// <param name="position">The 0-based offset of the fault in the SQL text, or -1.</param>
    /// <param name="line">The 1-based line of the fault, or 0.</param>
    /// <param name="column">The 1-based column of the fault, or 0.</param>
    public SqlExecutionException(DocStoreErrorCode errorCode, string message, int position, int line, int column)
        : base(errorCode, message)
    {
        Position = position;
        Line = line;
        Column = column;
    }

    /// <summary>Creates the exception with a message and no position.</summary>
    /// <param name="message">The message.</param>
    public SqlExecutionException(string message)
        : this(DocStoreErrorCode.SqlNotSupported, message, -1, 0, 0)
    {
    }

    /// <summary>Creates the exception with a message and a cause, and no position.</summary>
    /// <param name="message">The message.</param>
    /// <param name="innerException">The cause.</param>
    public SqlExecutionException(string message, Exception innerException)
        : base(DocStoreErrorCode.SqlNotSupported, message, innerException)
    {
        Position = -1;
    }

    /// <summary>Creates the exception with no details.</summary>
    public SqlExecutionException()
        : this("The SQL statement cannot run.")
    {
    }

    /// <summary>The 0-based offset of the fault in the SQL text; -1 when it has no place (a missing parameter given by position, say).</summary>
    public int Position { get; }

    /// <summary>The 1-based line of the fault; 0 without a place.</summary>
    public int Line { get; }

    /// <summary>The 1-based column of the fault (UTF-16 code units); 0 without a place.</summary>
    public int Column { get; }
}
