using System.Collections.Generic;
using System.Linq;
using DocStore.Generators.Model;

namespace DocStore.Generators.QueryChecks;

/// <summary>
/// A path from a query's document to a stored value, written as index paths are: C# member names joined by
/// dots, <c>[]</c> after a sequence whose elements are stepped into (<c>Items[].Sku</c>).
/// </summary>
/// <param name="Text">The path as an <c>[Index]</c> argument would spell it; empty for the document itself.</param>
/// <param name="Shape">The shape of the value at the end of the path; null for the document itself.</param>
/// <param name="Object">The document type at the end of the path, when it is one.</param>
/// <param name="Last">The member the path ends with; null for the document or an element.</param>
/// <param name="Parent">The path one step shorter; null for the document.</param>
internal sealed record DocumentPath(string Text, TypeShape? Shape, ObjectModel? Object, MemberModel? Last = null, DocumentPath? Parent = null)
{
    /// <summary>The members from the document to the end of the path (elements' steps left out).</summary>
    public IEnumerable<MemberModel> Members
    {
        get
        {
            var members = new List<MemberModel>();
            for (DocumentPath? path = this; path is not null; path = path.Parent)
            {
                if (path.Last is { } member)
                {
                    members.Add(member);
                }
            }

            members.Reverse();
            return members;
        }
    }

    /// <summary>
    /// True when a member on the path reads, after deserializing a document without it, as something other
    /// than its type's default (an initializer); a sequence's initializer is not counted, since a missing
    /// sequence has no elements to match either way.
    /// </summary>
    public bool HasInitializer => Members.Any(m => m.Missing != MissingRead.Default && !m.Type.IsSequence);

    /// <summary>True for a value stored as one scalar (what comparisons, orderings and indexes need).</summary>
    public bool IsScalar => Shape is { IsScalar: true };

    /// <summary>True for an array, list or set member.</summary>
    public bool IsSequence => Shape is { IsSequence: true };

    /// <summary>True for a path inside an element that <c>Any</c> tests (<c>Lines[].Sku</c>).</summary>
    public bool IsInElement => Text.Contains("[]");

    /// <summary>
    /// The constant a missing value reads as when only the last member has an initializer and it is a
    /// constant (C# text of the member's type); null otherwise.
    /// </summary>
    public string? ConstantWhenMissing
    {
        get
        {
            var members = Members.ToList();
            return members.Count > 0 && members[members.Count - 1] is { Missing: MissingRead.Constant } last
                && members.Take(members.Count - 1).All(m => m.Missing == MissingRead.Default || m.Type.IsSequence) && !IsInElement
                ? last.MissingValue
                : null;
        }
    }

    /// <summary>True when an index walk over this path can be exact: no initializer, or one constant the plan checks values against.</summary>
    public bool WalkableWhenMissing => !HasInitializer || ConstantWhenMissing is not null;

    /// <summary>The path one step further, through <paramref name="member"/>.</summary>
    public DocumentPath Member(MemberModel member, ObjectModel? nested) =>
        new(Text.Length == 0 ? member.Name : Text + "." + member.Name, member.Type, nested, member, this);

    /// <summary>The path to each element of this sequence (<c>Tags[]</c>).</summary>
    public DocumentPath Elements(ObjectModel? element) => new(Text + "[]", Shape?.Element, element, null, this);
}
