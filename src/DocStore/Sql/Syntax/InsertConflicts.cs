using System.Collections.Immutable;
using DocStore.Sql.Ast;

namespace DocStore.Sql.Syntax;

/// <summary>
/// The conflict resolution of an INSERT: <c>OR ABORT</c> (the default), <c>OR IGNORE</c> and <c>OR REPLACE</c>
/// as SQLite has them; <c>OR FAIL</c> and <c>OR ROLLBACK</c> are refused by name, since a DocStore statement
/// that fails always changes nothing (FAIL would keep the rows before the failing one; ROLLBACK would end the
/// transaction). A lone <c>ON CONFLICT DO NOTHING</c> is the resolution <see cref="InsertConflict.DoNothing"/>.
/// </summary>
internal static class InsertConflicts
{
    /// <summary>The word after <c>INSERT OR</c>.</summary>
    public static InsertConflict Parse(ParserInput input)
    {
        InsertConflict? conflict = input.IsWord(0, "IGNORE") ? InsertConflict.Ignore
            : input.IsWord(0, "REPLACE") ? InsertConflict.Replace
            : input.IsWord(0, "ABORT") ? InsertConflict.Abort
            : null;
        if (conflict is { } known)
        {
            input.Advance();
            return known;
        }

        if (input.IsWord(0, "FAIL") || input.Current.Kind == TokenKind.Rollback)
        {
            throw UnsupportedSyntax.At(input.Sql, input.Current, $"INSERT OR {input.Current.Text(input.Sql).ToString().ToUpperInvariant()} (a failing statement changes nothing; use INSERT OR ABORT, the default, and ROLLBACK the transaction if need be)");
        }

        throw input.Error("IGNORE, REPLACE or ABORT after INSERT OR");
    }

    /// <summary>The resolution with the clauses read: a lone targetless DO NOTHING is <see cref="InsertConflict.DoNothing"/>.</summary>
    public static InsertConflict Resolve(InsertConflict conflict, ImmutableArray<UpsertClause> clauses) =>
        clauses is [{ DoNothing: true, Target.IsEmpty: true }] && conflict == InsertConflict.Abort ? InsertConflict.DoNothing : conflict;

    /// <summary>The clauses that need row-by-row resolution (none for a lone targetless DO NOTHING).</summary>
    public static ImmutableArray<UpsertClause> Clauses(InsertConflict conflict, ImmutableArray<UpsertClause> clauses) =>
        clauses is [{ DoNothing: true, Target.IsEmpty: true }] && conflict != InsertConflict.Replace ? [] : clauses;
}
