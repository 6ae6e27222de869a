using DocStore.Bson;

namespace DocStore.Collections.Changes;

/// <summary>
/// What a write transaction knows of the change log once it wrote its first change: the next position
/// (read once under the write lock), the oldest entry retention has not removed, the clock reading all its
/// changes carry, and the field names copy its last collection's entries use.
/// </summary>
/// <param name="first">The position of the transaction's first change.</param>
/// <param name="unixMilliseconds">The writer's clock at that change.</param>
internal sealed class ChangeLogState(long first, long unixMilliseconds)
{
    /// <summary>The position of the transaction's first change, which all its changes carry.</summary>
    public long CommitPosition { get; } = first;

    /// <summary>The position of the next change.</summary>
    public long Next { get; set; } = first;

    /// <summary>The oldest entry retention has not planned to remove; 0 until retention first looks.</summary>
    public long Oldest { get; set; }

    /// <summary>True once the oldest entry was found younger than MaxAge: this transaction removes none by age.</summary>
    public bool YoungEnough { get; set; }

    /// <summary>When the transaction wrote its first change, Unix milliseconds.</summary>
    public long UnixMilliseconds { get; } = unixMilliseconds;

    // The collection and dictionary whose field names copy was last used, the dictionary's size then and the copy's id.
    private string? _fieldsCollection;
    private IFieldDictionary? _fields;
    private int _fieldsCount;
    private uint _fieldsId;

    /// <summary>The id of the field names copy this transaction already planned for <paramref name="collection"/> with <paramref name="fields"/> at its present size, or null.</summary>
    public uint? KnownFields(string collection, IFieldDictionary fields) =>
        ReferenceEquals(fields, _fields) && fields.Count == _fieldsCount && string.Equals(collection, _fieldsCollection, StringComparison.Ordinal) ? _fieldsId : null;

    /// <summary>Notes, once an entry written with it is planned, that copy <paramref name="id"/> holds the names of <paramref name="collection"/>'s <paramref name="fields"/> at <paramref name="count"/>.</summary>
    public void RememberFields(string collection, IFieldDictionary fields, int count, uint id) => (_fieldsCollection, _fields, _fieldsCount, _fieldsId) = (collection, fields, count, id);
}
