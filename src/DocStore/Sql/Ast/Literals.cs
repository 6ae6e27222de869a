namespace DocStore.Sql.Ast;

/// <summary>An integer literal. A minus sign written directly before the digits belongs to the literal.</summary>
/// <param name="Value">The value.</param>
/// <param name="Span">The digits, and the minus sign if any.</param>
internal sealed record IntegerLiteral(long Value, SourceSpan Span) : SqlExpression(Span);

/// <summary>A real literal: digits with a decimal point or an exponent.</summary>
/// <param name="Value">The value (finite).</param>
/// <param name="Span">The number, and the minus sign if any.</param>
internal sealed record RealLiteral(double Value, SourceSpan Span) : SqlExpression(Span);

/// <summary>A <c>'string'</c> literal.</summary>
/// <param name="Value">The text, with each <c>''</c> read as one quote.</param>
/// <param name="Span">The literal, quotes included.</param>
internal sealed record StringLiteral(string Value, SourceSpan Span) : SqlExpression(Span);

/// <summary><c>TRUE</c> or <c>FALSE</c>.</summary>
/// <param name="Value">The value.</param>
/// <param name="Span">The keyword.</param>
internal sealed record BooleanLiteral(bool Value, SourceSpan Span) : SqlExpression(Span);

/// <summary><c>NULL</c>.</summary>
/// <param name="Span">The keyword.</param>
internal sealed record NullLiteral(SourceSpan Span) : SqlExpression(Span);

/// <summary>An Extended JSON document <c>{ ... }</c>, kept as text for the Extended JSON parser.</summary>
/// <param name="Json">The raw text, braces included.</param>
/// <param name="Span">The same text's place in the SQL string.</param>
internal sealed record DocumentLiteral(string Json, SourceSpan Span) : SqlExpression(Span);

/// <summary>How a parameter was written.</summary>
internal enum ParameterStyle
{
    /// <summary><c>@name</c>.</summary>
    At,

    /// <summary><c>$name</c>.</summary>
    Dollar,

    /// <summary><c>:name</c>.</summary>
    Colon,

    /// <summary><c>?</c>.</summary>
    Positional,
}

/// <summary>A parameter: named (<c>@name</c>, <c>$name</c>, <c>:name</c>) or positional (<c>?</c>).</summary>
/// <param name="Style">How it was written.</param>
/// <param name="Name">The name without its sigil; null for <c>?</c>.</param>
/// <param name="Position">For <c>?</c>, its 1-based number in order of appearance in the parsed text; 0 for named ones.</param>
/// <param name="Span">The parameter's text.</param>
internal sealed record ParameterExpression(ParameterStyle Style, string? Name, int Position, SourceSpan Span) : SqlExpression(Span);
