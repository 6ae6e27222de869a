using System.Collections.Generic;
using System.Linq;
using DocStore.Generators.Model;
using DocStore.Generators.QueryChecks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace DocStore.Generators.Interceptors;

/// <summary>
/// Reads a scan's filter into two texts: the pattern that binds its value operands in the expression tree
/// (<c>v0</c>, <c>v1</c>, ...) and the C# condition that tests a stored document through the generated
/// field readers, written with the filter's own operators so that C# decides what a missing member means,
/// as the run time does: a missing or null member reads as the member's default (0, false) or null. It
/// takes <c>&amp;&amp;</c>, <c>||</c>, <c>!</c>, a bool member, comparisons of members of a number,
/// string, bool, Guid, enum, DateTime or DateTimeOffset type (nullable too, and with null), top-level or
/// through nested objects, and an ordinal <c>StartsWith</c>. A member through a missing or null parent
/// reads as null, as the run time reads it (see <see cref="NestedRead"/>); an enum compares as its number.
/// A member with an initializer reads a missing field as deserialization does: as the constant, or, for
/// an initializer only the object gives, as the member of the deserialized document (<see cref="DeserializedRead"/>).
/// </summary>
internal sealed class StoredTestReader(LambdaScope scope, PathResolver resolver, Func<string, string?> readers)
{
    private const string Ns = "global::System.Linq.Expressions.";

    private static readonly SymbolDisplayFormat s_format = SymbolDisplayFormat.FullyQualifiedFormat
        .AddMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

    private int _reads;

    /// <summary>The value operands, in the order of <c>v0</c>, <c>v1</c>: their names and their C# types.</summary>
    public List<SeekBound> Values { get; } = new();

    /// <summary>The member paths the filter reads.</summary>
    public List<string> Paths { get; } = new();

    /// <summary>The pattern and the condition, or null when the filter has a part this reader does not compile.</summary>
    public (string Pattern, string Test)? Read(IOperation body)
    {
        switch (body)
        {
            case IBinaryOperation { OperatorKind: BinaryOperatorKind.ConditionalAnd or BinaryOperatorKind.ConditionalOr } both:
                if (Read(both.LeftOperand) is not { } left || Read(both.RightOperand) is not { } right)
                {
                    return null;
                }

                bool and = both.OperatorKind == BinaryOperatorKind.ConditionalAnd;
                return ($"{Ns}BinaryExpression {{ NodeType: {Ns}ExpressionType.{(and ? "AndAlso" : "OrElse")}, Left: {left.Pattern}, Right: {right.Pattern} }}",
                    $"({left.Test} {(and ? "&&" : "||")} {right.Test})");
            case IUnaryOperation { OperatorKind: UnaryOperatorKind.Not } not when not.Type?.SpecialType == SpecialType.System_Boolean:
                return Read(not.Operand) is { } inner ? ($"{Ns}UnaryExpression {{ NodeType: {Ns}ExpressionType.Not, Operand: {inner.Pattern} }}", "!" + inner.Test) : null;
            case IInvocationOperation { TargetMethod.Name: "StartsWith" } call:
                return StartsWith(call);
            case IBinaryOperation binary:
                return Comparison(binary);
            default:
                // A bool member alone is true only where it is stored as true.
                // Through a nested object it would read as null, which is no condition: such a member stays on the run-time path.
                return Member(body) is { Shape: { Kind: ShapeKind.Boolean, IsNullableValue: false } } path && !path.Text.Contains('.') && Read(path, body) is { } read
                    ? ($"{Ns}MemberExpression", read)
                    : null;
        }
    }

