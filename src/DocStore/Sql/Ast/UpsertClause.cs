using System.Collections.Immutable;

namespace DocStore.Sql.Ast;

/// <summary>
/// <c>ON CONFLICT [(column, ...)] DO NOTHING</c> or <c>ON CONFLICT [(column, ...)] DO UPDATE SET path = expr, ... [WHERE expr]</c>
/// of an INSERT: what a row that conflicts on the target's UNIQUE or PRIMARY KEY constraint does.
/// </summary>
/// <param name="Target">The conflict target's columns; empty for a clause without one, which applies to any uniqueness constraint.</param>
/// <param name="Assignments">DO UPDATE's assignments; empty for DO NOTHING.</param>
/// <param name="Where">DO UPDATE's condition, or null.</param>
/// <param name="Span">ON through the clause's end.</param>
internal sealed record UpsertClause(ImmutableArray<SqlName> Target, ImmutableArray<Assignment> Assignments, SqlExpression? Where, SourceSpan Span) : SqlNode(Span)
{
    /// <summary>True for DO NOTHING.</summary>
    public bool DoNothing => Assignments.IsEmpty;
}
