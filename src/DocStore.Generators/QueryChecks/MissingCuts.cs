using System.Collections.Generic;
using DocStore.Generators.Model;

namespace DocStore.Generators.QueryChecks;

/// <summary>What a path reads as after deserialization when the document stops storing it at one member.</summary>
internal enum MissingCutKind
{
    /// <summary>Null: a parent object is not created (or a sequence has no elements).</summary>
    Null,

    /// <summary>The last member's type default.</summary>
    Default,

    /// <summary>A constant, <see cref="MissingCut.Text"/>.</summary>
    Constant,

    /// <summary>Only the deserialized document tells.</summary>
    Unknown,
}

/// <summary>One reading of a missing path.</summary>
/// <param name="Kind">What it reads as.</param>
/// <param name="Text">For a constant, its C# text.</param>
internal sealed record MissingCut(MissingCutKind Kind, string Text = "")
{
    public static readonly MissingCut Null = new(MissingCutKind.Null);

    public static readonly MissingCut Default = new(MissingCutKind.Default);

    public static readonly MissingCut Unknown = new(MissingCutKind.Unknown);
}

/// <summary>
/// The readings of a member path (<c>Address.City</c>) for each member at which a document may stop storing
/// it: the last member reads as its own initializer; a parent object without an initializer reads as null,
/// and one created by <c>= new()</c> as that object, whose next member reads as the constant the object
/// initializer sets or as its own missing value.
/// </summary>
internal static class MissingCuts
{
    public static List<MissingCut> Of(IReadOnlyList<MemberModel> members)
    {
        var cuts = new List<MissingCut>(members.Count);
        for (int k = 0; k < members.Count; k++)
        {
            cuts.Add(Cut(members, k));
        }

        return cuts;
    }

    private static MissingCut Cut(IReadOnlyList<MemberModel> members, int k)
    {
        MemberModel member = members[k];
        if (member.Type.IsSequence)
        {
            // A missing sequence has no elements to match, whatever its initializer.
            return k == members.Count - 1 ? MissingCut.Default : MissingCut.Null;
        }

        if (k == members.Count - 1)
        {
            return member.Missing switch
            {
                MissingRead.Default => MissingCut.Default,
                MissingRead.Constant when member.MissingValue is { } text => new MissingCut(MissingCutKind.Constant, text),
                _ => MissingCut.Unknown,
            };
        }

        switch (member.Missing)
        {
            case MissingRead.Default:
                return MissingCut.Null;
            case MissingRead.Fresh:
                string next = members[k + 1].Name;
                foreach (MemberInit init in member.FreshInits)
                {
                    if (init.Name == next)
                    {
                        return k + 1 == members.Count - 1 ? new MissingCut(MissingCutKind.Constant, init.Value) : MissingCut.Unknown;
                    }
                }

                return Cut(members, k + 1);
            default:
                return MissingCut.Unknown;
        }
    }
}
