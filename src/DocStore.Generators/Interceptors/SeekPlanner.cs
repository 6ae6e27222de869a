using System.Collections.Generic;
using System.Linq;
using DocStore.Generators.Model;
using DocStore.Generators.QueryChecks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace DocStore.Generators.Interceptors;

/// <summary>
/// A compiled plan, before it is tied to a call site; its members are <see cref="CompiledCallSite"/>'s (ByKey: the
/// walk's matches sorted by primary key; Residual and ResidualValues: the conditions the index does not serve).
/// </summary>
internal sealed record SeekPlan(
    int Index, bool Unique, string Path, SeekKind Kind, bool IsString, string Filter, EquatableArray<SeekBound> Bounds, bool Ordered, bool Descending, string Test = "",
    bool ByKey = false, string Residual = "", EquatableArray<SeekBound> ResidualValues = default, int Components = 0);

/// <summary>
/// Chooses a compiled plan for <c>Where(filter)</c>, then optional ordering, <c>Skip</c> and <c>Take</c>: an
/// equality on a string or integer member, a range on an integer member (one or two comparisons joined by
/// <c>&amp;&amp;</c>) or <c>StartsWith</c> on a string member, where the member alone is the path of an
/// index that is not multikey. The results must be the run-time path's, so the order must come from the
/// index walk: ties of an equality come in key order; a range or prefix needs <c>OrderBy</c> on the member
/// (ties in key order: ascending, or descending with <c>ThenByDescending</c> on the key) unless the
/// terminal only counts. Anything else returns null and stays on the run-time path.
/// </summary>
internal static class SeekPlanner
{
    private const string Ns = "global::System.Linq.Expressions.";

    /// <summary>An index plan, else (given the field readers by member path) a scan with the filter on the stored bytes.</summary>
    public static SeekPlan? Plan(QueryModel model, IReadOnlyList<QueryStep> steps, bool orderMatters, Func<string, string?>? readers = null) =>
        Seek(model, steps, orderMatters)
        ?? (readers is null ? null
            : CompositePlanner.Plan(model, steps, orderMatters, readers) ?? ResidualPlanner.Plan(model, steps, orderMatters, readers) ?? ScanPlanner.Plan(model, steps, readers));

    private static SeekPlan? Seek(QueryModel model, IReadOnlyList<QueryStep> steps, bool orderMatters)
    {
        if (!Sequence(steps) || LambdaScope.Lambda(steps[0].Arguments[0]) is not { Symbol.Parameters.Length: 1 } lambda
            || LambdaScope.Body(lambda) is not { } body)
        {
            return null;
        }

        var scope = new LambdaScope(lambda.Symbol.Parameters[0], model.Root, null);
        var resolver = new PathResolver(model);
        var bounds = new List<(SeekBound Bound, DocumentPath Path, bool IsString)>();
        string? filter = Filter(body, scope, resolver, bounds, model);
        if (filter is null || bounds.Select(b => b.Path.Text).Distinct().Count() != 1)
        {
            return null;
        }

        return Walk(model, steps, orderMatters, scope, bounds, filter);
    }

