using System.Globalization;
using Microsoft.CodeAnalysis.CSharp;

namespace DocStore.Generators.Emit;

/// <summary>Spelling helpers for generated identifiers and literals.</summary>
internal static class Names
{
    /// <summary>A C# string literal with escapes.</summary>
    public static string Literal(string value) => SymbolDisplay.FormatLiteral(value, quote: true);

    /// <summary>
    /// A member or type name as the start of a PascalCase identifier: leading underscores dropped and the
    /// first letter upper-cased (<c>_hits</c> -> <c>Hits</c>); <c>Value</c> when nothing is left.
    /// </summary>
    public static string Pascal(string name)
    {
        string trimmed = name.TrimStart('_', '@');
        return trimmed.Length == 0 ? "Value" : char.ToUpperInvariant(trimmed[0]) + trimmed.Substring(1);
    }

    /// <summary>A member or type name as a camelCase local name, unescaped (<c>Email</c> -> <c>email</c>, <c>_hits</c> -> <c>hits</c>).</summary>
    public static string Camel(string name)
    {
        string pascal = Pascal(name);
        return char.ToLowerInvariant(pascal[0]) + pascal.Substring(1);
    }

    /// <summary>
    /// The name of one element of a sequence member, for loop variables (<c>tags</c> -> <c>tag</c>,
    /// <c>addresses</c> -> <c>address</c>, <c>entries</c> -> <c>entry</c>); a name that does not read as an
    /// English plural gets <c>Element</c> appended (<c>data</c> -> <c>dataElement</c>).
    /// </summary>
    public static string Singular(string camel)
    {
        if (camel == "people")
        {
            return "person";
        }

        if (camel == "children")
        {
            return "child";
        }

        if (camel.Length > 3 && camel.EndsWith("ies", System.StringComparison.Ordinal))
        {
            return camel.Substring(0, camel.Length - 3) + "y";
        }

        foreach (string sibilant in new[] { "sses", "shes", "ches", "xes", "zes" })
        {
            if (camel.Length > sibilant.Length && camel.EndsWith(sibilant, System.StringComparison.Ordinal))
            {
                return camel.Substring(0, camel.Length - 2);
            }
        }

        if (camel.Length > 1 && camel.EndsWith("s", System.StringComparison.Ordinal)
            && !camel.EndsWith("ss", System.StringComparison.Ordinal) && !camel.EndsWith("us", System.StringComparison.Ordinal)
            && !camel.EndsWith("is", System.StringComparison.Ordinal))
        {
            return camel.Substring(0, camel.Length - 1);
        }

        return camel + "Element";
    }

    public static string Int(int value) => value.ToString(CultureInfo.InvariantCulture);

    /// <summary>A type name without the <c>global::</c> prefixes, for messages and docs.</summary>
    public static string Display(string typeName) => typeName.Replace("global::", string.Empty);
}
