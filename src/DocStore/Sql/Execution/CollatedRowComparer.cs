using DocStore.Sql.Bound;

namespace DocStore.Sql.Execution;

/// <summary>
/// Compares rows (DISTINCT, compound selects) under their columns' collations (an explicit COLLATE, or a
/// table column's declared one), comparing each value's collation key, as SQLite's DISTINCT does.
/// </summary>
internal sealed class CollatedRowComparer(SqlCollation[] collations) : IEqualityComparer<SqlValue[]>
{
    /// <summary>A comparer for rows of <paramref name="columns"/>: the plain <see cref="RowComparer"/> when every column is BINARY.</summary>
    public static IEqualityComparer<SqlValue[]> For(BoundExpr[] columns)
    {
        var collations = columns.Select(CollateExpr.For).ToArray();
        return collations.Any(c => c != SqlCollation.Binary) ? new CollatedRowComparer(collations) : new RowComparer(columns.Length);
    }

    public bool Equals(SqlValue[]? x, SqlValue[]? y)
    {
        for (var i = 0; i < collations.Length; i++)
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
        for (var i = 0; i < collations.Length; i++)
        {
            hash.Add(SqlComparer.Hash(Value(obj, i)));
        }

        return hash.ToHashCode();
    }

    private SqlValue Value(SqlValue[] row, int i) => CollationKeyExpr.Key(collations[i], row[i]);
}