    /// <summary>
    /// The plan for index conditions on one member (<paramref name="bounds"/>, bound by <paramref name="filter"/>) and an
    /// optional residual test: the index, and the order the walk gives or the primary-key sort it needs; null when no
    /// single-member index serves them or the ordering asks for another order.
    /// </summary>
    internal static SeekPlan? Walk(
        QueryModel model, IReadOnlyList<QueryStep> steps, bool orderMatters, LambdaScope scope, List<(SeekBound Bound, DocumentPath Path, bool IsString)> bounds, string filter,
        string residual = "", EquatableArray<SeekBound> residualValues = default)
    {
        DocumentPath path = bounds[0].Path;
        bool isString = bounds[0].IsString;
        if (path.Text != model.KeyPath && !path.WalkableWhenMissing)
        {
            // A missing member reads as an initializer the plan cannot check values against: the run time decides.
            return null;
        }

        if (bounds[0].Bound.Operator == "In")
        {
            // Key lookups come in key order: no ordering, or the key ascending.
            var byKey = Orderings(model, steps, scope.Parameter);
            return residual.Length > 0 || byKey is null || byKey.Count > 1 || (byKey.Count == 1 && (byKey[0].Path != model.KeyPath || byKey[0].Descending))
                ? null
                : new SeekPlan(-1, true, path.Text, SeekKind.In, isString, filter, new EquatableArray<SeekBound>(bounds.Select(b => b.Bound)), false, false);
        }

        if (Kind(bounds) is not { } kind || (isString && kind == SeekKind.Range) || (!isString && kind == SeekKind.Prefix))
        {
            return null;
        }

        int index = IndexOf(model, path);
        if (index < 0)
        {
            return null;
        }

        bool unique = model.Collection.Indexes[index].Unique && !path.IsInElement;
        var orderings = Orderings(model, steps, scope.Parameter);
        if (orderings is null)
        {
            return null;
        }

        bool ordered = orderings.Count > 0 && orderings[0].Path == path.Text;
        bool descending = false;
        bool sortByKey = false;
        if (orderMatters && !OrderHolds(model, kind, unique, path.Text, orderings, out descending))
        {
            // A range or prefix walk in the index's order, sorted by key: the run time's order without an ordering.
            sortByKey = kind != SeekKind.Equality
                && (orderings.Count == 0 || (orderings.Count == 1 && orderings[0].Path == model.KeyPath && !orderings[0].Descending));
            if (!sortByKey)
            {
                return null;
            }
        }

        return new SeekPlan(index, unique, path.Text, kind, isString, filter, new EquatableArray<SeekBound>(bounds.Select(b => b.Bound)), ordered && !sortByKey, descending,
            ByKey: sortByKey, Residual: residual, ResidualValues: residualValues);
    }

    /// <summary>Prefix for a StartsWith, equality for one <c>==</c>, else range; null for a list (<c>In</c>).</summary>
    internal static SeekKind? Kind(List<(SeekBound Bound, DocumentPath Path, bool IsString)> bounds) =>
        bounds.Any(b => b.Bound.Operator == "In") ? null
        : bounds.Any(b => b.Bound.Operator == "StartsWith") ? SeekKind.Prefix
        : bounds.All(b => b.Bound.Operator == "==") && bounds.Count == 1 ? SeekKind.Equality : SeekKind.Range;

    /// <summary>The position of the index whose one path is <paramref name="path"/> (multikey for an element), or -1.</summary>
    internal static int IndexOf(QueryModel model, DocumentPath path)
    {
        for (int i = 0; i < model.Indexes.Count; i++)
        {
            // A multikey index answers an element's equality (p.Tags.Contains(x)); the walk returns each document once.
            if (model.Indexes[i].Length == 1 && model.Indexes[i][0] == path.Text && model.Collection.Indexes[i].IsMultikey == path.IsInElement)
            {
                return i;
            }
        }

        return -1;
    }

    /// <summary>Where first, then OrderBy with at most one ThenBy, then Skip, then Take (each optional).</summary>
    internal static bool Sequence(IReadOnlyList<QueryStep> steps)
    {
        if (steps.Count == 0 || steps[0].Name != "Where" || steps[0].Arguments.Length != 1)
        {
            return false;
        }

        int stage = 0;
        foreach (QueryStep step in steps.Skip(1))
        {
            int next = step.Name switch
            {
                "OrderBy" or "OrderByDescending" when step.Arguments.Length == 1 => 1,
                "ThenBy" or "ThenByDescending" when step.Arguments.Length == 1 => 2,
                "Skip" when IsInt(step) => 3,
                "Take" when IsInt(step) => 4,
                _ => -1,
            };
            if (next <= stage || (next == 2 && stage != 1))
            {
                return false;
            }

            stage = next;
        }

        return true;
    }

