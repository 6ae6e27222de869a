using System.Collections;
using System.Linq.Expressions;
using DocStore.Sql.Bound;
using BinaryOperator = DocStore.Sql.Ast.BinaryOperator;

namespace DocStore.Linq.Translation;

/// <summary>
/// The method calls a predicate may use: <c>StartsWith</c> (an ordinal prefix), <c>string.IsNullOrEmpty</c>,
/// <c>Equals</c>, <c>Contains</c> on an array member (some element equals) or on a captured list (IN), and
/// <c>Any</c> on an array member, with or without a predicate that one element must satisfy as a whole.
/// </summary>
internal sealed class CallTranslator(TranslationContext context, PredicateTranslator predicates)
{
    public BoundExpr Translate(MethodCallExpression call)
    {
        var method = call.Method;
        var name = method.Name;
        if (method.DeclaringType == typeof(string))
        {
            return name switch
            {
                "StartsWith" when call.Object is not null && call.Arguments.Count is 1 or 2 && call.Arguments[0].Type == typeof(string) => StartsWith(call),
                "IsNullOrEmpty" when call.Object is null => IsNullOrEmpty(call),
                "Equals" when call.Arguments.Count == (call.Object is null ? 2 : 1) => EqualsCall(call),
                _ => throw PredicateTranslator.Refuse(call, $"the string method {name} does not translate (StartsWith, IsNullOrEmpty and Equals do, and CompareOrdinal or Compare with StringComparison.Ordinal compared with 0)"),
            };
        }

        if (name == "Equals" && call.Object is not null && call.Arguments.Count == 1)
        {
            return EqualsCall(call);
        }

        if (name == "Contains")
        {
            var (source, item) = call.Object is null && call.Arguments.Count == 2 ? (call.Arguments[0], call.Arguments[1])
                : call.Object is null && call.Arguments.Count == 3 && context.TryValue(call.Arguments[2], out _, out var comparer) && comparer is null ? (call.Arguments[0], call.Arguments[1])
                : call.Object is not null && call.Arguments.Count == 1 ? (call.Object, call.Arguments[0])
                : throw PredicateTranslator.Refuse(call, "this overload of Contains does not translate");
            return Contains(call, Unspan(source), item);
        }

        if (name == "Any" && method.DeclaringType == typeof(Enumerable))
        {
            return Any(call);
        }

        throw PredicateTranslator.Refuse(call, $"the method {method.DeclaringType?.Name}.{name} does not translate (Equals, Contains on a sequence member or a list of values, Any and Count() on a sequence member, CompareTo compared with 0 do)");
    }

    private BoundExpr StartsWith(MethodCallExpression call)
    {
        if (call.Arguments.Count == 2 && !(context.TryValue(call.Arguments[1], out _, out var comparison) && comparison is StringComparison.Ordinal))
        {
            throw PredicateTranslator.Refuse(call, "StartsWith translates with StringComparison.Ordinal (or no comparison) only");
        }

        var member = predicates.Member(call.Object!);
        if (!context.TryValue(call.Arguments[0], out var slot, out var prefix))
        {
            throw PredicateTranslator.Refuse(call, "the prefix must be a value, not a member of the document");
        }

        if (prefix is null)
        {
            throw NullArguments.For(call.Arguments[0], "prefix", "string.StartsWith", "value");
        }

        var value = context.Parameter(ParameterKind.Value, slot, -1, call.Arguments[0]);
        var startsWith = new OrdinalPrefixExpr(member.Value, value) { Text = $"starts_with({member.Value.Text}, {value.Text})" };
        if (member.Deserialized is { } read)
        {
            // A missing string reads as its initializer, which may have the prefix: the document decides.
            var exact = new OrdinalPrefixExpr(read, value) { Text = startsWith.Text };
            var stored = PredicateTranslator.OrMissing(startsWith, member, missing => new OrdinalPrefixExpr(missing, value) { Text = $"starts_with({missing.Text}, {value.Text})" });
            return PredicateTranslator.And(stored, exact);
        }

        return startsWith;
    }

    private BoundExpr IsNullOrEmpty(MethodCallExpression call)
    {
        var operand = predicates.Member(call.Arguments[0]);
        var member = operand.Deserialized ?? operand.Value;
        var empty = new BinaryExpr(BinaryOperator.Equal, member, new LiteralExpr(SqlValue.FromString(string.Empty)) { Text = "''" }) { Text = $"{member.Text} = ''" };
        return PredicateTranslator.OrNull(empty, member);
    }

