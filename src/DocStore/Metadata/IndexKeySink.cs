using System.ComponentModel;
namespace DocStore.Metadata;

/// <summary>
/// Receives the index keys of one document from a generated extractor: one key for a plain index,
/// one per element for a multikey index. Reusable: <see cref="Clear"/> before the next document.
/// For generated code: the contract between the DocStore generator's output and the runtime; not meant to be called directly.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class IndexKeySink
{
    private readonly List<byte[]> _keys = [];
    private readonly IndexKeyBuilder _builder = new();

    /// <summary>The keys committed since the last <see cref="Clear"/>.</summary>
    public IReadOnlyList<byte[]> Keys => _keys;

    /// <summary>Starts a new key and returns the builder to append its components to.</summary>
    /// <returns>The (cleared) builder.</returns>
    public IndexKeyBuilder Begin()
    {
        _builder.Clear();
        return _builder;
    }

    /// <summary>Adds the key built since <see cref="Begin"/>.</summary>
    public void Commit() => _keys.Add(_builder.ToArray());

    /// <summary>Forgets all keys.</summary>
    public void Clear() => _keys.Clear();
}
