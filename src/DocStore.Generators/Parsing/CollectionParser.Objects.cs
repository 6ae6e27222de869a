using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using DocStore.Generators.Diagnostics;
using DocStore.Generators.Model;
using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Parsing;

internal sealed partial class CollectionParser
{
    /// <summary>Parses a document type once; later references (including recursive ones) get the same entry.</summary>
    private ObjectEntry? ParseObject(INamedTypeSymbol type, Location referenceLocation)
    {
        if (_objects.TryGetValue(type, out ObjectEntry? existing))
        {
            return existing;
        }

        var entry = new ObjectEntry(type, UniqueKey(type));
        _objects.Add(type, entry);
        _objectOrder.Add(entry);

        Location typeLocation = type.Locations.FirstOrDefault(l => l.IsInSource) is not null
            ? SourceLocations.TypeIdentifier(type)
            : referenceLocation;

        CollectMembers(entry, typeLocation);
        CheckStoredNames(entry, typeLocation);
        ConstructorChoice? constructor = ChooseConstructor(entry, typeLocation);
        if (constructor is null)
        {
            return entry;
        }

        var members = new List<MemberModel>();
        foreach (MemberCandidate candidate in entry.Candidates)
        {
            if (candidate.Shape is { } shape && Describe(candidate, shape, constructor) is { } member)
            {
                members.Add(member);
            }
        }

        // The first reference may be annotated (Money?); the type itself is named without the annotation.
        var plain = (INamedTypeSymbol)type.WithNullableAnnotation(NullableAnnotation.NotAnnotated);
        entry.Model = new ObjectModel(entry.Key, TypeNames.Of(plain), type.IsValueType, constructor.Parameters.Count, members.ToEquatableArray());
        return entry;
    }

    /// <summary>
    /// The name generated code gives the type's helpers (<c>WriteAddress</c>, <c>s_addressFields</c>): its name,
    /// after its containing types, with type arguments spelled out (<c>PairOfInt32AndMoney</c>); a second type
    /// with the same spelling gets a numeric suffix.
    /// </summary>
    private string UniqueKey(INamedTypeSymbol type)
    {
        string baseKey = KeyName(type);
        string key = baseKey;
        for (int i = 2; !_objectKeys.Add(key); i++)
        {
            key = baseKey + i.ToString(System.Globalization.CultureInfo.InvariantCulture);
        }

        return key;
    }

    private static string KeyName(ITypeSymbol type)
    {
        switch (type)
        {
            case IArrayTypeSymbol array:
                return "ArrayOf" + KeyName(array.ElementType);
            case INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable:
                return "Nullable" + KeyName(nullable.TypeArguments[0]);
            case INamedTypeSymbol named:
                string name = (named.ContainingType is { } outer ? KeyName(outer) : string.Empty) + Identifier(named.Name);
                return named.TypeArguments.Length == 0 ? name : name + "Of" + string.Join("And", named.TypeArguments.Select(KeyName));
            default:
                return Identifier(type.Name);
        }
    }

    private static string Identifier(string name)
    {
        var builder = new StringBuilder();
        foreach (char c in name)
        {
            if (char.IsLetterOrDigit(c) || c == '_')
            {
                builder.Append(c);
            }
        }

        return builder.Length == 0 ? "Type" : builder.ToString();
    }

    /// <summary>Public (or annotated) instance properties and fields, most-derived first, without computed properties.</summary>
    private void CollectMembers(ObjectEntry entry, Location typeLocation)
    {
        var seen = new HashSet<string>(StringComparer.Ordinal);
        for (INamedTypeSymbol? type = entry.Symbol; type is not null && type.SpecialType != SpecialType.System_Object && type.SpecialType != SpecialType.System_ValueType; type = type.BaseType)
        {
            foreach (ISymbol member in type.GetMembers())
            {
                _cancellationToken.ThrowIfCancellationRequested();
                if (StoredMemberType(member) is not { } memberType || !seen.Add(member.Name))
                {
                    continue;
                }

                string storedName = member.Name;
                if (FindAttribute(member, KnownNames.FieldAttribute) is { } field)
                {
                    storedName = field.ConstructorArguments.Length > 0 ? field.ConstructorArguments[0].Value as string ?? string.Empty : string.Empty;
                    if (storedName.Length == 0 || storedName.IndexOf('\0') >= 0)
                    {
                        Report(DiagnosticDescriptors.InvalidStoredName, SourceLocations.PositionalArgument(field, 0, typeLocation), storedName);
                    }
                }

                var candidate = new MemberCandidate(member, memberType, storedName);
                candidate.Shape = ResolveShape(memberType, member, typeLocation);
                entry.Candidates.Add(candidate);
            }
        }
    }

