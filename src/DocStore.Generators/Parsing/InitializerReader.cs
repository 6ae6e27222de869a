using System.Globalization;
using System.Linq;
using DocStore.Generators.Model;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace DocStore.Generators.Parsing;

/// <summary>
/// What a member set after construction reads as when its field is missing: deserialization leaves it
/// at its initializer, so a compiled query must read it so too. A literal, a negated literal, a constant,
/// an enum member or <c>string.Empty</c> is a constant the query can use; any other initializer, a
/// constructor body that may assign the member, or a type from another assembly (whose source is not
/// seen) is unknown, and only the deserialized document tells. <c>= new()</c> of a class whose constructors
/// set nothing is a fresh object, whose members read as their own initializers.
/// </summary>
internal static class InitializerReader
{
    public static (MissingRead Missing, string? Value, EquatableArray<MemberInit> Inits) Read(INamedTypeSymbol owner, ISymbol member, TypeShape shape)
    {
        if (member.DeclaringSyntaxReferences.Length == 0 || HasConstructorBody(owner))
        {
            return (MissingRead.Unknown, null, default);
        }

        ExpressionSyntax? initializer = member.DeclaringSyntaxReferences[0].GetSyntax() switch
        {
            PropertyDeclarationSyntax property => property.Initializer?.Value,
            VariableDeclaratorSyntax variable => variable.Initializer?.Value,
            _ => null,
        };
        if (initializer is null)
        {
            return (MissingRead.Default, null, default);
        }

        ITypeSymbol type = member is IPropertySymbol p ? p.Type : ((IFieldSymbol)member).Type;
        if (FreshObject.Inits(initializer, type) is { } inits)
        {
            return (MissingRead.Fresh, null, inits);
        }

        Outcome outcome = Constant(initializer, type, member.ContainingType);
        return outcome.Kind switch
        {
            OutcomeKind.Default => (MissingRead.Default, null, default),
            OutcomeKind.Value => (MissingRead.Constant, $"(({shape.TypeName})({outcome.Text}))", default),
            _ => (MissingRead.Unknown, null, default),
        };
    }

    /// <summary>A constant initializer's value as C# text of <paramref name="type"/>; null when it is not one (or is the default).</summary>
    public static string? ConstantText(ExpressionSyntax initializer, ITypeSymbol type, INamedTypeSymbol container)
    {
        Outcome outcome = Constant(initializer, type, container);
        return outcome.Kind == OutcomeKind.Value
            ? $"(({type.WithNullableAnnotation(NullableAnnotation.NotAnnotated).ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat)})({outcome.Text}))"
            : null;
    }

    /// <summary>True when the type or a base declares a constructor with statements, which may set any member.</summary>
    public static bool HasConstructorBody(INamedTypeSymbol owner)
    {
        for (INamedTypeSymbol? type = owner; type is not null && type.SpecialType is not (SpecialType.System_Object or SpecialType.System_ValueType); type = type.BaseType)
        {
            foreach (IMethodSymbol constructor in type.InstanceConstructors)
            {
                if (constructor.IsImplicitlyDeclared)
                {
                    continue;
                }

                if (constructor.DeclaringSyntaxReferences.Length == 0)
                {
                    return true;
                }

                if (constructor.DeclaringSyntaxReferences[0].GetSyntax() is ConstructorDeclarationSyntax declared
                    && (declared.ExpressionBody is not null || declared.Initializer is not null || declared.Body is { Statements.Count: > 0 }))
                {
                    return true;
                }
            }
        }

        return false;
    }

    private enum OutcomeKind
    {
        Default,
        Value,
        Unknown,
    }

    private sealed record Outcome(OutcomeKind Kind, string Text)
    {
        public static readonly Outcome IsDefault = new(OutcomeKind.Default, string.Empty);

        public static readonly Outcome NotConstant = new(OutcomeKind.Unknown, string.Empty);
    }

