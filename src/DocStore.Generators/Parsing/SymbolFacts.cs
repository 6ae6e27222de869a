using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Parsing;

/// <summary>Questions about symbols that the parser, the context parser and the analyzers all ask.</summary>
internal static class SymbolFacts
{
    /// <summary>The attribute of class <paramref name="metadataName"/> on <paramref name="symbol"/>, or null.</summary>
    public static AttributeData? FindAttribute(ISymbol symbol, string metadataName)
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

    /// <summary>True when generated code in the collection's assembly (<paramref name="sameAssembly"/>) may use <paramref name="symbol"/> directly.</summary>
    public static bool IsAccessible(ISymbol symbol, bool sameAssembly) =>
        symbol.DeclaredAccessibility switch
        {
            Accessibility.Public => true,
            Accessibility.Internal or Accessibility.ProtectedOrInternal => sameAssembly,
            _ => false,
        };

    /// <summary>The compiler's backing field of an auto-property, or null for a computed one.</summary>
    public static IFieldSymbol? BackingField(IPropertySymbol property)
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
}
