using DocStore.Generators.Diagnostics;
using DocStore.Generators.Model;
using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Parsing;

/// <summary>Finds the one <c>[Key]</c> member of a collection type and checks that its type can be a key.</summary>
internal static class KeyParser
{
    public static KeyModel? Parse(ParseSession session, ObjectEntry root, Location typeLocation)
    {
        INamedTypeSymbol type = session.Root;
        MemberCandidate? key = null;
        foreach (MemberCandidate member in root.Candidates)
        {
            AttributeData? attribute = SymbolFacts.FindAttribute(member.Symbol, KnownNames.KeyAttribute);
            if (attribute is null)
            {
                continue;
            }

            if (key is not null)
            {
                session.Report(DiagnosticDescriptors.DuplicateKey, SourceLocations.Attribute(attribute, typeLocation), type.Name, key.Symbol.Name);
                continue;
            }

            key = member;
        }

        if (key is null)
        {
            session.Report(DiagnosticDescriptors.MissingKey, typeLocation, type.Name);
            return null;
        }

        if (key.Shape is not { } shape)
        {
            return null;
        }

        if (shape.IsNullableValue || shape.Kind is not (ShapeKind.ObjectId or ShapeKind.Guid or ShapeKind.Int32 or ShapeKind.Int64 or ShapeKind.String))
        {
            session.Report(DiagnosticDescriptors.UnsupportedKeyType, SourceLocations.MemberType(key.Symbol, typeLocation),
                key.Symbol.Name, key.Type.ToDisplayString());
            return null;
        }

        (MemberAssignment assignment, string? accessor) = MemberDescriber.KeyAssignment(session, key.Symbol);
        return new KeyModel(key.Symbol.Name, shape, assignment, accessor, TypeNames.Of(key.Symbol.ContainingType));
    }
}
