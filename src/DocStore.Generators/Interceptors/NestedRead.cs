using DocStore.Generators.QueryChecks;
using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Interceptors;

/// <summary>
/// A compiled scan's read of a member through nested objects (<c>p.Home.Zip</c>). The run time reads such a
/// path as null when a parent object is missing or null (LINQ-to-objects would throw
/// NullReferenceException there), and as the member's default when the parent is present without it. A
/// string or nullable member reads as null either way; a non-nullable value member is read lifted
/// (<c>int?</c>) and tells the two apart by reading the parent, which only happens when the member itself is
/// missing, so C#'s lifted operators give the run time's answer (null == 3 is false, null != 3 true).
/// </summary>
internal static class NestedRead
{
    /// <summary>True for a non-nullable value member below the top level.</summary>
    public static bool NeedsParent(DocumentPath path, ITypeSymbol type) =>
        path.Text.IndexOf('.') >= 0 && type.IsValueType
        && type is not INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T };

    /// <summary>The field reader of the path's parent object.</summary>
    public static string? Parent(DocumentPath path, Func<string, string?> readers) =>
        readers(path.Text.Substring(0, path.Text.LastIndexOf('.')));

    /// <summary>The lifted read: the value, the default (or the constant initializer) under a present parent, null under a missing one.</summary>
    public static string Lifted(string reader, string parent, string display, int m, string? missing = null) =>
        $"({reader}(document, fields, out var m{m}) ? ({display}?)m{m} : {parent}(document, fields, out _) ? ({display}?){missing ?? $"default({display})"} : ({display}?)null)";
}
