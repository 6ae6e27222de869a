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
    /// True when the path, after deserializing a document that stops storing it at some member, reads as
    /// something other than null through a missing parent or its type's default at the end (an initializer,
    /// or a parent created by its initializer under which a value member reads as a value).
    /// </summary>
    public bool HasInitializer
    {
        get
        {
            var cuts = MissingCuts.Of(Members.ToList());
            bool nullable = Shape is { CanBeNull: true };
            for (int k = 0; k < cuts.Count; k++)
            {
                var plain = k == cuts.Count - 1 || nullable ? new[] { MissingCut.Null, MissingCut.Default } : new[] { MissingCut.Null };
                if (!plain.Contains(cuts[k]))
                {
                    return true;
                }
            }

            return false;
        }
    }

    /// <summary>True when a parent object on the path is created by its initializer (<c>Address = new()</c>).</summary>
    public bool HasFreshParent => Members.Reverse().Skip(1).Any(m => m.Missing == MissingRead.Fresh);

    /// <summary>True for a value stored as one scalar (what comparisons, orderings and indexes need).</summary>
    public bool IsScalar => Shape is { IsScalar: true };

    /// <summary>True for an array, list or set member.</summary>
    public bool IsSequence => Shape is { IsSequence: true };

    /// <summary>True for a path inside an element that <c>Any</c> tests (<c>Lines[].Sku</c>).</summary>
    public bool IsInElement => Text.Contains("[]");

    /// <summary>
    /// The constant a missing value reads as, wherever the document stops storing the path, unless it reads
    /// as null there (C# text of the member's type); null when that is the type's default, or unknown.
    /// </summary>
    public string? ConstantWhenMissing => !IsInElement && Reads is [{ Kind: MissingCutKind.Constant } only] ? only.Text : null;

    /// <summary>True when an index walk over this path can be exact: every missing value reads as null, the default or one constant the plan checks values against.</summary>
    public bool WalkableWhenMissing => !HasInitializer || (Reads is [] or [{ Kind: MissingCutKind.Default or MissingCutKind.Constant }] && (!IsInElement || Reads is []));

    /// <summary>What a missing value reads as, other than null, wherever the document stops storing the path.</summary>
    private List<MissingCut> Reads => [.. MissingCuts.Of(Members.ToList()).Where(c => c.Kind != MissingCutKind.Null).Distinct()];

    /// <summary>The path one step further, through <paramref name="member"/>.</summary>
    public DocumentPath Member(MemberModel member, ObjectModel? nested) =>
        new(Text.Length == 0 ? member.Name : Text + "." + member.Name, member.Type, nested, member, this);

    /// <summary>The path to each element of this sequence (<c>Tags[]</c>).</summary>
    public DocumentPath Elements(ObjectModel? element) => new(Text + "[]", Shape?.Element, element, null, this);
}
