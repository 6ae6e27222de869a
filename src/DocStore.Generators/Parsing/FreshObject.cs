using System.Collections.Generic;
using System.Linq;
using DocStore.Generators.Model;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace DocStore.Generators.Parsing;

/// <summary>
/// Recognizes <c>= new()</c>, <c>= new T()</c> and <c>= new T { M = constant }</c> of a class from this
/// compilation whose constructors (its bases' too) set nothing: a document without the member deserializes
/// to that object, so a query can read the object's members as their own initializers, or as the constants
/// the object initializer sets, without deserializing.
/// </summary>
internal static class FreshObject
{
    /// <summary>The members the initializer sets, when it makes such an object; null otherwise.</summary>
    public static EquatableArray<MemberInit>? Inits(ExpressionSyntax initializer, ITypeSymbol type)
    {
        (ArgumentListSyntax? arguments, InitializerExpressionSyntax? members, bool named) = initializer switch
        {
            ImplicitObjectCreationExpressionSyntax implicitNew => (implicitNew.ArgumentList, implicitNew.Initializer, true),
            ObjectCreationExpressionSyntax explicitNew => (explicitNew.ArgumentList, explicitNew.Initializer, LastName(explicitNew.Type) == type.Name),
            _ => (null, null, false),
        };
        if (!named || arguments is { Arguments.Count: > 0 }
            || type is not INamedTypeSymbol { TypeKind: TypeKind.Class, IsAbstract: false, IsGenericType: false } made
            || made.DeclaringSyntaxReferences.Length == 0
            || InitializerReader.HasConstructorBody(made)
            || !made.InstanceConstructors.Any(c => c.Parameters.Length == 0 && c.DeclaredAccessibility != Accessibility.Private))
        {
            return null;
        }

        var inits = new List<MemberInit>();
        foreach (ExpressionSyntax expression in members?.Expressions ?? default)
        {
            if (!members!.IsKind(SyntaxKind.ObjectInitializerExpression)
                || expression is not AssignmentExpressionSyntax { Left: IdentifierNameSyntax { Identifier.ValueText: var name }, Right: var value }
                || Member(made, name) is not { } target
                || InitializerReader.ConstantText(value, target, made) is not { } text)
            {
                return null;
            }

            inits.Add(new MemberInit(name, text));
        }

        return inits.ToEquatableArray();
    }

    private static string? LastName(TypeSyntax type) => type switch
    {
        IdentifierNameSyntax identifier => identifier.Identifier.ValueText,
        QualifiedNameSyntax qualified => qualified.Right.Identifier.ValueText,
        AliasQualifiedNameSyntax alias => alias.Name.Identifier.ValueText,
        _ => null,
    };

    /// <summary>The type of the property or field <paramref name="name"/> on the type or a base.</summary>
    private static ITypeSymbol? Member(INamedTypeSymbol type, string name)
    {
        for (INamedTypeSymbol? owner = type; owner is not null; owner = owner.BaseType)
        {
            foreach (ISymbol member in owner.GetMembers(name))
            {
                switch (member)
                {
                    case IPropertySymbol property:
                        return property.Type;
                    case IFieldSymbol field:
                        return field.Type;
                }
            }
        }

        return null;
    }
}
