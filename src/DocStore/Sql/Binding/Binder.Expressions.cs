using System.Text;
using DocStore.Bson;
using DocStore.Bson.Interop;
using DocStore.Sql.Ast;
using DocStore.Sql.Binding.Names;
using DocStore.Sql.Bound;
using DocStore.Sql.Bound.Dates;
using DocStore.Sql.Execution;

namespace DocStore.Sql.Binding;

internal sealed partial class Binder
{
    private static readonly HashSet<string> AggregateNames = new(StringComparer.OrdinalIgnoreCase) { "COUNT", "SUM", "AVG", "MIN", "MAX", "TOTAL", "GROUP_CONCAT", "STRING_AGG" };

    /// <summary>A condition (WHERE, ON, HAVING): aggregates only where allowed, <c>[]</c> predicates wrapped.</summary>
    private BoundExpr BindPredicate(SqlExpression expression) => BindExpression(expression);

    private BoundExpr BindExpression(SqlExpression expression)
    {
        var text = Text(expression);
        switch (expression)
        {
            case IntegerLiteral integer:
                return new LiteralExpr(SqlValue.FromInt64(integer.Value)) { Text = text };
            case RealLiteral real:
                return new LiteralExpr(SqlValue.FromDouble(real.Value)) { Text = text };
            case StringLiteral s:
                return new LiteralExpr(SqlValue.FromString(s.Value)) { Text = text };
            case BooleanLiteral b:
                return new LiteralExpr(SqlValue.FromBoolean(b.Value)) { Text = text };
            case NullLiteral:
                return new LiteralExpr(SqlValue.Null) { Text = text };
            case DocumentLiteral document:
                return new LiteralExpr(DocumentValue(document)) { Text = text };
            case ParameterExpression parameter:
                return new ParameterExpr(_parameters.SlotOf(parameter)) { Text = text };
            case PathExpression path:
                return BindPath(path);
            case UnaryExpression unary:
                return new UnaryExpr(unary.Operator, BindExpression(unary.Operand)) { Text = text };
            case BinaryExpression binary:
                var comparison = binary.Operator is BinaryOperator.Equal or BinaryOperator.NotEqual or BinaryOperator.Less or BinaryOperator.LessOrEqual
                    or BinaryOperator.Greater or BinaryOperator.GreaterOrEqual;
                var (left, right) = (BindExpression(binary.Left), BindExpression(binary.Right));
                if (comparison)
                {
                    (left, right) = WithAffinity(left, binary.Left, right, binary.Right);
                    (left, right) = WithCollation(left, right);
                }

                var bound = new BinaryExpr(binary.Operator, left, right) { Text = text };
                return comparison ? OverElements(bound) : bound;
            case IsNullExpression isNull:
                return OverElements(new IsNullExpr(BindExpression(isNull.Operand), isNull.Negated) { Text = text });
            case InListExpression inList:
                var item = BindExpression(inList.Operand);
                var items = inList.Items.Select(i => WithAffinity(BindExpression(i), i, item)).ToArray();
                (item, items) = WithListCollation(item, items);
                return OverElements(new InListExpr(item, items, inList.Negated) { Text = text });
            case InSubqueryExpression inSubquery:
                var operand = BindExpression(inSubquery.Operand);
                var set = BindSubquery(inSubquery.Query);
                SingleColumn(set, inSubquery.Query);
                var setCollation = SetCollation(operand, set);
                operand = Keyed(operand, setCollation);
                return OverElements(new InSubqueryExpr(operand, _subqueries.Count - 1, inSubquery.Negated, set.Correlated) { Text = text, ReadsSource = set.OuterSource, ReadsSources = set.OuterSources, Collation = setCollation });
            case BetweenExpression between:
                var tested = BindExpression(between.Operand);
                var low = WithAffinity(BindExpression(between.Low), between.Low, tested);
                var high = WithAffinity(BindExpression(between.High), between.High, tested);
                return OverElements(CollatedBetween(tested, low, high, between.Negated, text) ?? new BetweenExpr(tested, low, high, between.Negated) { Text = text });
            case LikeExpression like:
                return OverElements(new LikeExpr(BindExpression(like.Operand), BindExpression(like.Pattern), like.Negated) { Text = text });
            case FunctionCall call:
                return BindCall(call, text);
            case ScalarSubquery scalar:
                var single = BindSubquery(scalar.Query);
                SingleColumn(single, scalar.Query);
                return new ScalarSubqueryExpr(_subqueries.Count - 1, single.Correlated) { Text = text, ReadsSource = single.OuterSource, ReadsSources = single.OuterSources };
            case CaseExpression or CastExpression or ExistsExpression or IsExpression or GlobExpression or CollateExpression:
                return BindConditional(expression, text);
            default:
                throw SqlErrors.NotSupported(_sql, expression.Span, $"The expression '{text}' is not supported");
        }
    }

