using DocStore.Sql.Ast;
using DocStore.Sql.Bound;
using DocStore.Sql.Execution;

namespace DocStore.Sql.Planning;

/// <summary>What a conjunct says about one path: equal to one of some values, within bounds, or starting with a prefix.</summary>
internal enum ConditionKind
{
    Equal,
    Range,
    Prefix,
}

/// <summary>A conjunct that an index or the primary key can answer: a condition on <see cref="Path"/> by values free of that source.</summary>
internal sealed record Condition(BoundExpr Conjunct, PathExpr Path, ConditionKind Kind, BoundExpr[] Values, BoundExpr? Low, BoundExpr? High, string? Prefix)
{
    /// <summary>A range that also matches NULL or missing (see <see cref="NullInclusiveRanges"/>).</summary>
    public bool IncludesNull { get; init; }

    /// <summary>For <see cref="IncludesNull"/>: a test of the statement's values alone that NULL entries can match at all; null when they always can.</summary>
    public BoundExpr? NullGuard { get; init; }
}

/// <summary>Splitting filters into conjuncts, and recognizing the ones an index can answer.</summary>
internal static class Conjuncts
{
    public static List<BoundExpr> Split(BoundExpr? expression)
    {
        var result = new List<BoundExpr>();
        Add(expression, result);
        return result;
    }

    public static BoundExpr? Combine(IReadOnlyList<BoundExpr> conjuncts)
    {
        if (conjuncts.Count == 0)
        {
            return null;
        }

        var result = conjuncts[0];
        for (var i = 1; i < conjuncts.Count; i++)
        {
            result = new BinaryExpr(BinaryOperator.And, result, conjuncts[i]) { Text = $"{result.Text} AND {conjuncts[i].Text}" };
        }

        return result;
    }

    /// <summary>The highest source index the expression reads; -1 when it reads none (constants, parameters, uncorrelated subqueries).</summary>
    public static int MaxSource(BoundExpr expression)
    {
        var max = -1;
        foreach (var node in expression.Walk())
        {
            max = Math.Max(max, node switch
            {
                PathExpr path => path.Source,
                DocumentExpr document => document.Source,
                ICorrelatedExpr subquery => subquery.ReadsSource,
                _ => -1,
            });
        }

        return max;
    }

    /// <summary>
    /// The sources a conjunct reads when every subquery in it is correlated, counting exactly the sources
    /// each subquery reads; the plain <see cref="SourceMask"/> when it holds no subquery; null when a subquery
    /// in it reads no source of this query.
    /// </summary>
    public static ulong? CorrelatedMask(BoundExpr expression)
    {
        ulong subqueries = 0;
        foreach (var node in expression.Walk())
        {
            if (node is ICorrelatedExpr subquery)
            {
                if (subquery.ReadsSources == 0)
                {
                    return null;
                }

                subqueries |= subquery.ReadsSources;
            }
        }

        if (subqueries == 0)
        {
            return SourceMask(expression);
        }

        foreach (var node in expression.Walk())
        {
            var source = node switch
            {
                PathExpr path => path.Source,
                DocumentExpr document => document.Source,
                _ => -1,
            };
            subqueries |= source < 0 ? 0 : 1UL << Math.Min(source, 63);
        }

        return subqueries;
    }

    /// <summary>The sources the expression reads, one bit per source index (sources past 63 share the top bit).</summary>
    public static ulong SourceMask(BoundExpr expression)
    {
        ulong mask = 0;
        foreach (var node in expression.Walk())
        {
            // A correlated subquery records only the highest source it reads: count every source up to it.
            if (node is ICorrelatedExpr { ReadsSource: >= 0 } subquery)
            {
                mask |= subquery.ReadsSource >= 63 ? ulong.MaxValue : (1UL << (subquery.ReadsSource + 1)) - 1;
            }

            var source = node switch
            {
                PathExpr path => path.Source,
                DocumentExpr document => document.Source,
                _ => -1,
            };
            if (source >= 0)
            {
                mask |= 1UL << Math.Min(source, 63);
            }
        }

        return mask;
    }

    /// <summary>The condition <paramref name="conjunct"/> sets on a path of <paramref name="source"/>, with values that read only sources before it; null when it sets none.</summary>
    public static Condition? Recognize(BoundExpr conjunct, int source) => Recognize(conjunct, source, value => MaxSource(value) < source);

