using System.Collections;
using System.Diagnostics.CodeAnalysis;
using DocStore.Bson;

namespace DocStore.Collections;

/// <summary>
/// The field dictionary a write transaction serializes with: the committed dictionary until a document
/// needs a new name, then a private copy (a fork) that also holds the new names. Readers keep using the
/// committed dictionary; the fork is published only when its transaction commits, and dropped when it
/// rolls back, so a name never outlives the transaction that added it. An instance that forked is never
/// reused after its transaction, so the per-dictionary id caches of the generated code cannot go stale.
/// </summary>
[SuppressMessage("Naming", "CA1711:Identifiers should not have incorrect suffix", Justification = "It is a field dictionary.")]
internal sealed class WriteFieldDictionary(FieldDictionary committed) : IFieldDictionary
{
    private FieldDictionary? _fork;

    /// <summary>The committed dictionary this one started from.</summary>
    public FieldDictionary Base { get; } = committed;

    /// <summary>The fork holding new names, or null while none was added.</summary>
    public FieldDictionary? Fork => _fork;

    private FieldDictionary Current => _fork ?? Base;

    public int Count => Current.Count;

    public ushort GetOrAdd(string name)
    {
        if (Current.TryGetId(name.AsSpan(), out var id))
        {
            return id;
        }

        _fork ??= new FieldDictionary(Base);
        return _fork.GetOrAdd(name);
    }

    public string GetName(ushort id) => Current.GetName(id);

    public bool TryGetId(ReadOnlySpan<char> name, out ushort id) => Current.TryGetId(name, out id);

    public bool TryGetId(ReadOnlySpan<byte> utf8Name, out ushort id) => Current.TryGetId(utf8Name, out id);

    public bool TryGetName(ushort id, [NotNullWhen(true)] out string? name) => Current.TryGetName(id, out name);

    public bool TryGetNameUtf8(ushort id, out ReadOnlySpan<byte> utf8Name) => Current.TryGetNameUtf8(id, out utf8Name);

    public IEnumerator<FieldDictionaryEntry> GetEnumerator() => Current.GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
}
