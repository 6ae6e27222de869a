using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Interceptors;

/// <summary>
/// How a compiled scan compares an enum member: as its underlying number, since the expression tree holds
/// an enum comparison as one of numbers (<c>Convert(p.Kind) == 1</c>), so the value read from it is the
/// number; the member read through the field reader is converted to the same number. Dates compare as
/// their C# values, which order as the run time orders the stored ticks and instants.
/// </summary>
internal static class StoredForm
{
    /// <summary>True for an enum whose numbers the run time compares as 64-bit integers (not one over ulong).</summary>
    public static bool IsEnum(ITypeSymbol type) =>
        type is INamedTypeSymbol { TypeKind: TypeKind.Enum, EnumUnderlyingType: { } underlying }
        && underlying.SpecialType != SpecialType.System_UInt64;

    /// <summary>The type a value is unboxed as: an enum's underlying number (nullable when the compared type is), else the type.</summary>
    public static string StateType(ITypeSymbol type)
    {
        bool nullable = type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T };
        ITypeSymbol underlying = nullable ? ((INamedTypeSymbol)type).TypeArguments[0] : type;
        return underlying is INamedTypeSymbol { TypeKind: TypeKind.Enum, EnumUnderlyingType: { } number }
            ? number.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat) + (nullable ? "?" : string.Empty)
            : StoredTestReader.Display(type);
    }

    /// <summary>
    /// The member's read as compared: an enum converted to its nullable underlying number (a read through a
    /// missing parent is null, and a non-null value compares alike either way), anything else as read.
    /// </summary>
    public static string Compared(string read, ITypeSymbol type)
    {
        ITypeSymbol underlying = type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T, TypeArguments: [var inner] } ? inner : type;
        return underlying is INamedTypeSymbol { TypeKind: TypeKind.Enum, EnumUnderlyingType: { } number }
            ? $"(({number.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat)}?){read})"
            : read;
    }
}
