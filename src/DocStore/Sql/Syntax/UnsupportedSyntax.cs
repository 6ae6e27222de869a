using System.Text;

namespace DocStore.Sql.Syntax;

/// <summary>
/// Errors for SQLite syntax DocStore does not run: "Syntax error at line L, column C: WITH (common table
/// expressions) is not supported." with the caret under the token that starts it, so the feature is named
/// where it is written instead of surfacing as an odd token later on.
/// </summary>
internal static class UnsupportedSyntax
{
    /// <summary>An error at <paramref name="token"/> saying <paramref name="feature"/> is not supported.</summary>
    public static SqlSyntaxException At(string sql, SqlToken token, string feature)
    {
        var position = Math.Clamp(token.Start, 0, sql.Length);
        var (line, column) = SourceText.LineAndColumn(sql, position);
        var message = new StringBuilder()
            .Append("Syntax error at line ").Append(line).Append(", column ").Append(column)
            .Append(": ").Append(feature).Append(" is not supported.");
        SyntaxErrors.AppendExcerpt(message, sql, position);
        return new SqlSyntaxException(message.ToString(), position, line, column, "a supported construct", feature + " (not supported)");
    }
}
