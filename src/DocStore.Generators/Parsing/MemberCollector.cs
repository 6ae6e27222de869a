using System;
using System.Collections.Generic;
using DocStore.Generators.Diagnostics;
using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Parsing;

/// <summary>Finds the stored members of a document type, with their stored names and shapes.</summary>
internal sealed class MemberCollector(ParseSession session, ShapeResolver shapes)
{
    /// <summary>Public (or annotated) instance properties and fields, most-derived first, without computed properties.</summary>
    public void Collect(ObjectEntry entry, Location typeLocation)
    {
        var seen = new HashSet<string>(StringComparer.Ordinal);
        for (INamedTypeSymbol? type = entry.Symbol; type is not null && type.SpecialType != SpecialType.System_Object && type.SpecialType != SpecialType.System_ValueType; type = type.BaseType)
        {
            foreach (ISymbol member in type.GetMembers())
            {
                session.CancellationToken.ThrowIfCancellationRequested();
                if (StoredMemberType(member) is not { } memberType || !seen.Add(member.Name))
                {
                    continue;
                }

                string storedName = member.Name;
                if (SymbolFacts.FindAttribute(member, KnownNames.FieldAttribute) is { } field)
                {
                    storedName = field.ConstructorArguments.Length > 0 ? field.ConstructorArguments[0].Value as string ?? string.Empty : string.Empty;
                    if (storedName.Length == 0 || storedName.IndexOf('\0') >= 0)
                    {
                        session.Report(DiagnosticDescriptors.InvalidStoredName, SourceLocations.PositionalArgument(field, 0, typeLocation), storedName);
                    }
                }

                var candidate = new MemberCandidate(member, memberType, storedName);
                candidate.Shape = shapes.Resolve(memberType, member, typeLocation);
                entry.Candidates.Add(candidate);
            }
        }
    }

    /// <summary>Reports a stored name used by two members of one type.</summary>
    public void CheckStoredNames(ObjectEntry entry, Location typeLocation)
    {
        var byName = new Dictionary<string, MemberCandidate>(StringComparer.Ordinal);
        foreach (MemberCandidate candidate in entry.Candidates)
        {
            if (byName.TryGetValue(candidate.StoredName, out MemberCandidate? first))
            {
                Location location = SymbolFacts.FindAttribute(candidate.Symbol, KnownNames.FieldAttribute) is { } field
                    ? SourceLocations.PositionalArgument(field, 0, typeLocation)
                    : SourceLocations.MemberName(candidate.Symbol, typeLocation);
                session.Report(DiagnosticDescriptors.DuplicateStoredName, location, first.Symbol.Name, candidate.Symbol.Name, entry.Symbol.Name, candidate.StoredName);
                continue;
            }

            byName.Add(candidate.StoredName, candidate);
        }
    }

    /// <summary>The type of a member that is stored, or null for members that are not data.</summary>
    private static ITypeSymbol? StoredMemberType(ISymbol member)
    {
        if (member.IsStatic || member.IsImplicitlyDeclared || SymbolFacts.FindAttribute(member, KnownNames.IgnoreAttribute) is not null)
        {
            return null;
        }

        bool annotated = SymbolFacts.FindAttribute(member, KnownNames.KeyAttribute) is not null
            || SymbolFacts.FindAttribute(member, KnownNames.FieldAttribute) is not null
            || SymbolFacts.FindAttribute(member, KnownNames.IndexAttribute) is not null;

        switch (member)
        {
            case IPropertySymbol property when !property.IsIndexer && property.GetMethod is not null && property.RefKind == RefKind.None:
                if (!annotated && property.DeclaredAccessibility != Accessibility.Public)
                {
                    return null;
                }

                // A property with neither setter nor backing field is computed from other members: not data.
                if (property.SetMethod is null && SymbolFacts.BackingField(property) is null)
                {
                    return null;
                }

                return property.Type;
            case IFieldSymbol field when !field.IsConst && field.AssociatedSymbol is null:
                return annotated || field.DeclaredAccessibility == Accessibility.Public ? field.Type : null;
            default:
                return null;
        }
    }
}
