using DocStore.Sql.Bound;

namespace DocStore.Sql.Execution;

/// <summary>
/// Compares rows (DISTINCT, compound selects) under their columns' collations: a column whose expression
/// is marked <c>COLLATE NOCASE</c> compares its text with ASCII case folded, as SQLite's DISTINCT does.
/// </summary>
internal sealed class CollatedRowComparer(bool[] noCase) : IEqualityComparer<SqlValue[]>
{
    /// <summary>A comparer for rows of <paramref name="columns"/>: the plain <see cref="RowComparer"/> when no column is NOCASE.</summary>
    public static IEqualityComparer<SqlValue[]> For(BoundExpr[] columns) =>
        columns.Any(NoCaseExpr.IsNoCase) ? new CollatedRowComparer([.. columns.Select(NoCaseExpr.IsNoCase)]) : new RowComparer(columns.Length);

    public bool Equals(SqlValue[]? x, SqlValue[]? y)
    {
        for (var i = 0; i < noCase.Length; i++)
        {
            if (!SqlComparer.AreEqual(Value(x!, i), Value(y!, i)))
            {
                return false;
            }
        }

        return true;
    }

    public int GetHashCode(SqlValue[] obj)
    {
        var hash = new HashCode();
        for (var i = 0; i < noCase.Length; i++)
        {
            hash.Add(SqlComparer.Hash(Value(obj, i)));
        }

        return hash.ToHashCode();
    }

    private SqlValue Value(SqlValue[] row, int i) => noCase[i] ? FoldCaseExpr.Fold(row[i]) : row[i];
}