    private BoundExpr EqualsCall(MethodCallExpression call)
    {
        var (left, right) = call.Object is null ? (call.Arguments[0], call.Arguments[1]) : (call.Object, call.Arguments[0]);
        if (!context.TryValue(right, out _, out _))
        {
            (left, right) = (right, left);
        }

        if (!context.TryValue(right, out var slot, out var value))
        {
            throw PredicateTranslator.Refuse(call, "Equals needs a value on one side (comparing two members does not translate)");
        }

        var member = predicates.Member(left);
        var parameter = value is null ? null : context.Parameter(ParameterKind.Value, slot, -1, right);
        return PredicateTranslator.Compare(call, BinaryOperator.Equal, member, (BoundExpr?)parameter ?? new LiteralExpr(SqlValue.Null) { Text = "NULL" }, value is null ? 0 : ClrDefaults.SignAgainstDefault(value), value is null);
    }

    private BoundExpr Contains(MethodCallExpression call, Expression source, Expression item)
    {
        if (context.TryValue(source, out var listSlot, out var list))
        {
            // A captured list and a member: IN.
            var member = predicates.Member(item);
            if (list is null)
            {
                throw NullArguments.For(source, "list", "Enumerable.Contains", "source");
            }

            var items = new List<BoundExpr>();
            var hasNull = false;
            var hasDefault = false;
            var index = 0;
            foreach (var entry in (IEnumerable)list)
            {
                hasNull |= entry is null;
                hasDefault |= entry is not null && ClrDefaults.HasValueDefault(entry.GetType()) && entry.Equals(ClrDefaults.Of(entry.GetType()));
                items.Add(context.Parameter(ParameterKind.Item, listSlot, index++, source));
            }

            var missingMatches = ClrDefaults.HasValueDefault(member.Type) ? hasDefault : hasNull;
            if (items.Count == 0)
            {
                return new LiteralExpr(SqlValue.FromBoolean(false)) { Text = "FALSE" };
            }

            if (member.Deserialized is { } read)
            {
                // A missing member reads as its initializer: the list is tested on the member as deserialized.
                var exact = new InListExpr(read, [.. items], false) { Text = $"{read.Text} IN ({string.Join(", ", items.Select(i => i.Text))})" };
                return hasNull ? PredicateTranslator.OrNull(exact, read) : exact;
            }

            var inList = new InListExpr(member.Value, [.. items], false) { Text = $"{member.Value.Text} IN ({string.Join(", ", items.Select(i => i.Text))})" };
            return missingMatches ? PredicateTranslator.OrNull(inList, member.Value) : inList;
        }

        // An array member and a value: some element equals it.
        var path = MemberResolver.ElementPath(source, context) ?? throw PredicateTranslator.Refuse(call, "Contains needs an array member of the document or a captured list");
        if (!context.TryValue(item, out var slot, out var value))
        {
            throw PredicateTranslator.Refuse(call, "the item sought must be a value, not a member of the document");
        }

        BoundExpr test = value is null
            ? PredicateTranslator.IsNull(path, negated: false)
            : new BinaryExpr(BinaryOperator.Equal, path, context.Parameter(ParameterKind.Value, slot, -1, item)) { Text = $"{path.Text} = {context.Parameters[^1].Name}" };
        return new AnyElementExpr(test, path) { Text = test.Text };
    }

    private AnyElementExpr Any(MethodCallExpression call)
    {
        var path = MemberResolver.ElementPath(call.Arguments[0], context)
            ?? throw PredicateTranslator.Refuse(call, "Any needs an array member of the document");
        if (call.Arguments.Count == 1)
        {
            return new AnyElementExpr(new LiteralExpr(SqlValue.FromBoolean(true)) { Text = "TRUE" }, path) { Text = $"EXISTS {path.Text}" };
        }

        var lambda = call.Arguments[1] as LambdaExpression ?? throw PredicateTranslator.Refuse(call, "Any's predicate must be a lambda");
        var elementType = lambda.Parameters[0].Type;
        context.Scopes.Add(new ElementScope(lambda.Parameters[0], path, elementType));
        try
        {
            var inner = predicates.Translate(lambda.Body);
            return new AnyElementExpr(inner, path) { Text = $"ANY {path.Text} ({inner.Text})" };
        }
        finally
        {
            context.Scopes.RemoveAt(context.Scopes.Count - 1);
        }
    }

    /// <summary>C# 14 binds <c>array.Contains(x)</c> to the span overload through an implicit conversion; look through it.</summary>
    private static Expression Unspan(Expression source) => source switch
    {
        MethodCallExpression { Method.Name: "op_Implicit", Arguments: [var inner] } => inner,
        UnaryExpression { NodeType: ExpressionType.Convert, Operand: var inner } when source.Type.Name.StartsWith("ReadOnlySpan", StringComparison.Ordinal) || source.Type.Name.StartsWith("Span", StringComparison.Ordinal) => inner,
        _ => source,
    };
}