    private (string, string)? StartsWith(IInvocationOperation call)
    {
        if (call.TargetMethod.ContainingType.SpecialType != SpecialType.System_String || call.Instance is not { } instance
            || !(call.Arguments.Length == 1 || (call.Arguments.Length == 2 && IsOrdinal(call.Arguments[1].Value)))
            || Member(instance) is not { Shape.Kind: ShapeKind.String } path || resolver.Resolve(call.Arguments[0].Value, scope).Kind != OperandKind.Value
            || readers(path.Text) is not { } reader)
        {
            return null;
        }

        if (path.HasInitializer)
        {
            // A missing string may read as an initializer that has the prefix: test the value it reads as.
            if (Read(path, instance) is not { } text)
            {
                return null;
            }

            int prefixSlot = Value(call.Arguments[0].Value, "string", "StartsWith");
            int s = _reads++;
            return ($"{Ns}MethodCallExpression {{ Method.Name: \"StartsWith\", Arguments: [var v{prefixSlot}, ..] }}",
                $"({text} is {{ }} s{s} && s{s}.StartsWith(k.K{prefixSlot}, global::System.StringComparison.Ordinal))");
        }

        Paths.Add(path.Text);
        int slot = Value(call.Arguments[0].Value, "string", "StartsWith");
        int m = _reads++;
        return ($"{Ns}MethodCallExpression {{ Method.Name: \"StartsWith\", Arguments: [var v{slot}, ..] }}",
            $"({reader}(document, fields, out var m{m}) && m{m}.StartsWith(k.K{slot}, global::System.StringComparison.Ordinal))");
    }

    private (string, string)? Comparison(IBinaryOperation binary)
    {
        if (Operator(binary.OperatorKind) is not { } op)
        {
            return null;
        }

        bool memberLeft = resolver.Resolve(binary.RightOperand, scope).Kind == OperandKind.Value;
        IOperation memberSide = memberLeft ? binary.LeftOperand : binary.RightOperand;
        IOperation valueSide = memberLeft ? binary.RightOperand : binary.LeftOperand;
        if (resolver.Resolve(valueSide, scope).Kind != OperandKind.Value || Member(memberSide) is not { } path
            || !Comparable(path.Shape!, op) || (memberSide.Type ?? valueSide.Type) is not { } valueType || !Supported(valueType)
            || Read(path, memberSide) is not { } read)
        {
            return null;
        }

        int slot = Value(valueSide, StoredForm.StateType(valueType), op);
        string value = $"k.K{slot}";
        read = StoredForm.Compared(read, valueType);
        string side = memberLeft ? "Right" : "Left";
        return ($"{Ns}BinaryExpression {{ NodeType: {Ns}ExpressionType.{NodeType(binary.OperatorKind)}, {side}: var v{slot} }}",
            memberLeft ? $"({read} {op} {value})" : $"({value} {op} {read})");
    }

    /// <summary>A stored scalar of a supported type, top-level or through nested objects; null for anything else.</summary>
    private DocumentPath? Member(IOperation operation)
    {
        if (scope.IsFree(operation) || resolver.Resolve(operation, scope) is not { Kind: OperandKind.Path, Path: { } path }
            || path.IsInElement || path.Shape is not { IsScalar: true } shape || !IsSupported(shape.Kind))
        {
            return null;
        }

        return path;
    }

    /// <summary>
    /// The member as its C# value: the stored value, or the member's default (0, false, null) or constant
    /// initializer when missing or null; through a missing or null parent object, null.
    /// </summary>
    private string? Read(DocumentPath path, IOperation member)
    {
        if (readers(path.Text) is not { } reader || PathResolver.StripConversions(member).Type is not { } type)
        {
            return null;
        }

        string display = Display(type);
        int m = _reads++;
        bool lifted = NestedRead.NeedsParent(path, type);
        string read;
        if (path.HasInitializer && !(path.ConstantWhenMissing is not null && path.Last is { Type.CanBeNull: false } && !path.HasFreshParent))
        {
            // Missing reads as an initializer only the deserialized document gives (or null when stored null).
            if (DeserializedRead.Of(path, reader) is not { } deserialized)
            {
                return null;
            }

            string as_ = lifted ? display + "?" : display;
            read = $"({reader}(document, fields, out var m{m}) ? ({as_})m{m} : ({as_}){deserialized})";
        }
        else
        {
            // A value member keeps its constant initializer for a missing field and for a stored null alike.
            string missing = path.ConstantWhenMissing is { } constant ? $"({display}){constant}" : $"default({display})";
            read = $"({reader}(document, fields, out var m{m}) ? ({display})m{m} : {missing})";
            if (lifted)
            {
                if (NestedRead.Parent(path, readers) is not { } parent)
                {
                    return null;
                }

                read = NestedRead.Lifted(reader, parent, display, m, missing);
            }
        }

        Paths.Add(path.Text);
        return read;
    }