    private void SingleColumn(BoundSelect subquery, SelectQuery query)
    {
        if (subquery.Columns.Length != 1)
        {
            throw SqlErrors.NotSupported(_sql, query.Span, $"A subquery used as a value must return one column; this one returns {subquery.Columns.Length}");
        }
    }

    /// <summary>Wraps a predicate over <c>[]</c> paths so it is true when some element satisfies it.</summary>
    private static BoundExpr OverElements(BoundExpr predicate)
    {
        var result = predicate;
        foreach (var path in UnwrappedElementPaths(predicate).DistinctBy(p => p.Slot))
        {
            result = new AnyElementExpr(result, path) { Text = predicate.Text };
        }

        return result;
    }

    private static IEnumerable<PathExpr> UnwrappedElementPaths(BoundExpr node)
    {
        if (node is PathExpr { Expand: >= 0 } path)
        {
            yield return path;
        }
        else if (node is not AnyElementExpr)
        {
            foreach (var child in node.Children)
            {
                foreach (var inner in UnwrappedElementPaths(child))
                {
                    yield return inner;
                }
            }
        }
    }

    private BoundExpr BindCall(FunctionCall call, string text)
    {
        var name = CanonicalName(call.Name.Text.ToUpperInvariant());
        if (AggregateNames.Contains(name) && (call.Arguments.Length <= 1 || name is "GROUP_CONCAT" or "STRING_AGG"))
        {
            return BindAggregate(call, name, text);
        }

        if (BindCoreFunction(call, name, text) is { } core)
        {
            return core;
        }

        var dates = DateFunctionExpr.Arities.TryGetValue(name, out var arity);
        if (!dates && !FunctionExpr.Arities.TryGetValue(name, out arity))
        {
            throw SqlErrors.UnknownName(_sql, call.Name.Span, $"Unknown function '{call.Name.Text}' (functions: {string.Join(", ", AggregateNames.Concat(FunctionExpr.Arities.Keys).Concat(CoreFunctionNames).Concat(DateFunctionExpr.Arities.Keys).Distinct())})");
        }

        if (call.Star || call.Distinct || call.Arguments.Length < arity.Min || call.Arguments.Length > arity.Max)
        {
            var expected = arity.Max == int.MaxValue ? $"at least {arity.Min}" : arity.Min == arity.Max ? $"{arity.Min}" : $"{arity.Min} or {arity.Max}";
            throw SqlErrors.NotSupported(_sql, call.Span, $"{name} takes {expected} argument(s)");
        }

        BoundExpr[] arguments = [.. call.Arguments.Select(BindExpression)];
        return dates ? BindDateFunction(call, name, arguments, text) : new FunctionExpr(name, arguments) { Text = text };
    }

    private AggregateRefExpr BindAggregate(FunctionCall call, string name, string text)
    {
        if (!_aggregatesAllowed || _insideAggregate)
        {
            throw SqlErrors.NotSupported(_sql, call.Span, _insideAggregate
                ? $"An aggregate cannot contain another ({text})"
                : $"The aggregate {name} is not allowed here (only in the select list, HAVING and ORDER BY)");
        }

        if (call.Star && name != "COUNT")
        {
            throw SqlErrors.NotSupported(_sql, call.Span, $"{name}(*) is not an aggregate; only COUNT(*) is");
        }

        CheckAggregateArguments(call, name);

        BoundExpr? argument = null, separator = null;
        if (!call.Star)
        {
            _insideAggregate = true;
            try
            {
                argument = BindExpression(call.Arguments[0]);
                separator = call.Arguments.Length > 1 ? BindExpression(call.Arguments[1]) : null;
            }
            finally
            {
                _insideAggregate = false;
            }
        }

        var kind = call.Star ? AggregateKind.CountStar : name switch
        {
            "COUNT" => AggregateKind.Count,
            "SUM" => AggregateKind.Sum,
            "AVG" => AggregateKind.Avg,
            "MIN" => AggregateKind.Min,
            "TOTAL" => AggregateKind.Total,
            "GROUP_CONCAT" or "STRING_AGG" => AggregateKind.GroupConcat,
            _ => AggregateKind.Max,
        };
        var existing = _aggregates.FindIndex(a => a.Kind == kind && a.Distinct == call.Distinct && a.Argument?.Text == argument?.Text && a.Text == text);
        if (existing < 0)
        {
            _aggregates.Add(new AggregateSpec(kind, argument, call.Distinct, text) { Separator = separator });
            existing = _aggregates.Count - 1;
        }

        return new AggregateRefExpr(existing) { Text = text };
    }

