using System.Diagnostics.CodeAnalysis;

namespace DocStore.Bson;

/// <summary>
/// A collection's two-way map between field names and the 2-byte ids C-BSON stores instead of names.
/// The same name has the same id at every nesting level; names are case-sensitive. Enumeration yields
/// the entries in id order (for persisting the dictionary).
/// </summary>
[SuppressMessage("Naming", "CA1711:Identifiers should not have incorrect suffix", Justification = "It is a dictionary of field names; the name is part of the C-BSON contract.")]
public interface IFieldDictionary : IReadOnlyCollection<FieldDictionaryEntry>
{
    /// <summary>Looks up the id of a name.</summary>
    /// <param name="name">The name (compared ordinally, case-sensitive).</param>
    /// <param name="id">The id, or 0 when the name is unknown.</param>
    /// <returns>Whether the name is in the dictionary.</returns>
    bool TryGetId(ReadOnlySpan<char> name, out ushort id);

    /// <summary>Looks up the id of a name given as UTF-8 bytes, without allocating.</summary>
    /// <param name="utf8Name">The name's UTF-8 bytes, without a terminator.</param>
    /// <param name="id">The id, or 0 when the name is unknown.</param>
    /// <returns>Whether the name is in the dictionary.</returns>
    bool TryGetId(ReadOnlySpan<byte> utf8Name, out ushort id);

    /// <summary>Looks up the name of an id.</summary>
    /// <param name="id">The id.</param>
    /// <param name="name">The name, or null when the id is not assigned.</param>
    /// <returns>Whether the id is assigned.</returns>
    bool TryGetName(ushort id, [NotNullWhen(true)] out string? name);

    /// <summary>Looks up the UTF-8 bytes of an id's name, without allocating.</summary>
    /// <param name="id">The id.</param>
    /// <param name="utf8Name">The name's UTF-8 bytes (no terminator), or empty when the id is not assigned.</param>
    /// <returns>Whether the id is assigned.</returns>
    bool TryGetNameUtf8(ushort id, out ReadOnlySpan<byte> utf8Name);

    /// <summary>Returns the name of an id.</summary>
    /// <param name="id">The id.</param>
    /// <returns>The name.</returns>
    /// <exception cref="KeyNotFoundException">The id is not assigned.</exception>
    string GetName(ushort id);

    /// <summary>Returns the id of a name, assigning the next free id when the name is new.</summary>
    /// <param name="name">A non-empty name without NUL and without unpaired surrogates.</param>
    /// <returns>The name's id.</returns>
    /// <exception cref="ArgumentException">The name is empty, contains NUL or is not valid UTF-16.</exception>
    /// <exception cref="FieldDictionaryFullException">The name is new and every id is taken.</exception>
    ushort GetOrAdd(string name);
}
