using DocStore.Sql.Ast;

namespace DocStore.Sql.Bound;

/// <summary><c>-x</c>, <c>+x</c>, <c>NOT x</c>.</summary>
internal sealed class UnaryExpr(UnaryOperator op, BoundExpr operand) : BoundExpr
{
    public UnaryOperator Operator { get; } = op;

    public BoundExpr Operand { get; } = operand;

    public override IEnumerable<BoundExpr> Children => [Operand];

    public override SqlValue Eval(RowContext row)
    {
        var value = Operand.Eval(row);
        return Operator switch
        {
            UnaryOperator.Not => FromTruth(!Truth(value)),
            // As in SQLite, a prefix '+' changes nothing, not even text.
            UnaryOperator.Plus => value,
            _ => Arithmetic.Negate(value, Operand),
        };
    }
}

/// <summary>An infix operator: AND/OR in three-valued logic, comparisons, arithmetic, <c>||</c>.</summary>
internal sealed class BinaryExpr(BinaryOperator op, BoundExpr left, BoundExpr right) : BoundExpr
{
    public BinaryOperator Operator { get; } = op;

    public BoundExpr Left { get; } = left;

    public BoundExpr Right { get; } = right;

    public override IEnumerable<BoundExpr> Children => [Left, Right];

    public override SqlValue Eval(RowContext row)
    {
        switch (Operator)
        {
            case BinaryOperator.And:
                var a = Truth(Left.Eval(row));
                if (a == false)
                {
                    return FromTruth(false);
                }

                var b = Truth(Right.Eval(row));
                return b == false ? FromTruth(false) : FromTruth(a == true && b == true ? true : null);
            case BinaryOperator.Or:
                var l = Truth(Left.Eval(row));
                if (l == true)
                {
                    return FromTruth(true);
                }

                var r = Truth(Right.Eval(row));
                return r == true ? FromTruth(true) : FromTruth(l == false && r == false ? false : null);
        }

        var left = Left.Eval(row);
        var right = Right.Eval(row);
        switch (Operator)
        {
            case BinaryOperator.Equal:
                return FromTruth(SqlComparer.Equal(left, right));
            case BinaryOperator.NotEqual:
                return FromTruth(!SqlComparer.Equal(left, right));
            case BinaryOperator.Less or BinaryOperator.LessOrEqual or BinaryOperator.Greater or BinaryOperator.GreaterOrEqual:
                // A lifted comparison of a null int? is false, not unknown: test for NULL first.
                if (SqlComparer.TryCompare(left, right) is not { } order)
                {
                    return SqlValue.Null;
                }

                return FromTruth(Operator switch
                {
                    BinaryOperator.Less => order < 0,
                    BinaryOperator.LessOrEqual => order <= 0,
                    BinaryOperator.Greater => order > 0,
                    _ => order >= 0,
                });
            case BinaryOperator.Concat:
                return left.IsNull || right.IsNull ? SqlValue.Null : SqlValue.FromString(Arithmetic.AsText(left) + Arithmetic.AsText(right));
            default:
                return Arithmetic.Apply(Operator, left, right, this);
        }
    }
}

/// <summary><c>x IS [NOT] NULL</c>.</summary>
internal sealed class IsNullExpr(BoundExpr operand, bool negated) : BoundExpr
{
    public BoundExpr Operand { get; } = operand;

    public bool Negated { get; } = negated;

    public override IEnumerable<BoundExpr> Children => [Operand];

    public override SqlValue Eval(RowContext row) => FromTruth(Operand.Eval(row).IsNull != Negated);
}

/// <summary><c>x [NOT] IN (a, b, ...)</c>, with SQLite's NULL rules: no match and a NULL item is unknown.</summary>
internal sealed class InListExpr(BoundExpr operand, BoundExpr[] items, bool negated) : BoundExpr
{
    public BoundExpr Operand { get; } = operand;

    public BoundExpr[] Items { get; } = items;

    public bool Negated { get; } = negated;

    public override IEnumerable<BoundExpr> Children => [Operand, .. Items];

    public override SqlValue Eval(RowContext row)
    {
        var value = Operand.Eval(row);
        if (value.IsNull)
        {
            return SqlValue.Null;
        }

        var sawNull = false;
        foreach (var item in Items)
        {
            var candidate = item.Eval(row);
            if (candidate.IsNull)
            {
                sawNull = true;
            }
            else if (SqlComparer.AreEqual(value, candidate))
            {
                return FromTruth(!Negated);
            }
        }

        return sawNull ? SqlValue.Null : FromTruth(Negated);
    }
}