    private BoundExpr BindPath(PathExpression path)
    {
        var segments = path.Segments;
        var text = Text(path);
        var head = segments[0];
        var resolved = _scope.ResolveHead(path);
        // Past the switch the head is a field of the source or its alias, so the source is known.
        var source = resolved.Source!;
        var first = resolved.Kind == PathHeadKind.Qualified ? 1 : 0;
        switch (resolved.Kind)
        {
            case PathHeadKind.WholeDocument:
                return new DocumentExpr(source.Index) { Text = text };
            case PathHeadKind.OuterQuery:
                return BindOuter(path);
            case PathHeadKind.Unknown when _sources.Count == 0:
                throw SqlErrors.UnknownName(_sql, head.Name.Span, $"Unknown column '{head.Name.Text}': the query has no FROM clause");
            case PathHeadKind.Unknown or PathHeadKind.Unresolvable:
                throw SqlErrors.UnknownName(_sql, head.Name.Span, $"Unknown field '{head.Name.Text}' in {_scope.UnknownFieldPlace(s => s.Collection.Name)}");
        }

        var ids = new ushort[segments.Length - first];
        var stored = new StringBuilder();
        var expand = -1;
        for (var i = first; i < segments.Length; i++)
        {
            var segment = segments[i];
            var name = ResolveField(source, segment.Name)
                ?? throw SqlErrors.UnknownName(_sql, segment.Name.Span, $"Unknown field '{segment.Name.Text}' in collection '{source.Collection.Name}'");
            Fields(source, false).TryGetId(name, out ids[i - first]);
            stored.Append(i > first ? "." : string.Empty).Append(name);
            if (segment.AnyElement)
            {
                if (expand >= 0)
                {
                    throw SqlErrors.NotSupported(_sql, segment.Span, $"The path '{text}' expands two arrays; at most one '[]' is allowed in a path");
                }

                expand = i - first;
                stored.Append("[]");
            }
        }

        var bound = new PathExpr(source.Index, ids, expand, expand >= 0 ? _elementSlots++ : -1, stored.ToString()) { Text = text };
        return ids.Length == 1 ? WithColumnCollation(source.Collection, stored.ToString(), bound) : bound;
    }

    /// <summary>Several sources have a field <paramref name="name"/>: the name must be qualified.</summary>
    private void ThrowAmbiguousField(SqlName name, IReadOnlyList<BoundSource> matches) =>
        throw SqlErrors.UnknownName(_sql, name.Span, $"The field '{name.Text}' is ambiguous: it is in {string.Join(" and ", matches.Select(m => $"'{m.Alias}'"))}; qualify it with a source name");

    /// <summary>The stored name <paramref name="name"/> resolves to: exact, then the one match ignoring case; null when none.</summary>
    private string? ResolveField(BoundSource source, SqlName name, bool fresh = false)
    {
        var fields = Fields(source, fresh);
        if (fields.TryGetId(name.Text, out _))
        {
            return name.Text;
        }

        if (!fresh && ResolveField(source, name, fresh: true) is { } refreshed)
        {
            return refreshed;
        }

        if (name.Quoted)
        {
            return null;
        }

        var matches = SqlNameMatch.IgnoringCase(fields.Select(f => f.Name), name.Text);
        if (matches.Count > 1)
        {
            throw SqlErrors.UnknownName(_sql, name.Span, $"The field name '{name.Text}' is ambiguous in '{source.Collection.Name}': it matches {string.Join(", ", matches.Select(m => $"'{m}'"))} ignoring case; quote the exact name");
        }

        return matches.Count == 1 ? matches[0] : null;
    }

    private IFieldDictionary Fields(BoundSource source, bool fresh) => _fields(source.Collection, fresh);

    private SqlValue DocumentValue(DocumentLiteral document)
    {
        try
        {
            var parsed = ExtendedJson.Parse(document.Json);
            return SqlValue.FromOther(parsed);
        }
        catch (BsonFormatException e)
        {
            throw SqlErrors.At(_sql, document.Span, DocStoreErrorCode.SqlType, $"The document literal is not valid Extended JSON: {e.Message}");
        }
    }
}
