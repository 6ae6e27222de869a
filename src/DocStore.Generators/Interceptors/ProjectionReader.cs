using System.Collections.Generic;
using System.Linq;
using DocStore.Generators.QueryChecks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace DocStore.Generators.Interceptors;

/// <summary>
/// A compiled <c>Select</c>: the members a projection reads (<c>p.Email</c>, a nested <c>p.Address.City</c>)
/// and how it builds its result from them (the member alone, a tuple, a named type's constructor and object
/// initializer). It is written twice: over the stored bytes, each member read with its generated field
/// reader, and over the deserialized document (null-safe through nested objects), which the run time uses
/// for a document that lacks one of the fields, so a missing member reads as after deserialization.
/// </summary>
/// <param name="Reads">The field reader calls, joined by <c>&amp;&amp;</c> (each binds <c>f0</c>, <c>f1</c>, ...).</param>
/// <param name="FromBytes">The result over the values read.</param>
/// <param name="FromDocument">The result over the document <c>p</c>.</param>
/// <param name="Anonymous">True when the result is an anonymous type: the interceptor is generic over it (its name cannot be written),
/// and the texts build the same anonymous type (same names, types and order in the same assembly).</param>
internal sealed record Projection(string Reads, string FromBytes, string FromDocument, bool Anonymous = false);

/// <summary>Reads a <c>Select</c> lambda into a <see cref="Projection"/>, or null when it is another form (anonymous types, computed values, captured values, sequences).</summary>
internal sealed class ProjectionReader(LambdaScope scope, PathResolver resolver, Func<string, string?> readers)
{
    private static readonly SymbolDisplayFormat s_format = SymbolDisplayFormat.FullyQualifiedFormat
        .AddMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

    private readonly List<string> _reads = new();
    private readonly Dictionary<string, int> _byPath = new(StringComparer.Ordinal);

    public static Projection? Read(QueryStep select, QueryModel model, Func<string, string?> readers)
    {
        if (select.Name != "Select" || select.Arguments.Length != 1 || LambdaScope.Lambda(select.Arguments[0]) is not { Symbol.Parameters.Length: 1 } lambda
            || LambdaScope.Body(lambda) is not { } body || body.Type is null
            || (body is IAnonymousObjectCreationOperation ? body.Type is INamedTypeSymbol { TypeArguments.Length: > 0 } : IsAnonymous(body.Type)))
        {
            return null;
        }

        var reader = new ProjectionReader(new LambdaScope(lambda.Symbol.Parameters[0], model.Root, null), new PathResolver(model), readers);
        var bytes = reader.Write(body, fromBytes: true);
        var document = bytes is null ? null : reader.Write(body, fromBytes: false);
        return document is null || reader._reads.Count == 0 ? null
            : new Projection(string.Join(" && ", reader._reads), bytes!, document, body is IAnonymousObjectCreationOperation);
    }

    private string? Write(IOperation operation, bool fromBytes)
    {
        switch (operation)
        {
            case IConversionOperation { IsImplicit: true, OperatorMethod: null } conversion when conversion.Type is { } type:
                return Write(conversion.Operand, fromBytes) is { } inner ? $"(({Display(type)}){inner})" : null;
            case ITupleOperation tuple:
                var elements = tuple.Elements.Select(e => Write(e, fromBytes)).ToList();
                return elements.Any(e => e is null) ? null : "(" + string.Join(", ", elements) + ")";
            case IObjectCreationOperation { Constructor: { } constructor, Type: INamedTypeSymbol type } creation when !type.IsAnonymousType:
                return Creation(creation, type, fromBytes);
            case IAnonymousObjectCreationOperation anonymous when operation.Parent is null or IReturnOperation:
                return Anonymous(anonymous, fromBytes);
            default:
                return Member(operation, fromBytes);
        }
    }