    /// <summary>The type of a member that is stored, or null for members that are not data.</summary>
    private static ITypeSymbol? StoredMemberType(ISymbol member)
    {
        if (member.IsStatic || member.IsImplicitlyDeclared || FindAttribute(member, KnownNames.IgnoreAttribute) is not null)
        {
            return null;
        }

        bool annotated = FindAttribute(member, KnownNames.KeyAttribute) is not null
            || FindAttribute(member, KnownNames.FieldAttribute) is not null
            || FindAttribute(member, KnownNames.IndexAttribute) is not null;

        switch (member)
        {
            case IPropertySymbol property when !property.IsIndexer && property.GetMethod is not null && property.RefKind == RefKind.None:
                if (!annotated && property.DeclaredAccessibility != Accessibility.Public)
                {
                    return null;
                }

                // A property with neither setter nor backing field is computed from other members: not data.
                if (property.SetMethod is null && BackingField(property) is null)
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

    private static IFieldSymbol? BackingField(IPropertySymbol property)
    {
        foreach (ISymbol member in property.ContainingType.GetMembers())
        {
            if (member is IFieldSymbol field && SymbolEqualityComparer.Default.Equals(field.AssociatedSymbol, property))
            {
                return field;
            }
        }

        return null;
    }

    private void CheckStoredNames(ObjectEntry entry, Location typeLocation)
    {
        var byName = new Dictionary<string, MemberCandidate>(StringComparer.Ordinal);
        foreach (MemberCandidate candidate in entry.Candidates)
        {
            if (byName.TryGetValue(candidate.StoredName, out MemberCandidate? first))
            {
                Location location = FindAttribute(candidate.Symbol, KnownNames.FieldAttribute) is { } field
                    ? SourceLocations.PositionalArgument(field, 0, typeLocation)
                    : SourceLocations.MemberName(candidate.Symbol, typeLocation);
                Report(DiagnosticDescriptors.DuplicateStoredName, location, first.Symbol.Name, candidate.Symbol.Name, entry.Symbol.Name, candidate.StoredName);
                continue;
            }

            byName.Add(candidate.StoredName, candidate);
        }
    }

    private MemberModel? Describe(MemberCandidate candidate, TypeShape shape, ConstructorChoice constructor)
    {
        ISymbol symbol = candidate.Symbol;
        bool sameAssembly = SymbolEqualityComparer.Default.Equals(symbol.ContainingAssembly, _root.ContainingAssembly);
        int parameterIndex = constructor.IndexOf(candidate);

        MemberAssignment assignment;
        string? accessorName = null;
        bool getterAccessible;
        string? getterAccessorName = null;

        if (symbol is IPropertySymbol property)
        {
            getterAccessible = IsAccessible(property.GetMethod!, sameAssembly);
            if (!getterAccessible)
            {
                getterAccessorName = "get_" + property.Name;
            }

            if (parameterIndex >= 0)
            {
                assignment = MemberAssignment.Constructor;
            }
            else if (property.IsRequired)
            {
                assignment = MemberAssignment.Required;
            }
            else if (property.SetMethod is { } setter)
            {
                bool direct = !setter.IsInitOnly && IsAccessible(setter, sameAssembly);
                assignment = direct ? MemberAssignment.Direct : MemberAssignment.SetterAccessor;
                accessorName = direct ? null : setter.Name;
            }
            else
            {
                assignment = MemberAssignment.FieldAccessor;
                accessorName = BackingField(property)!.Name;
            }
        }
        else
        {
            var field = (IFieldSymbol)symbol;
            getterAccessible = IsAccessible(field, sameAssembly);
            if (!getterAccessible)
            {
                getterAccessorName = field.Name;
            }

            if (parameterIndex >= 0)
            {
                assignment = MemberAssignment.Constructor;
            }
            else if (field.IsRequired)
            {
                assignment = MemberAssignment.Required;
            }
            else if (!field.IsReadOnly && getterAccessible)
            {
                assignment = MemberAssignment.Direct;
            }
            else
            {
                assignment = MemberAssignment.FieldAccessor;
                accessorName = field.Name;
            }
        }

        // UnsafeAccessor looks names up on the exact type of its first parameter, so accessors bind to
        // the declaring type (a base type for inherited members), not to the document type.
        return new MemberModel(symbol.Name, candidate.StoredName, shape, assignment, parameterIndex, accessorName,
            getterAccessible, getterAccessorName, symbol is IFieldSymbol, TypeNames.Of(symbol.ContainingType));
    }

    private static bool IsAccessible(ISymbol symbol, bool sameAssembly) =>
        symbol.DeclaredAccessibility switch
        {
            Accessibility.Public => true,
            Accessibility.Internal or Accessibility.ProtectedOrInternal => sameAssembly,
            _ => false,
        };
}
