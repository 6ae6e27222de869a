using System.Diagnostics.CodeAnalysis;

namespace DocStore.Modeling;

/// <summary>
/// An in-memory, thread-safe field dictionary. Ids are assigned from 1 upwards in first-use order
/// (0 and 65535 are reserved). The storage engine's catalog-backed dictionary replaces it in issue 5.
/// </summary>
public sealed class FieldIdTable : IFieldIdResolver
{
    /// <summary>The largest assignable field id.</summary>
    public const ushort MaxFieldId = 65534;

    private readonly Dictionary<string, ushort> _ids = new(StringComparer.Ordinal);
    private readonly List<string> _names = [];
    private readonly Lock _lock = new();

    /// <inheritdoc />
    public int Count
    {
        get
        {
            lock (_lock)
            {
                return _names.Count;
            }
        }
    }

    /// <inheritdoc />
    public bool TryGetFieldId(string name, out ushort id)
    {
        ArgumentNullException.ThrowIfNull(name);
        lock (_lock)
        {
            return _ids.TryGetValue(name, out id);
        }
    }

    /// <inheritdoc />
    public ushort GetOrAddFieldId(string name)
    {
        ArgumentException.ThrowIfNullOrEmpty(name);
        if (name.Contains('\0', StringComparison.Ordinal))
        {
            throw new ArgumentException("A field name must not contain NUL characters.", nameof(name));
        }

        lock (_lock)
        {
            if (_ids.TryGetValue(name, out ushort id))
            {
                return id;
            }

            if (_names.Count >= MaxFieldId)
            {
                throw new FieldDictionaryFullException(name);
            }

            _names.Add(name);
            id = (ushort)_names.Count;
            _ids.Add(name, id);
            return id;
        }
    }

    /// <inheritdoc />
    public bool TryGetFieldName(ushort id, [NotNullWhen(true)] out string? name)
    {
        lock (_lock)
        {
            if (id >= 1 && id <= _names.Count)
            {
                name = _names[id - 1];
                return true;
            }
        }

        name = null;
        return false;
    }
}
