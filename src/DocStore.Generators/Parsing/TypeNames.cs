using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Parsing;

/// <summary>How types are spelled in generated code: fully qualified, nullable annotations kept.</summary>
internal static class TypeNames
{
    private static readonly SymbolDisplayFormat Format = SymbolDisplayFormat.FullyQualifiedFormat
        .AddMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

    public static string Of(ITypeSymbol type) => type.ToDisplayString(Format);

    /// <summary>The metadata-style name used to recognize well-known types (<c>System.Guid</c>).</summary>
    public static string MetadataName(ITypeSymbol type) =>
        type.ContainingNamespace is { IsGlobalNamespace: false } ns ? ns.ToDisplayString() + "." + type.MetadataName : type.MetadataName;
}
