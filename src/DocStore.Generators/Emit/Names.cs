using System.Globalization;
using Microsoft.CodeAnalysis.CSharp;

namespace DocStore.Generators.Emit;

/// <summary>Spelling helpers for generated identifiers and literals.</summary>
internal static class Names
{
    /// <summary>A C# string literal with escapes.</summary>
    public static string Literal(string value) => SymbolDisplay.FormatLiteral(value, quote: true);

    /// <summary>camelCase parameter name, escaped with @ when it is a keyword.</summary>
    public static string Parameter(string name)
    {
        string camel = name.Length == 0 ? name : char.ToLowerInvariant(name[0]) + name.Substring(1);
        return SyntaxFacts.GetKeywordKind(camel) != SyntaxKind.None ? "@" + camel : camel;
    }

    public static string Int(int value) => value.ToString(CultureInfo.InvariantCulture);

    /// <summary>A type name without the <c>global::</c> prefixes, for messages and docs.</summary>
    public static string Display(string typeName) => typeName.Replace("global::", string.Empty);
}
