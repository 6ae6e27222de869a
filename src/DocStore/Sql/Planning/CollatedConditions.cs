using DocStore.Sql.Binding;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Planning;

/// <summary>
/// A comparison under NOCASE or RTRIM between a path and a value (<c>s = 'abc'</c> on a <c>COLLATE NOCASE</c>
/// column, whose sides the binder turned into <see cref="CollationKeyExpr"/>s) as a condition an index made
/// under that collation answers: its path is named as such an index names its component
/// (<see cref="CollatedPaths"/>) and its values are the collation keys, which the index holds. Only the access
/// of a single source uses it; joins compare raw values and keep such a comparison a filter.
/// </summary>
internal static class CollatedConditions
{
    public static Condition? Recognize(BoundExpr conjunct, int source)
    {
        if (conjunct is not BinaryExpr { Operator: var op, Left: var left, Right: var right } || !Conjuncts.IsComparison(op))
        {
            return null;
        }

        var condition = Path(left, source) is { } path && Value(right, path.Collation) is { } value ? Conjuncts.Compare(conjunct, path.Path, op, value)
            : Path(right, source) is { } mirrored && Value(left, mirrored.Collation) is { } other ? Conjuncts.Compare(conjunct, mirrored.Path, Conjuncts.Mirror(op), other)
            : null;
        return condition;
    }

    /// <summary>The collated path a side compares: a path of <paramref name="source"/>, under a collation other than BINARY, renamed for the index.</summary>
    private static (PathExpr Path, SqlCollation Collation)? Path(BoundExpr side, int source) =>
        side is CollationKeyExpr { Collation: not SqlCollation.Binary and var collation, Operand: CollateExpr { Operand: PathExpr { Expand: < 0 } path } } && path.Source == source
            ? (new PathExpr(path.Source, path.Ids, path.Expand, path.Slot, CollatedPaths.Name(path.StoredPath, collation)) { Text = path.Text }, collation)
            : null;

    /// <summary>The other side when it is a key under the same collation and reads no source.</summary>
    private static BoundExpr? Value(BoundExpr side, SqlCollation collation) =>
        side is CollationKeyExpr { Collation: var c } && c == collation && Conjuncts.MaxSource(side) < 0 ? side : null;
}