    private string? Creation(IObjectCreationOperation creation, INamedTypeSymbol type, bool fromBytes)
    {
        var arguments = new List<string>();
        foreach (IArgumentOperation argument in creation.Arguments)
        {
            if (argument.ArgumentKind != ArgumentKind.Explicit || Write(argument.Value, fromBytes) is not { } value)
            {
                return null;
            }

            arguments.Add(value);
        }

        var assignments = new List<string>();
        foreach (IOperation initializer in creation.Initializer?.Initializers ?? ImmutableArrayOfNone)
        {
            if (initializer is not ISimpleAssignmentOperation { Target: IMemberReferenceOperation { Instance: IInstanceReferenceOperation } target } assignment
                || Write(assignment.Value, fromBytes) is not { } value)
            {
                return null;
            }

            assignments.Add($"{target.Member.Name} = {value}");
        }

        if (type.IsTupleType)
        {
            // new ValueTuple<...>(a, b) (expression trees take no tuple literal) is written as the literal.
            return assignments.Count == 0 && arguments.Count >= 2 ? "(" + string.Join(", ", arguments) + ")" : null;
        }

        string init = assignments.Count == 0 ? string.Empty : " { " + string.Join(", ", assignments) + " }";
        return $"new {type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat)}({string.Join(", ", arguments)}){init}";
    }

    /// <summary><c>new { Name = ..., Age = ... }</c>, with the user's member names, types and order, so the compiler makes the same anonymous type.</summary>
    private string? Anonymous(IAnonymousObjectCreationOperation creation, bool fromBytes)
    {
        var members = new List<string>();
        foreach (IOperation initializer in creation.Initializers)
        {
            if (initializer is not ISimpleAssignmentOperation { Target: IPropertyReferenceOperation { Property: { } property } } assignment
                || IsAnonymous(property.Type) || Write(assignment.Value, fromBytes) is not { } value)
            {
                return null;
            }

            // Each value already has the member's type (conversions are written out), so the compiler infers the same anonymous type.
            members.Add($"{property.Name} = {value}");
        }

        return "new { " + string.Join(", ", members) + " }";
    }

    private static readonly System.Collections.Immutable.ImmutableArray<IOperation> ImmutableArrayOfNone = System.Collections.Immutable.ImmutableArray<IOperation>.Empty;

    /// <summary>A stored scalar reached through members (no sequence), read with its field reader or through the document.</summary>
    private string? Member(IOperation operation, bool fromBytes)
    {
        if (scope.IsFree(operation) || operation.Type is not { } type
            || resolver.Resolve(operation, scope) is not { Kind: OperandKind.Path, Path: { IsScalar: true } path } || path.IsInElement
            || readers(path.Text) is not { } reader || path.Shape!.IsNullableValue != IsNullable(type))
        {
            return null;
        }

        if (!fromBytes)
        {
            return Document(path.Text.Split('.'), 0, "p", type.ToDisplayString(s_format));
        }

        if (!_byPath.TryGetValue(path.Text, out int slot))
        {
            slot = _reads.Count;
            _byPath[path.Text] = slot;
            _reads.Add($"{reader}(document, fields, out var f{slot})");
        }

        return $"(({type.ToDisplayString(s_format)})f{slot})";
    }

    /// <summary><c>p.A.B</c> with each object on the way tested, the member's default through a missing one (as the run time projects it).</summary>
    private static string Document(string[] steps, int at, string owner, string display)
    {
        string member = owner + "." + steps[at];
        if (at == steps.Length - 1)
        {
            return member;
        }

        string next = "o" + at;
        return $"({member} is {{ }} {next} ? {Document(steps, at + 1, next, display)} : default({display})!)";
    }

    private static bool IsNullable(ITypeSymbol type) => type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T };

    private static bool IsAnonymous(ITypeSymbol? type) => type is null || type.IsAnonymousType
        || (type is INamedTypeSymbol named && named.TypeArguments.Any(IsAnonymous))
        || (type is INamedTypeSymbol { IsTupleType: true } tuple && tuple.TupleElements.Any(e => IsAnonymous(e.Type)));

    private static string Display(ITypeSymbol type) => type.ToDisplayString(s_format);
}