    private static bool IsInt(QueryStep step) => step.Arguments.Length == 1 && step.Arguments[0].Type?.SpecialType == SpecialType.System_Int32;

    internal static List<(string Path, bool Descending)>? Orderings(QueryModel model, IReadOnlyList<QueryStep> steps, IParameterSymbol _)
    {
        var orderings = new List<(string, bool)>();
        var resolver = new PathResolver(model);
        foreach (QueryStep step in steps.Where(s => s.Name.StartsWith("OrderBy", StringComparison.Ordinal) || s.Name.StartsWith("ThenBy", StringComparison.Ordinal)))
        {
            if (LambdaScope.Lambda(step.Arguments[0]) is not { Symbol.Parameters.Length: 1 } lambda || LambdaScope.Body(lambda) is not { } body
                || resolver.Resolve(body, new LambdaScope(lambda.Symbol.Parameters[0], model.Root, null)) is not { Kind: OperandKind.Path, Path: { } path })
            {
                return null;
            }

            orderings.Add((path.Text, step.Name.EndsWith("Descending", StringComparison.Ordinal)));
        }

        return orderings;
    }

    /// <summary>True when the index walk gives the run time's order: the member's order, ties in key order.</summary>
    private static bool OrderHolds(QueryModel model, SeekKind kind, bool unique, string path, List<(string Path, bool Descending)> orderings, out bool descending)
    {
        descending = false;
        bool keyAscending = orderings.Count <= 1 || (orderings[1].Path == model.KeyPath && !orderings[1].Descending);
        if (kind == SeekKind.Equality)
        {
            // Every match has the same value: the member's order leaves them in key order, the walk's order.
            return orderings.Count == 0 || (orderings[0].Path == model.KeyPath && !orderings[0].Descending && orderings.Count == 1)
                || (orderings[0].Path == path && keyAscending);
        }

        if (orderings.Count == 0 || orderings[0].Path != path)
        {
            return false;
        }

        descending = orderings[0].Descending;
        if (unique)
        {
            // No two matches share a value: nothing after the member orders anything.
            return true;
        }

        return descending
            ? orderings.Count == 2 && orderings[1].Path == model.KeyPath && orderings[1].Descending
            : keyAscending;
    }

    /// <summary>The pattern that binds the filter's value operands, or null when the filter is not one this planner compiles.</summary>
    internal static string? Filter(IOperation body, LambdaScope scope, PathResolver resolver, List<(SeekBound, DocumentPath, bool)> bounds, QueryModel model)
    {
        switch (body)
        {
            case IInvocationOperation { TargetMethod.Name: "Contains" } contains when bounds.Count == 0:
                return ContainsFilter.Read(contains, scope, resolver, bounds, model);
            case IBinaryOperation { OperatorKind: BinaryOperatorKind.ConditionalAnd } both when bounds.Count == 0:
                string? left = Comparison(both.LeftOperand, scope, resolver, bounds);
                string? right = left is null ? null : Comparison(both.RightOperand, scope, resolver, bounds);
                return right is null || bounds.Any(b => b.Item3) ? null
                    : $"{Ns}BinaryExpression {{ NodeType: {Ns}ExpressionType.AndAlso, Left: {left}, Right: {right} }}";
            case IInvocationOperation { TargetMethod.Name: "StartsWith", TargetMethod.ContainingType.SpecialType: SpecialType.System_String, Instance: { } instance } call
                when call.Arguments.Length == 1 || (call.Arguments.Length == 2 && IsOrdinal(call.Arguments[1].Value)):
                if (resolver.Resolve(instance, scope) is not { Kind: OperandKind.Path, Path: { Shape.Kind: ShapeKind.String } path } || path.IsInElement
                    || resolver.Resolve(call.Arguments[0].Value, scope).Kind != OperandKind.Value)
                {
                    return null;
                }

                int at = bounds.Count;
                bounds.Add((new SeekBound("StartsWith", NameOf(call.Arguments[0].Value, at), Missing: path.ConstantWhenMissing ?? string.Empty), path, true));
                return $"{Ns}MethodCallExpression {{ Method.Name: \"StartsWith\", Arguments: [var v{at}, ..] }}";
            default:
                return Comparison(body, scope, resolver, bounds);
        }
    }

