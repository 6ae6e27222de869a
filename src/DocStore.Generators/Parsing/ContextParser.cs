using System.Collections.Generic;
using System.Linq;
using DocStore.Generators.Model;
using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Parsing;

/// <summary>Recognizes user classes deriving from <c>DocStore.DocStoreContext</c>.</summary>
internal static class ContextParser
{
    public static bool IsContext(INamedTypeSymbol type)
    {
        if (type.TypeKind != TypeKind.Class || type.IsAbstract)
        {
            return false;
        }

        for (INamedTypeSymbol? baseType = type.BaseType; baseType is not null; baseType = baseType.BaseType)
        {
            if (baseType.ToDisplayString() == KnownNames.DocStoreContext)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The context model, or null when the type is not a generatable context (not partial, nested, generic).</summary>
    public static ContextModel? Parse(INamedTypeSymbol type)
    {
        if (!IsContext(type) || type.ContainingType is not null || type.IsGenericType)
        {
            return null;
        }

        string accessibility = type.DeclaredAccessibility == Accessibility.Public ? "public" : "internal";
        string ns = type.ContainingNamespace.IsGlobalNamespace ? string.Empty : type.ContainingNamespace.ToDisplayString();
        bool lists = SymbolFacts.FindAttribute(type, KnownNames.ContextCollectionsAttribute) is not null;
        return new ContextModel(ns, type.Name, accessibility, lists, ListedTypes(type).Select(l => l.Type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat)).ToEquatableArray());
    }

    /// <summary>The types the context's <c>[ContextCollections]</c> lists (none without the attribute).</summary>
    public static IEnumerable<(ITypeSymbol Type, AttributeData Attribute)> ListedTypes(INamedTypeSymbol type)
    {
        if (SymbolFacts.FindAttribute(type, KnownNames.ContextCollectionsAttribute) is not { } attribute)
        {
            yield break;
        }

        foreach (TypedConstant argument in attribute.ConstructorArguments)
        {
            IEnumerable<TypedConstant> values = argument.Kind == TypedConstantKind.Array ? argument.Values : new[] { argument };
            foreach (TypedConstant value in values)
            {
                if (value.Value is ITypeSymbol listed)
                {
                    yield return (listed, attribute);
                }
            }
        }
    }
}
