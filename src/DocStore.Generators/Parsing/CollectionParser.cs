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
/// (the analyzer reports them), so the two can never disagree about what is valid. The document types,
/// the key and the indexes are parsed by <see cref="ObjectParser"/>, <see cref="KeyParser"/> and
/// <see cref="IndexParser"/> over one <see cref="ParseSession"/>.
/// </summary>
internal static class CollectionParser
{
    /// <summary>Parses <paramref name="type"/>; returns null when it has errors (added to <paramref name="diagnostics"/> when given).</summary>
    public static CollectionModel? Parse(INamedTypeSymbol type, List<Diagnostic>? diagnostics, CancellationToken cancellationToken)
    {
        var session = new ParseSession(type, diagnostics, cancellationToken);
        Location typeLocation = SourceLocations.TypeIdentifier(type);
        string typeName = type.Name;

        if (type.ContainingType is not null || type.IsGenericType)
        {
            session.Report(DiagnosticDescriptors.InvalidCollectionType, typeLocation, typeName);
            return null;
        }

        if (!IsPartial(type))
        {
            session.Report(DiagnosticDescriptors.TypeNotPartial, typeLocation, typeName);
        }

        string collectionName = CollectionName(session, typeLocation);
        var objects = new ObjectParser(session);
        ObjectEntry? root = objects.Parse(type, typeLocation);
        KeyModel? key = root is null ? null : KeyParser.Parse(session, root, typeLocation);
        List<IndexModel> indexes = root is null ? new List<IndexModel>() : new IndexParser(session, objects).Parse(root, typeLocation);

        if (session.Failed || root is null || key is null)
        {
            return null;
        }

        return new CollectionModel(
            type.ContainingNamespace.IsGlobalNamespace ? string.Empty : type.ContainingNamespace.ToDisplayString(),
            typeName,
            TypeNames.Of(type),
            type.DeclaredAccessibility == Accessibility.Public,
            collectionName,
            key,
            objects.Order.Select(entry => entry.Model!).ToEquatableArray(),
            indexes.ToEquatableArray());
    }

    private static bool IsPartial(INamedTypeSymbol type) =>
        type.DeclaringSyntaxReferences.Any(reference =>
            reference.GetSyntax() is TypeDeclarationSyntax declaration
            && declaration.Modifiers.Any(SyntaxKind.PartialKeyword));

    private static string CollectionName(ParseSession session, Location typeLocation)
    {
        AttributeData? attribute = SymbolFacts.FindAttribute(session.Root, KnownNames.CollectionAttribute);
        if (attribute is { ConstructorArguments.Length: > 0 } && attribute.ConstructorArguments[0].Value is string explicitName)
        {
            if (!SyntaxFacts.IsValidIdentifier(explicitName))
            {
                session.Report(DiagnosticDescriptors.InvalidCollectionName, SourceLocations.PositionalArgument(attribute, 0, typeLocation), explicitName);
            }

            return explicitName;
        }

        return Pluralizer.Pluralize(session.Root.Name);
    }
}
