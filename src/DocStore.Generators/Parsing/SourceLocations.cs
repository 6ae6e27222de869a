using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace DocStore.Generators.Parsing;

/// <summary>Finds the precise spot a diagnostic should point at: a type name, a member's type, an attribute argument.</summary>
internal static class SourceLocations
{
    public static Location TypeIdentifier(INamedTypeSymbol type)
    {
        foreach (SyntaxReference reference in type.DeclaringSyntaxReferences)
        {
            if (reference.GetSyntax() is BaseTypeDeclarationSyntax declaration)
            {
                return declaration.Identifier.GetLocation();
            }
        }

        return type.Locations.FirstOrDefault() ?? Location.None;
    }

    /// <summary>The type syntax of a property, field or positional record parameter; the member name otherwise.</summary>
    public static Location MemberType(ISymbol member, Location fallback)
    {
        foreach (SyntaxReference reference in member.DeclaringSyntaxReferences)
        {
            SyntaxNode node = reference.GetSyntax();
            TypeSyntax? type = node switch
            {
                PropertyDeclarationSyntax property => property.Type,
                VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax declaration } => declaration.Type,
                ParameterSyntax parameter => parameter.Type,
                _ => null,
            };
            if (type is not null)
            {
                return type.GetLocation();
            }
        }

        return MemberName(member, fallback);
    }

    public static Location MemberName(ISymbol member, Location fallback)
    {
        foreach (Location location in member.Locations)
        {
            if (location.IsInSource)
            {
                return location;
            }
        }

        return fallback;
    }

    public static Location Attribute(AttributeData attribute, Location fallback) =>
        attribute.ApplicationSyntaxReference?.GetSyntax().GetLocation() ?? fallback;

    /// <summary>The positional argument at <paramref name="index"/> (params arrays count one per element).</summary>
    public static Location PositionalArgument(AttributeData attribute, int index, Location fallback)
    {
        if (attribute.ApplicationSyntaxReference?.GetSyntax() is AttributeSyntax { ArgumentList: { } list })
        {
            int position = 0;
            foreach (AttributeArgumentSyntax argument in list.Arguments)
            {
                if (argument.NameEquals is not null || argument.NameColon is not null)
                {
                    continue;
                }

                if (position == index)
                {
                    return argument.GetLocation();
                }

                position++;
            }
        }

        return Attribute(attribute, fallback);
    }

    public static Location NamedArgument(AttributeData attribute, string name, Location fallback)
    {
        if (attribute.ApplicationSyntaxReference?.GetSyntax() is AttributeSyntax { ArgumentList: { } list })
        {
            foreach (AttributeArgumentSyntax argument in list.Arguments)
            {
                if (argument.NameEquals?.Name.Identifier.ValueText == name)
                {
                    return argument.GetLocation();
                }
            }
        }

        return Attribute(attribute, fallback);
    }
}
