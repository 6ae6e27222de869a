using DocStore.Sql.Ast;

namespace DocStore.Sql.Syntax;

/// <summary>
/// SQLite's <c>CURRENT_TIMESTAMP</c>, <c>CURRENT_DATE</c> and <c>CURRENT_TIME</c>: words (not calls) that
/// read as <c>datetime('now')</c>, <c>date('now')</c> and <c>time('now')</c>, so they share the statement's
/// clock with the date functions. A quoted name is never one of them.
/// </summary>
internal static class CurrentTimeKeywords
{
    /// <summary>The call the current word stands for, the word read; null when it is none of them.</summary>
    public static FunctionCall? TryParse(ParserInput input)
    {
        var function = input.IsWord(0, "CURRENT_TIMESTAMP") ? "datetime"
            : input.IsWord(0, "CURRENT_DATE") ? "date"
            : input.IsWord(0, "CURRENT_TIME") ? "time"
            : null;
        if (function is null || input.Peek(1).Kind == TokenKind.LeftParen)
        {
            return null;
        }

        var word = input.Advance();
        var span = input.SpanFrom(word);
        return new FunctionCall(new SqlName(function, false, span), [new StringLiteral("now", span)], false, false, span);
    }
}