    internal static string? Comparison(IOperation operation, LambdaScope scope, PathResolver resolver, List<(SeekBound, DocumentPath, bool)> bounds)
    {
        if (operation is not IBinaryOperation binary || Operator(binary.OperatorKind) is not { } op)
        {
            return null;
        }

        Operand left = resolver.Resolve(binary.LeftOperand, scope);
        Operand right = resolver.Resolve(binary.RightOperand, scope);
        bool memberLeft = left.Kind == OperandKind.Path && right.Kind == OperandKind.Value;
        bool memberRight = right.Kind == OperandKind.Path && left.Kind == OperandKind.Value;
        if (!memberLeft && !memberRight)
        {
            return null;
        }

        DocumentPath path = memberLeft ? left.Path! : right.Path!;
        if (path.IsInElement || path.Shape is not { IsNullableValue: false } shape)
        {
            return null;
        }

        bool isString = shape.Kind == ShapeKind.String;
        SpecialType compared = binary.LeftOperand.Type?.SpecialType ?? SpecialType.None;
        if (isString ? (op != "==" || compared != SpecialType.System_String)
            : shape.Kind is not (ShapeKind.Int32 or ShapeKind.Int64) || compared is not (SpecialType.System_Int32 or SpecialType.System_Int64))
        {
            return null;
        }

        IOperation value = memberLeft ? binary.RightOperand : binary.LeftOperand;
        int slot = bounds.Count;
        bounds.Add((new SeekBound(memberLeft ? op : Flip(op), NameOf(value, slot), Missing: path.ConstantWhenMissing ?? string.Empty), path, isString));
        string side = memberLeft ? "Right" : "Left";
        return $"{Ns}BinaryExpression {{ NodeType: {Ns}ExpressionType.{NodeType(binary.OperatorKind)}, {side}: var v{slot} }}";
    }

    private static string? Operator(BinaryOperatorKind kind) => kind switch
    {
        BinaryOperatorKind.Equals => "==",
        BinaryOperatorKind.LessThan => "<",
        BinaryOperatorKind.LessThanOrEqual => "<=",
        BinaryOperatorKind.GreaterThan => ">",
        BinaryOperatorKind.GreaterThanOrEqual => ">=",
        _ => null,
    };

    private static string NodeType(BinaryOperatorKind kind) => kind switch
    {
        BinaryOperatorKind.Equals => "Equal",
        BinaryOperatorKind.LessThan => "LessThan",
        BinaryOperatorKind.LessThanOrEqual => "LessThanOrEqual",
        BinaryOperatorKind.GreaterThan => "GreaterThan",
        _ => "GreaterThanOrEqual",
    };

    private static string Flip(string op) => op switch
    {
        "<" => ">",
        "<=" => ">=",
        ">" => "<",
        ">=" => "<=",
        _ => op,
    };

    /// <summary>The value's name in the plan text: the variable, parameter or member it reads, else p and its position.</summary>
    internal static string NameOf(IOperation value, int slot) => PathResolver.StripConversions(value) switch
    {
        ILocalReferenceOperation local => local.Local.Name,
        IParameterReferenceOperation parameter => parameter.Parameter.Name,
        IFieldReferenceOperation field => field.Field.Name,
        IPropertyReferenceOperation property => property.Property.Name,
        _ => "p" + slot,
    };

    private static bool IsOrdinal(IOperation comparison) =>
        PathResolver.StripConversions(comparison) is IFieldReferenceOperation { Field: { Name: "Ordinal", ContainingType: var type } }
        && type.ToDisplayString() == "System.StringComparison";
}
