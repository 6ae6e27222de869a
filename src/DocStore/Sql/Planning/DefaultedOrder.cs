using DocStore.Sql.Bound;

namespace DocStore.Sql.Planning;

/// <summary>
/// An ORDER BY term <c>COALESCE(path, literal)</c> (how LINQ orders a value member, whose missing field
/// reads as its type's default) sorts as the path with NULL in the literal's place. An index on the path
/// delivers that order when its walk merges the NULL entries among the others as if they held the literal
/// (<see cref="AccessPath.NullsAs"/>); ties go by the primary key either way.
/// </summary>
internal static class DefaultedOrder
{
    /// <summary>The path under <paramref name="value"/>, with the value NULL sorts as (null when the term is the path itself).</summary>
    public static BoundExpr Unwrap(BoundExpr value, out SqlValue? nullsAs)
    {
        if (value is FunctionExpr { Name: "COALESCE", Arguments: [PathExpr { Expand: < 0 } path, LiteralExpr { Value.IsNull: false } literal] })
        {
            nullsAs = literal.Value;
            return path;
        }

        nullsAs = null;
        return value;
    }
}
