namespace DocStore.Sql.Syntax;

/// <summary>
/// The generator's stand-in for the runtime's public <c>DocStore.SqlSyntaxException</c>, which the linked
/// parser throws: same constructor and properties, without the runtime's error-code base class.
/// </summary>
internal sealed class SqlSyntaxException : Exception
{
    public SqlSyntaxException(string message, int position, int line, int column, string expected, string found)
        : base(message)
    {
        Position = position;
        Line = line;
        Column = column;
        Expected = expected;
        Found = found;
    }

    /// <summary>The 0-based offset of the error in the SQL text.</summary>
    public int Position { get; }

    public int Line { get; }

    public int Column { get; }

    /// <summary>What the parser expected at the error.</summary>
    public string Expected { get; }

    /// <summary>What it found there instead.</summary>
    public string Found { get; }
}
