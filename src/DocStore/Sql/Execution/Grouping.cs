using DocStore.Sql.Binding;
using DocStore.Sql.Bound;
using DocStore.Sql.Planning;

namespace DocStore.Sql.Execution;

/// <summary>
/// GROUP BY and aggregates: rows are grouped by their key values (NULLs form one group; numbers equal
/// by value share a group), each group keeps the documents of its first row for the plain paths of the
/// select list, and aggregates accumulate as rows arrive. Without GROUP BY all rows are one group, which
/// exists even when there are no rows (COUNT(*) is then 0).
/// </summary>
internal static class Grouping
{
    public static IEnumerable<SqlValue[]> Groups(SelectPlan plan, RowContext row, IEnumerable<bool> rows, Func<RowContext, SqlValue[]> project)
    {
        var query = plan.Query;
        var groups = new Dictionary<SqlValue[], Group>(new RowComparer(query.GroupBy.Length));
        var order = new List<Group>();
        // One key buffer probes the groups; only a new group keeps a copy.
        var key = new SqlValue[query.GroupBy.Length];
        foreach (var _ in rows)
        {
            for (var i = 0; i < key.Length; i++)
            {
                key[i] = query.GroupBy[i].Eval(row);
            }

            if (!groups.TryGetValue(key, out var group))
            {
                group = new Group([.. key], [.. row.Docs], [.. query.Aggregates.Select(a => new Accumulator(a))]);
                groups[group.Key] = group;
                order.Add(group);
            }

            foreach (var accumulator in group.Accumulators)
            {
                accumulator.Add(row);
            }
        }

        if (order.Count == 0 && query.GroupBy.Length == 0)
        {
            order.Add(new Group([], new ReadOnlyMemory<byte>[query.Sources.Length], [.. query.Aggregates.Select(a => new Accumulator(a))]));
        }

        // Groups come out in key order, as SQLite's do, when no ORDER BY says otherwise.
        order.Sort((a, b) => CompareKeys(a.Key, b.Key));
        foreach (var group in order)
        {
            group.Docs.CopyTo(row.Docs, 0);
            row.Aggregates = [.. group.Accumulators.Select(a => a.Result())];
            if (query.Having is null || query.Having.Accepts(row))
            {
                yield return project(row);
            }
        }
    }

    private static int CompareKeys(SqlValue[] a, SqlValue[] b)
    {
        for (var i = 0; i < a.Length; i++)
        {
            var c = SqlComparer.Compare(a[i], b[i]);
            if (c != 0)
            {
                return c;
            }
        }

        return 0;
    }

    private sealed record Group(SqlValue[] Key, ReadOnlyMemory<byte>[] Docs, Accumulator[] Accumulators);

    /// <summary>One aggregate's running state for one group.</summary>
    private sealed class Accumulator(AggregateSpec spec)
    {
        private readonly HashSet<SqlValue>? _distinct = spec.Distinct ? new(SqlComparer.Instance) : null;
        private long _count;
        private long _integerSum;
        private double _realSum;
        private decimal _decimalSum;
        private bool _real;
        private bool _decimal;
        private SqlValue _extreme;
        private System.Text.StringBuilder? _text;

        // The name errors give the aggregate, made once rather than per row.
        private string? _name;

        public void Add(RowContext row)
        {
            if (spec.Kind == AggregateKind.CountStar)
            {
                _count++;
                return;
            }

            var value = spec.Argument!.Eval(row);
            if (value.IsNull || (_distinct is not null && !_distinct.Add(CollateExpr.Collated(spec.Argument, value))))
            {
                return;
            }

            _count++;
            switch (spec.Kind)
            {
                case AggregateKind.Total:
                    _real = true;
                    _realSum += SumInput(value).AsDouble();
                    break;
                case AggregateKind.GroupConcat:
                    AddText(row, value);
                    break;
                case AggregateKind.Sum or AggregateKind.Avg:
                    AddNumber(SumInput(value));
                    break;
                case AggregateKind.Min:
                    if (_count == 1 || SqlComparer.Compare(CollateExpr.Collated(spec.Argument, value), CollateExpr.Collated(spec.Argument, _extreme)) < 0)
                    {
                        _extreme = value;
                    }

                    break;
                case AggregateKind.Max:
                    if (_count == 1 || SqlComparer.Compare(CollateExpr.Collated(spec.Argument, value), CollateExpr.Collated(spec.Argument, _extreme)) > 0)
                    {
                        _extreme = value;
                    }

                    break;
            }
        }

        public SqlValue Result() => spec.Kind switch
        {
            AggregateKind.CountStar or AggregateKind.Count => SqlValue.FromInt64(_count),
            AggregateKind.Min or AggregateKind.Max => _count == 0 ? SqlValue.Null : _extreme,
            AggregateKind.Total => SqlValue.FromDouble(_realSum),
            AggregateKind.GroupConcat => _text is null ? SqlValue.Null : SqlValue.FromString(_text.ToString()),
            AggregateKind.Sum => _count == 0 ? SqlValue.Null : _real ? SqlValue.FromDouble(_realSum + (double)_decimalSum + _integerSum)
                : _decimal ? SqlValue.FromDecimal(_decimalSum + _integerSum) : SqlValue.FromInt64(_integerSum),
            _ => _count == 0 ? SqlValue.Null : _decimal && !_real ? SqlValue.FromDecimal((_decimalSum + _integerSum) / _count)
                : SqlValue.FromDouble((_realSum + (double)_decimalSum + _integerSum) / _count),
        };

        // As SQLite's sum(), avg() and total(): numeric text counts as its number; other text, and a blob, as a real of the number it starts with.
        private SqlValue SumInput(in SqlValue value) => value.Kind switch
        {
            SqlKind.Text when NumericText.TryParse(value.AsString(), out var number) => number,
            SqlKind.Text or SqlKind.Binary => SqlValue.FromDouble(FunctionArguments.Real(value)),
            _ => Arithmetic.RequireNumber(value, _name ??= spec.Kind.ToString().ToUpperInvariant(), spec.Argument!),
        };

        // The separator is the one given with this value (SQLite's rule); a NULL one adds nothing.
        private void AddText(RowContext row, in SqlValue value)
        {
            if (_text is null)
            {
                _text = new System.Text.StringBuilder();
            }
            else if (spec.Separator is null)
            {
                _text.Append(',');
            }
            else if (spec.Separator.Eval(row) is { IsNull: false } separator)
            {
                _text.Append(FunctionArguments.Text(separator));
            }

            _text.Append(FunctionArguments.Text(value));
        }

        private void AddNumber(in SqlValue number)
        {
            switch (number.Kind)
            {
                case SqlKind.Integer:
                    try
                    {
                        _integerSum = checked(_integerSum + number.Integer);
                    }
                    catch (OverflowException)
                    {
                        throw SqlErrors.Type($"{spec.Text} overflows a 64-bit integer.");
                    }

                    break;
                case SqlKind.Decimal:
                    _decimal = true;
                    _decimalSum += number.Number;
                    break;
                default:
                    _real = true;
                    _realSum += number.Real;
                    break;
            }
        }
    }
}
