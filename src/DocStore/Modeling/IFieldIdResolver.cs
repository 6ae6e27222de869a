using System.Diagnostics.CodeAnalysis;

namespace DocStore.Modeling;

/// <summary>
/// A collection's field dictionary: stored field names to 2-byte ids and back. Names are only ever
/// added, never removed or renumbered, so <see cref="Count"/> doubles as a version that generated code
/// uses to know when its cached ids are stale.
/// </summary>
public interface IFieldIdResolver
{
    /// <summary>How many names the dictionary holds; grows only.</summary>
    int Count { get; }

    /// <summary>Looks a name up without adding it.</summary>
    /// <param name="name">The stored field name.</param>
    /// <param name="id">Its id (1..65534) when found.</param>
    /// <returns>True when the name has an id.</returns>
    bool TryGetFieldId(string name, out ushort id);

    /// <summary>Returns the name's id, assigning the next free one when the name is new.</summary>
    /// <param name="name">A non-empty stored field name without NUL.</param>
    /// <returns>The id (1..65534).</returns>
    /// <exception cref="FieldDictionaryFullException">All 65,534 ids are taken.</exception>
    ushort GetOrAddFieldId(string name);

    /// <summary>Looks an id up.</summary>
    /// <param name="id">A field id.</param>
    /// <param name="name">The name when found.</param>
    /// <returns>True when the id is assigned.</returns>
    bool TryGetFieldName(ushort id, [NotNullWhen(true)] out string? name);
}