/// <summary><c>x [NOT] IN (SELECT ...)</c>; an uncorrelated subquery's values are gathered once per execution.</summary>
internal sealed class InSubqueryExpr(BoundExpr operand, int slot, bool negated, bool correlated = false) : BoundExpr, ICorrelatedExpr
{
    /// <inheritdoc/>
    public int ReadsSource { get; init; } = -1;

    /// <inheritdoc/>
    public ulong ReadsSources { get; init; }

    /// <summary>True when the subquery reads the outer row: its values are gathered again for each row.</summary>
    public bool Correlated { get; } = correlated;

    public BoundExpr Operand { get; } = operand;

    public int Slot { get; } = slot;

    public bool Negated { get; } = negated;

    /// <summary>True under a NOCASE collation: the operand arrives folded and the subquery's values are folded as gathered.</summary>
    public SqlCollation Collation { get; init; }

    public override IEnumerable<BoundExpr> Children => [Operand];

    public override SqlValue Eval(RowContext row)
    {
        var value = Operand.Eval(row);
        var set = Values(row);
        if (value.IsNull)
        {
            // Nothing is in an empty set, NULL included: NULL IN (empty) is false, as in SQLite.
            return set.Values.Count == 0 && !set.HasNull ? FromTruth(Negated) : SqlValue.Null;
        }

        if (set.Values.Contains(value))
        {
            return FromTruth(!Negated);
        }

        return set.HasNull ? SqlValue.Null : FromTruth(Negated);
    }

    public ValueSet Values(RowContext row)
    {
        if (Correlated || row.Subqueries[Slot] is not ValueSet set)
        {
            set = new ValueSet();
            foreach (var result in row.RunSubquery!(Slot, row))
            {
                if (result[0].IsNull)
                {
                    set.HasNull = true;
                }
                else
                {
                    set.Values.Add(CollationKeyExpr.Key(Collation, result[0]));
                }
            }

            row.Subqueries[Slot] = set;
        }

        return set;
    }

    /// <summary>A subquery's distinct values and whether it returned a NULL.</summary>
    internal sealed class ValueSet
    {
        public HashSet<SqlValue> Values { get; } = new(SqlComparer.Instance);

        public bool HasNull { get; set; }
    }
}

/// <summary><c>x [NOT] BETWEEN low AND high</c>: <c>x &gt;= low AND x &lt;= high</c>.</summary>
internal sealed class BetweenExpr(BoundExpr operand, BoundExpr low, BoundExpr high, bool negated) : BoundExpr
{
    public BoundExpr Operand { get; } = operand;

    public BoundExpr Low { get; } = low;

    public BoundExpr High { get; } = high;

    public bool Negated { get; } = negated;

    public override IEnumerable<BoundExpr> Children => [Operand, Low, High];

    public override SqlValue Eval(RowContext row)
    {
        var value = Operand.Eval(row);
        bool? above = SqlComparer.TryCompare(value, Low.Eval(row)) is { } low ? low >= 0 : null;
        if (above == false)
        {
            return FromTruth(Negated);
        }

        bool? below = SqlComparer.TryCompare(value, High.Eval(row)) is { } high ? high <= 0 : null;
        bool? result = below == false ? false : above == true && below == true ? true : null;
        return FromTruth(Negated ? !result : result);
    }
}

/// <summary><c>x [NOT] LIKE pattern</c>: ASCII letters match either case (unless the session set <c>PRAGMA case_sensitive_like</c>), <c>%</c> any run of characters, <c>_</c> one character.</summary>
internal sealed class LikeExpr(BoundExpr operand, BoundExpr pattern, bool negated) : PatternMatchExpr(operand, pattern, negated)
{
    protected override bool Matches(SqlValue value, SqlValue pattern, RowContext row)
    {
        var text = value.Kind == SqlKind.Text ? value.Bytes : System.Text.Encoding.UTF8.GetBytes(Arithmetic.AsText(value));
        var like = pattern.Kind == SqlKind.Text ? pattern.Bytes : System.Text.Encoding.UTF8.GetBytes(Arithmetic.AsText(pattern));
        return LikeMatcher.Matches(text.Span, like.Span, row.CaseSensitiveLike);
    }
}