    private int Value(IOperation value, string type, string op)
    {
        Values.Add(new SeekBound(op, SeekPlanner.NameOf(value, Values.Count), type));
        return Values.Count - 1;
    }

    /// <summary>Order comparisons only on numbers.</summary>
    private static bool Comparable(TypeShape shape, string op) =>
        op is "==" or "!=" || shape.Kind is not (ShapeKind.String or ShapeKind.Boolean or ShapeKind.Guid);

    private static bool IsSupported(ShapeKind kind) => kind is ShapeKind.Boolean or ShapeKind.Byte or ShapeKind.SByte or ShapeKind.Int16
        or ShapeKind.UInt16 or ShapeKind.Int32 or ShapeKind.UInt32 or ShapeKind.Int64 or ShapeKind.Double or ShapeKind.Decimal
        or ShapeKind.String or ShapeKind.Guid or ShapeKind.Enum or ShapeKind.DateTime or ShapeKind.DateTimeOffset;

    /// <summary>
    /// The type both sides are compared as (the member side's, after the compiler's conversions: a null
    /// literal has none): the plan unboxes the value as it.
    /// </summary>
    private static bool Supported(ITypeSymbol type)
    {
        ITypeSymbol underlying = type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T, TypeArguments: [var inner] } ? inner : type;
        return underlying.SpecialType is SpecialType.System_Boolean or SpecialType.System_Byte or SpecialType.System_SByte or SpecialType.System_Int16
            or SpecialType.System_UInt16 or SpecialType.System_Int32 or SpecialType.System_UInt32 or SpecialType.System_Int64
            or SpecialType.System_Double or SpecialType.System_Decimal or SpecialType.System_String or SpecialType.System_DateTime
            || underlying.ToDisplayString() is "System.Guid" or "System.DateTimeOffset"
            || StoredForm.IsEnum(underlying);
    }

    /// <summary>The type as generated code names it; a reference type as nullable (a missing member reads as null).</summary>
    internal static string Display(ITypeSymbol type)
    {
        string text = type.ToDisplayString(s_format);
        return type.IsReferenceType && !text.EndsWith("?", StringComparison.Ordinal) ? text + "?" : text;
    }

    private static string? Operator(BinaryOperatorKind kind) => kind switch
    {
        BinaryOperatorKind.Equals => "==",
        BinaryOperatorKind.NotEquals => "!=",
        BinaryOperatorKind.LessThan => "<",
        BinaryOperatorKind.LessThanOrEqual => "<=",
        BinaryOperatorKind.GreaterThan => ">",
        BinaryOperatorKind.GreaterThanOrEqual => ">=",
        _ => null,
    };

    private static string NodeType(BinaryOperatorKind kind) => kind switch
    {
        BinaryOperatorKind.Equals => "Equal",
        BinaryOperatorKind.NotEquals => "NotEqual",
        BinaryOperatorKind.LessThan => "LessThan",
        BinaryOperatorKind.LessThanOrEqual => "LessThanOrEqual",
        BinaryOperatorKind.GreaterThan => "GreaterThan",
        _ => "GreaterThanOrEqual",
    };

    private static bool IsOrdinal(IOperation comparison) =>
        PathResolver.StripConversions(comparison) is IFieldReferenceOperation { Field: { Name: "Ordinal", ContainingType: var type } }
        && type.ToDisplayString() == "System.StringComparison";
}
