using DocStore.Generators.Model;

namespace DocStore.Generators.QueryChecks;

/// <summary>
/// A path from a query's document to a stored value, written as index paths are: C# member names joined by
/// dots, <c>[]</c> after a sequence whose elements are stepped into (<c>Items[].Sku</c>).
/// </summary>
/// <param name="Text">The path as an <c>[Index]</c> argument would spell it; empty for the document itself.</param>
/// <param name="Shape">The shape of the value at the end of the path; null for the document itself.</param>
/// <param name="Object">The document type at the end of the path, when it is one.</param>
internal sealed record DocumentPath(string Text, TypeShape? Shape, ObjectModel? Object)
{
    /// <summary>True for a value stored as one scalar (what comparisons, orderings and indexes need).</summary>
    public bool IsScalar => Shape is { IsScalar: true };

    /// <summary>True for an array, list or set member.</summary>
    public bool IsSequence => Shape is { IsSequence: true };

    /// <summary>True for a path inside an element that <c>Any</c> tests (<c>Lines[].Sku</c>).</summary>
    public bool IsInElement => Text.Contains("[]");

    /// <summary>The path one step further, through <paramref name="member"/>.</summary>
    public DocumentPath Member(MemberModel member, ObjectModel? nested) =>
        new(Text.Length == 0 ? member.Name : Text + "." + member.Name, member.Type, nested);

    /// <summary>The path to each element of this sequence (<c>Tags[]</c>).</summary>
    public DocumentPath Elements(ObjectModel? element) => new(Text + "[]", Shape?.Element, element);
}
