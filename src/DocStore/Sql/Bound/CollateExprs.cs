namespace DocStore.Sql.Bound;

/// <summary>The collations there are, as SQLite has them built in.</summary>
internal enum SqlCollation
{
    /// <summary>Byte-wise (code point) comparison, the default.</summary>
    Binary,

    /// <summary>Text with ASCII capitals folded to lower case.</summary>
    NoCase,

    /// <summary>Text without its trailing spaces.</summary>
    RTrim,
}

/// <summary>
/// A collation attached to a value: <c>x COLLATE NOCASE</c> (explicit), or a path to a table column declared
/// with <c>COLLATE</c> (implicit). It evaluates to its operand; the comparison, ORDER BY, GROUP BY or DISTINCT
/// it stands in picks the collation by SQLite's rules (<see cref="Of"/>, <see cref="ForComparison"/>) and
/// compares <see cref="CollationKeyExpr"/>s of both sides.
/// </summary>
internal sealed class CollateExpr(BoundExpr operand, SqlCollation collation, bool isExplicit) : BoundExpr
{
    public BoundExpr Operand { get; } = operand;

    public SqlCollation Collation { get; } = collation;

    /// <summary>True for a written <c>COLLATE</c>, false for a column's declared collation.</summary>
    public bool IsExplicit { get; } = isExplicit;

    public override IEnumerable<BoundExpr> Children => [Operand];

    public override SqlValue Eval(RowContext row) => Operand.Eval(row);

    /// <summary>
    /// The expression's collation, or null when it has none: the first explicit COLLATE found left to right
    /// (through operators and function arguments, as SQLite propagates it; subqueries are not looked into),
    /// else a column's declared collation when the expression is that column.
    /// </summary>
    public static (SqlCollation Collation, bool IsExplicit)? Of(BoundExpr expression) =>
        Explicit(expression) is { } written ? (written, true)
        : expression is CollateExpr { IsExplicit: false } column ? (column.Collation, false)
        : null;

    /// <summary>SQLite's rule for a comparison: an explicit collation of the left operand, then of the right, then the left's column collation, then the right's; else BINARY.</summary>
    public static SqlCollation ForComparison(BoundExpr left, BoundExpr right) =>
        Explicit(left) ?? Explicit(right) ?? Column(left) ?? Column(right) ?? SqlCollation.Binary;

    /// <summary>The collation a sort, group or DISTINCT over <paramref name="expression"/> uses.</summary>
    public static SqlCollation For(BoundExpr? expression) => expression is not null && Of(expression) is { } found ? found.Collation : SqlCollation.Binary;

    /// <summary>The value as <paramref name="expression"/>'s collation compares it.</summary>
    public static SqlValue Collated(BoundExpr? expression, SqlValue value) => CollationKeyExpr.Key(For(expression), value);

    private static SqlCollation? Column(BoundExpr expression) => expression is CollateExpr { IsExplicit: false } column ? column.Collation : null;

    private static SqlCollation? Explicit(BoundExpr expression)
    {
        if (expression is CollateExpr { IsExplicit: true } written)
        {
            return written.Collation;
        }

        foreach (var child in expression.Children)
        {
            if (Explicit(child) is { } found)
            {
                return found;
            }
        }

        return null;
    }
}

/// <summary>
/// A side of a comparison under a collation other than BINARY: the value as the collation compares it, so
/// that comparing keys byte-wise compares the values under the collation (NOCASE lowers ASCII capitals,
/// RTRIM drops trailing spaces; values that are not text are unchanged).
/// </summary>
internal sealed class CollationKeyExpr(BoundExpr operand, SqlCollation collation) : BoundExpr
{
    public BoundExpr Operand { get; } = operand;

    public SqlCollation Collation { get; } = collation;

    public override IEnumerable<BoundExpr> Children => [Operand];

    public override SqlValue Eval(RowContext row) => Key(Collation, Operand.Eval(row));

    /// <summary>The key of <paramref name="value"/> under <paramref name="collation"/>.</summary>
    public static SqlValue Key(SqlCollation collation, SqlValue value) => collation switch
    {
        SqlCollation.NoCase => Fold(value),
        SqlCollation.RTrim => TrimEnd(value),
        _ => value,
    };

    /// <summary>The value as NOCASE compares it: text with ASCII capitals lowered, anything else unchanged.</summary>
    public static SqlValue Fold(SqlValue value)
    {
        if (value.Kind != SqlKind.Text)
        {
            return value;
        }

        var span = value.Bytes.Span;
        if (!span.ContainsAnyInRange((byte)'A', (byte)'Z'))
        {
            return value;
        }

        var folded = span.ToArray();
        for (var i = 0; i < folded.Length; i++)
        {
            if (folded[i] is >= (byte)'A' and <= (byte)'Z')
            {
                folded[i] += 'a' - 'A';
            }
        }

        return SqlValue.FromUtf8(folded);
    }

    /// <summary>The value as RTRIM compares it: text without trailing spaces, anything else unchanged.</summary>
    public static SqlValue TrimEnd(SqlValue value)
    {
        if (value.Kind != SqlKind.Text)
        {
            return value;
        }

        var span = value.Bytes.Span;
        var length = span.TrimEnd((byte)' ').Length;
        return length == span.Length ? value : SqlValue.FromUtf8(span[..length].ToArray());
    }
}
