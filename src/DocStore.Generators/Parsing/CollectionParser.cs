using System.Collections.Generic;
using System.Linq;
using System.Threading;
using DocStore.Generators.Diagnostics;
using DocStore.Generators.Model;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace DocStore.Generators.Parsing;

/// <summary>
/// Turns a <c>[Collection]</c> type symbol into a <see cref="CollectionModel"/>. The generator and the
/// analyzer share it: the generator ignores the diagnostics and emits nothing for a type that has any
/// (the analyzer reports them), so the two can never disagree about what is valid.
/// </summary>
internal sealed partial class CollectionParser
{
    private readonly INamedTypeSymbol _root;
    private readonly List<Diagnostic>? _diagnostics;
    private readonly CancellationToken _cancellationToken;
    private readonly Dictionary<ITypeSymbol, ObjectEntry> _objects = new(SymbolEqualityComparer.Default);
    private readonly List<ObjectEntry> _objectOrder = new();
    private readonly HashSet<string> _objectKeys = new();
    private bool _failed;

    private CollectionParser(INamedTypeSymbol root, List<Diagnostic>? diagnostics, CancellationToken cancellationToken)
    {
        _root = root;
        _diagnostics = diagnostics;
        _cancellationToken = cancellationToken;
    }

    /// <summary>Parses <paramref name="type"/>; returns null when it has errors (added to <paramref name="diagnostics"/> when given).</summary>
    public static CollectionModel? Parse(INamedTypeSymbol type, List<Diagnostic>? diagnostics, CancellationToken cancellationToken) =>
        new CollectionParser(type, diagnostics, cancellationToken).Parse();

    private CollectionModel? Parse()
    {
        Location typeLocation = SourceLocations.TypeIdentifier(_root);
        string typeName = _root.Name;

        if (_root.ContainingType is not null || _root.IsGenericType)
        {
            Report(DiagnosticDescriptors.InvalidCollectionType, typeLocation, typeName);
            return null;
        }

        if (!IsPartial(_root))
        {
            Report(DiagnosticDescriptors.TypeNotPartial, typeLocation, typeName);
        }

        string collectionName = CollectionName(typeLocation);
        ObjectEntry? root = ParseObject(_root, typeLocation);
        KeyModel? key = root is null ? null : ParseKey(root, typeLocation);
        List<IndexModel> indexes = root is null ? new List<IndexModel>() : ParseIndexes(root, typeLocation);

        if (_failed || root is null || key is null)
        {
            return null;
        }

        return new CollectionModel(
            _root.ContainingNamespace.IsGlobalNamespace ? string.Empty : _root.ContainingNamespace.ToDisplayString(),
            typeName,
            TypeNames.Of(_root),
            _root.DeclaredAccessibility == Accessibility.Public,
            collectionName,
            key,
            _objectOrder.Select(entry => entry.Model!).ToEquatableArray(),
            indexes.ToEquatableArray());
    }

    private static bool IsPartial(INamedTypeSymbol type) =>
        type.DeclaringSyntaxReferences.Any(reference =>
            reference.GetSyntax() is TypeDeclarationSyntax declaration
            && declaration.Modifiers.Any(SyntaxKind.PartialKeyword));

    private string CollectionName(Location typeLocation)
    {
        AttributeData? attribute = FindAttribute(_root, KnownNames.CollectionAttribute);
        if (attribute is { ConstructorArguments.Length: > 0 } && attribute.ConstructorArguments[0].Value is string explicitName)
        {
            if (!SyntaxFacts.IsValidIdentifier(explicitName))
            {
                Report(DiagnosticDescriptors.InvalidCollectionName, SourceLocations.PositionalArgument(attribute, 0, typeLocation), explicitName);
            }

            return explicitName;
        }

        return Pluralizer.Pluralize(_root.Name);
    }

    private KeyModel? ParseKey(ObjectEntry root, Location typeLocation)
    {
        MemberCandidate? key = null;
        foreach (MemberCandidate member in root.Candidates)
        {
            AttributeData? attribute = FindAttribute(member.Symbol, KnownNames.KeyAttribute);
            if (attribute is null)
            {
                continue;
            }

            if (key is not null)
            {
                Report(DiagnosticDescriptors.DuplicateKey, SourceLocations.Attribute(attribute, typeLocation), _root.Name, key.Symbol.Name);
                continue;
            }

            key = member;
        }

        if (key is null)
        {
            Report(DiagnosticDescriptors.MissingKey, typeLocation, _root.Name);
            return null;
        }

        if (key.Shape is not { } shape)
        {
            return null;
        }

        if (shape.IsNullableValue || shape.Kind is not (ShapeKind.ObjectId or ShapeKind.Guid or ShapeKind.Int32 or ShapeKind.Int64 or ShapeKind.String))
        {
            Report(DiagnosticDescriptors.UnsupportedKeyType, SourceLocations.MemberType(key.Symbol, typeLocation),
                key.Symbol.Name, key.Type.ToDisplayString());
            return null;
        }

        (MemberAssignment assignment, string? accessor) = KeyAssignment(key.Symbol);
        return new KeyModel(key.Symbol.Name, shape, assignment, accessor, TypeNames.Of(key.Symbol.ContainingType));
    }

    /// <summary>How a generated key is written back into a document, whatever the member's declared setter.</summary>
    private (MemberAssignment Assignment, string? Accessor) KeyAssignment(ISymbol member)
    {
        bool sameAssembly = SymbolEqualityComparer.Default.Equals(member.ContainingAssembly, _root.ContainingAssembly);
        if (member is IPropertySymbol property)
        {
            if (property.SetMethod is { } setter)
            {
                return !setter.IsInitOnly && IsAccessible(setter, sameAssembly)
                    ? (MemberAssignment.Direct, null)
                    : (MemberAssignment.SetterAccessor, setter.Name);
            }

            return (MemberAssignment.FieldAccessor, BackingField(property)!.Name);
        }

        var field = (IFieldSymbol)member;
        return !field.IsReadOnly && IsAccessible(field, sameAssembly)
            ? (MemberAssignment.Direct, null)
            : (MemberAssignment.FieldAccessor, field.Name);
    }

    internal static AttributeData? FindAttribute(ISymbol symbol, string metadataName)
    {
        foreach (AttributeData attribute in symbol.GetAttributes())
        {
            if (attribute.AttributeClass?.ToDisplayString() == metadataName)
            {
                return attribute;
            }
        }

        return null;
    }

    private void Report(DiagnosticDescriptor descriptor, Location location, params object?[] arguments)
    {
        _failed = true;
        if (_diagnostics is null)
        {
            return;
        }

        Diagnostic diagnostic = Diagnostic.Create(descriptor, location, arguments);
        // A nested type shared by two members is parsed once, but guard against double reports anyway.
        if (!_diagnostics.Any(existing => existing.Id == diagnostic.Id && existing.Location == diagnostic.Location))
        {
            _diagnostics.Add(diagnostic);
        }
    }
}
