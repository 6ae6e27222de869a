using System.Collections;
using System.Diagnostics.CodeAnalysis;
using DocStore.Bson;

namespace DocStore.Collections;

/// <summary>
/// A collection's committed field names as users see them: readable for field readers and JSON export, but
/// never a way to assign an id, since ids change only inside a transaction that records them in the catalog.
/// </summary>
[SuppressMessage("Naming", "CA1711:Identifiers should not have incorrect suffix", Justification = "It is a view of a field dictionary.")]
internal sealed class ReadOnlyFieldDictionary(IFieldDictionary inner) : IFieldDictionary
{
    public int Count => inner.Count;

    public bool TryGetId(ReadOnlySpan<char> name, out ushort id) => inner.TryGetId(name, out id);

    public bool TryGetId(ReadOnlySpan<byte> utf8Name, out ushort id) => inner.TryGetId(utf8Name, out id);

    public bool TryGetName(ushort id, [NotNullWhen(true)] out string? name) => inner.TryGetName(id, out name);

    public bool TryGetNameUtf8(ushort id, out ReadOnlySpan<byte> utf8Name) => inner.TryGetNameUtf8(id, out utf8Name);

    public string GetName(ushort id) => inner.GetName(id);

    public ushort GetOrAdd(string name) =>
        inner.TryGetId(name, out var id)
            ? id
            : throw new InvalidOperationException($"The field name '{name}' has no id, and this view cannot assign one: ids are assigned by writes, inside their transaction.");

    public IEnumerator<FieldDictionaryEntry> GetEnumerator() => inner.GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
}