    private static Outcome Constant(ExpressionSyntax expression, ITypeSymbol type, INamedTypeSymbol container)
    {
        switch (expression)
        {
            case ParenthesizedExpressionSyntax parenthesized:
                return Constant(parenthesized.Expression, type, container);
            case PostfixUnaryExpressionSyntax { RawKind: (int)SyntaxKind.SuppressNullableWarningExpression } suppressed:
                return Constant(suppressed.Operand, type, container);
            case LiteralExpressionSyntax { RawKind: (int)SyntaxKind.NullLiteralExpression or (int)SyntaxKind.DefaultLiteralExpression }:
            case DefaultExpressionSyntax:
                return Outcome.IsDefault;
            case LiteralExpressionSyntax literal:
                return Value(literal.Token.Value, type);
            case PrefixUnaryExpressionSyntax { RawKind: (int)SyntaxKind.UnaryMinusExpression, Operand: LiteralExpressionSyntax number }:
                return number.Token.Value is { } magnitude && IsNumber(magnitude) ? new Outcome(OutcomeKind.Value, "-" + number.Token.Text) : Outcome.NotConstant;
            case MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Empty", Expression: PredefinedTypeSyntax { Keyword.RawKind: (int)SyntaxKind.StringKeyword } or IdentifierNameSyntax { Identifier.ValueText: "String" } }:
                return Value(string.Empty, type);
            case MemberAccessExpressionSyntax { Name.Identifier.ValueText: var name, Expression: var owner } when type is INamedTypeSymbol { TypeKind: TypeKind.Enum } enumType
                && LastName(owner) == enumType.Name:
                return EnumMember(enumType, name);
            case IdentifierNameSyntax { Identifier.ValueText: var name }:
                return Const(type, container, name);
            default:
                return Outcome.NotConstant;
        }
    }

    /// <summary>The last identifier of a (qualified) type name: <c>Tier</c> of <c>App.Tier</c>.</summary>
    private static string? LastName(ExpressionSyntax owner) => owner switch
    {
        IdentifierNameSyntax identifier => identifier.Identifier.ValueText,
        MemberAccessExpressionSyntax access => access.Name.Identifier.ValueText,
        AliasQualifiedNameSyntax alias => alias.Name.Identifier.ValueText,
        _ => null,
    };

    /// <summary>An enum member of the member's own enum type, as its number.</summary>
    private static Outcome EnumMember(INamedTypeSymbol enumType, string name) =>
        enumType.GetMembers(name).OfType<IFieldSymbol>().FirstOrDefault() is { HasConstantValue: true, ConstantValue: { } number }
            ? new Outcome(OutcomeKind.Value, Convert.ToString(number, CultureInfo.InvariantCulture)!)
            : Outcome.NotConstant;

    /// <summary>A bare name: a <c>const</c> of the declaring type or a base (a static import is not looked for).</summary>
    private static Outcome Const(ITypeSymbol type, INamedTypeSymbol container, string name)
    {
        for (INamedTypeSymbol? owner = container; owner is not null; owner = owner.BaseType)
        {
            if (owner.GetMembers(name).OfType<IFieldSymbol>().FirstOrDefault() is { } field)
            {
                return field is { IsConst: true, HasConstantValue: true } ? Value(field.ConstantValue, type) : Outcome.NotConstant;
            }
        }

        return Outcome.NotConstant;
    }

    private static Outcome Value(object? value, ITypeSymbol type) => value switch
    {
        null => Outcome.IsDefault,
        string text when type.SpecialType == SpecialType.System_String => new Outcome(OutcomeKind.Value, SymbolDisplay.FormatLiteral(text, quote: true)),
        bool flag => new Outcome(OutcomeKind.Value, flag ? "true" : "false"),
        char c => new Outcome(OutcomeKind.Value, SymbolDisplay.FormatLiteral(c, quote: true)),
        double d when double.IsNaN(d) || double.IsInfinity(d) => Outcome.NotConstant,
        float f when float.IsNaN(f) || float.IsInfinity(f) => Outcome.NotConstant,
        _ when IsNumber(value) => new Outcome(OutcomeKind.Value, Number(value)),
        _ => Outcome.NotConstant,
    };

    private static bool IsNumber(object value) => value is byte or sbyte or short or ushort or int or uint or long or ulong or float or double or decimal;

    private static string Number(object value) => value switch
    {
        double d => d.ToString("R", CultureInfo.InvariantCulture) + "d",
        float f => f.ToString("R", CultureInfo.InvariantCulture) + "f",
        decimal m => m.ToString(CultureInfo.InvariantCulture) + "m",
        ulong u => u.ToString(CultureInfo.InvariantCulture) + "UL",
        uint u => u.ToString(CultureInfo.InvariantCulture) + "U",
        long l => l.ToString(CultureInfo.InvariantCulture) + "L",
        _ => Convert.ToString(value, CultureInfo.InvariantCulture)!,
    };
}
