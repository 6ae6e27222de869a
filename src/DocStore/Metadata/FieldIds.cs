using System.ComponentModel;
using DocStore.Bson;

namespace DocStore.Metadata;

/// <summary>
/// One document type's field ids under one field dictionary: member ordinal -> id, and id -> member
/// ordinal for reading. Immutable; <see cref="FieldIdMap"/> swaps in a new one when the dictionary grows.
/// For generated code: the contract between the DocStore generator's output and the runtime; not meant to be called directly.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class FieldIds
{
    private readonly ushort[] _ids;
    private readonly short[] _memberById;

    internal FieldIds(IFieldDictionary resolver, int version, ushort[] ids)
    {
        Resolver = resolver;
        Version = version;
        _ids = ids;
        IsComplete = !ids.AsSpan().Contains((ushort)0);
        int max = 0;
        foreach (ushort id in ids)
        {
            max = Math.Max(max, id);
        }

        _memberById = new short[max + 1];
        _memberById.AsSpan().Fill(-1);
        for (int i = 0; i < ids.Length; i++)
        {
            if (ids[i] != 0)
            {
                _memberById[ids[i]] = (short)i;
            }
        }
    }

    internal IFieldDictionary Resolver { get; }

    internal int Version { get; }

    /// <summary>True when every member has an id (always after <see cref="FieldIdMap.ForWrite"/>).</summary>
    internal bool IsComplete { get; }

    /// <summary>The id of the member at <paramref name="member"/>, or 0 when the dictionary lacks its name.</summary>
    /// <param name="member">The member ordinal in the generated type.</param>
    public ushort this[int member] => _ids[member];

    /// <summary>The member ordinal stored under <paramref name="fieldId"/>, or -1 for a field the type does not have.</summary>
    /// <param name="fieldId">A field id read from a document.</param>
    /// <returns>The member ordinal or -1.</returns>
    public int MemberOf(ushort fieldId) => fieldId < _memberById.Length ? _memberById[fieldId] : -1;
}