    /// <summary>The condition <paramref name="conjunct"/> sets on a path of <paramref name="source"/>, with values for which <paramref name="free"/> holds; null when it sets none.</summary>
    public static Condition? Recognize(BoundExpr conjunct, int source, Func<BoundExpr, bool> free)
    {
        var node = conjunct;
        PathExpr? element = null;
        if (node is AnyElementExpr { Predicate: var inner, Path: var expanded })
        {
            // "Some element equals / lies in / starts with": the multikey index holds one entry per element.
            node = inner;
            element = expanded;
            if (node is AnyElementExpr)
            {
                return null;
            }
        }

        Condition? condition = node switch
        {
            BinaryExpr { Operator: var op, Left: var left, Right: var value } when IsComparison(op) && PathOf(left, element) is { } path && free(value) => Compare(conjunct, path, op, value),
            BinaryExpr { Operator: var op, Left: var value, Right: var right } when IsComparison(op) && PathOf(right, element) is { } path && free(value) => Compare(conjunct, path, Mirror(op), value),
            InListExpr { Negated: false, Operand: var operand, Items: var items } when PathOf(operand, element) is { } path && items.All(free) =>
                new Condition(conjunct, path, ConditionKind.Equal, items, null, null, null),
            BetweenExpr { Negated: false, Operand: var operand, Low: var low, High: var high } when PathOf(operand, element) is { } path && free(low) && free(high) =>
                new Condition(conjunct, path, ConditionKind.Range, [], low, high, null),
            LikeExpr { Negated: false, Operand: var operand, Pattern: LiteralExpr { Value.Kind: SqlKind.Text } pattern }
                when PathOf(operand, element) is { } path && LikeMatcher.Prefix(pattern.Value.AsString()) is { Length: > 0 } prefix =>
                new Condition(conjunct, path, ConditionKind.Prefix, [], null, null, prefix),
            OrdinalPrefixExpr { Operand: var operand, Prefix: var value } when PathOf(operand, element) is { } path && free(value) =>
                new Condition(conjunct, path, ConditionKind.Prefix, [value], null, null, null),
            BinaryExpr { Operator: BinaryOperator.Or } or => NullInclusiveRanges.Recognize(conjunct, or, free),
            _ => null,
        };

        if (condition is null || condition.Path.Source != source || (condition.Path.Expand >= 0) != (element is not null))
        {
            return null;
        }

        // A '[]' range or prefix is walked on a multikey index like any other; the conjunct stays a filter.
        return condition;
    }

    /// <summary>
    /// The path <paramref name="operand"/> reads: itself, or inside an element test a field of the element
    /// (<c>l.Sku</c> in <c>Lines.Any(l =&gt; ...)</c>) as the element path an index names (<c>Lines[].Sku</c>).
    /// </summary>
    private static PathExpr? PathOf(BoundExpr operand, PathExpr? element) => operand switch
    {
        PathExpr path => path,
        ElementFieldExpr { StoredPath: { } stored } field when element is not null && field.Slot == element.Slot =>
            new PathExpr(element.Source, [.. element.Ids, .. field.Ids], element.Expand, element.Slot, stored) { Text = field.Text },
        _ => null,
    };

    internal static Condition? Compare(BoundExpr conjunct, PathExpr path, BinaryOperator op, BoundExpr value) => op switch
    {
        BinaryOperator.Equal => new Condition(conjunct, path, ConditionKind.Equal, [value], null, null, null),
        BinaryOperator.Less or BinaryOperator.LessOrEqual => new Condition(conjunct, path, ConditionKind.Range, [], null, value, null),
        BinaryOperator.Greater or BinaryOperator.GreaterOrEqual => new Condition(conjunct, path, ConditionKind.Range, [], value, null, null),
        _ => null,
    };

    internal static bool IsComparison(BinaryOperator op) =>
        op is BinaryOperator.Equal or BinaryOperator.Less or BinaryOperator.LessOrEqual or BinaryOperator.Greater or BinaryOperator.GreaterOrEqual;

    internal static BinaryOperator Mirror(BinaryOperator op) => op switch
    {
        BinaryOperator.Less => BinaryOperator.Greater,
        BinaryOperator.LessOrEqual => BinaryOperator.GreaterOrEqual,
        BinaryOperator.Greater => BinaryOperator.Less,
        BinaryOperator.GreaterOrEqual => BinaryOperator.LessOrEqual,
        _ => op,
    };

    private static void Add(BoundExpr? expression, List<BoundExpr> into)
    {
        if (expression is BinaryExpr { Operator: BinaryOperator.And } and)
        {
            Add(and.Left, into);
            Add(and.Right, into);
        }
        else if (expression is not null)
        {
            into.Add(expression);
        }
    }
}
