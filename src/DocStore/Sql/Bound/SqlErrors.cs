using System.Text;
using DocStore.Collections.Typing;
using DocStore.Sql.Ast;
using DocStore.Sql.Syntax;

namespace DocStore.Sql.Bound;

/// <summary>Builds <see cref="SqlExecutionException"/>s, with the caret excerpt the parser's errors show when the fault has a place.</summary>
internal static class SqlErrors
{
    public static SqlExecutionException At(string sql, SourceSpan span, DocStoreErrorCode code, string message)
    {
        var position = Math.Clamp(span.Start, 0, sql.Length);
        var (line, column) = SourceText.LineAndColumn(sql, position);
        var text = new StringBuilder(message.TrimEnd('.'))
            .Append(" (line ").Append(line).Append(", column ").Append(column).Append(").");
        SyntaxErrors.AppendExcerpt(text, sql, position);
        return new SqlExecutionException(code, text.ToString(), position, line, column);
    }

    public static SqlExecutionException UnknownName(string sql, SourceSpan span, string message) => At(sql, span, DocStoreErrorCode.SqlUnknownName, message);

    public static SqlExecutionException NotSupported(string sql, SourceSpan span, string message) => At(sql, span, DocStoreErrorCode.SqlNotSupported, message);

    /// <summary>An unsupported construct found while running (a modifier computed by an expression), so without a place in the text.</summary>
    public static SqlExecutionException NotSupported(string message) => new(DocStoreErrorCode.SqlNotSupported, message, -1, 0, 0);

    public static SqlExecutionException Type(string message) => new(DocStoreErrorCode.SqlType, message, -1, 0, 0);

    /// <summary>A value a statement writes that does not convert to its member's recorded type.</summary>
    public static SqlExecutionException Refused(TypeRefusal refusal) =>
        Type($"Cannot store {refusal.Shown} in field '{refusal.Path}' of {(refusal.Key is null ? string.Empty : $"document {refusal.Key} of ")}collection '{refusal.Collection}': its typed model declares it {refusal.Type.Text}{refusal.Because}. Write a value of that type; the statement changed nothing.");
}
