using DocStore.Sql.Ast;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Execution;

/// <summary>
/// The PRAGMAs DocStore knows: <c>case_sensitive_like</c>, which makes LIKE compare ASCII letters exactly
/// for the rest of the session (an ADO.NET connection, a <see cref="SqlSession"/>, or one call's script),
/// as SQLite's does for its connection. Any other pragma is refused by name.
/// </summary>
internal static class Pragmas
{
    public static void Run(string sql, PragmaStatement pragma, ISqlSessionState session)
    {
        if (!pragma.Name.Text.Equals("case_sensitive_like", StringComparison.OrdinalIgnoreCase))
        {
            throw SqlErrors.NotSupported(sql, pragma.Name.Span, $"PRAGMA {pragma.Name.Text} is not supported (the only pragma is case_sensitive_like)");
        }

        session.CaseSensitiveLike = pragma.Value?.ToUpperInvariant() switch
        {
            "ON" or "TRUE" or "YES" or "1" => true,
            "OFF" or "FALSE" or "NO" or "0" => false,
            _ => throw SqlErrors.At(sql, pragma.Span, DocStoreErrorCode.SqlType, $"PRAGMA case_sensitive_like takes ON or OFF (or 1, 0, TRUE, FALSE, YES, NO), not {(pragma.Value is null ? "nothing" : $"'{pragma.Value}'")}"),
        };
    }
}
