namespace DocStore.Modeling;

/// <summary>
/// The stored names of one generated document type, and a cache of their ids under the field
/// dictionary last used. The hot path is one reference and one integer comparison; ids are re-resolved
/// only when the code meets another dictionary or the dictionary has grown.
/// </summary>
public sealed class FieldIdMap
{
    private readonly string[] _names;
    private FieldIds? _cached;

    /// <summary>Creates the map for a type's stored names, in member order.</summary>
    /// <param name="names">The stored field names.</param>
    public FieldIdMap(string[] names)
    {
        ArgumentNullException.ThrowIfNull(names);
        _names = names;
    }

    /// <summary>Ids for writing: names the dictionary lacks are added first.</summary>
    /// <param name="resolver">The collection's field dictionary.</param>
    /// <returns>Ids for every member.</returns>
    public FieldIds ForWrite(IFieldIdResolver resolver)
    {
        FieldIds ids = ForRead(resolver);
        if (ids.IsComplete)
        {
            return ids;
        }

        foreach (string name in _names)
        {
            resolver.GetOrAddFieldId(name);
        }

        return ForRead(resolver);
    }

    /// <summary>Ids for reading: a name the dictionary lacks gets id 0, which no stored field has.</summary>
    /// <param name="resolver">The collection's field dictionary.</param>
    /// <returns>Ids for every member (0 where unknown).</returns>
    public FieldIds ForRead(IFieldIdResolver resolver)
    {
        ArgumentNullException.ThrowIfNull(resolver);
        FieldIds? cached = Volatile.Read(ref _cached);
        int version = resolver.Count;
        if (cached is not null && ReferenceEquals(cached.Resolver, resolver) && cached.Version == version)
        {
            return cached;
        }

        var ids = new ushort[_names.Length];
        for (int i = 0; i < _names.Length; i++)
        {
            ids[i] = resolver.TryGetFieldId(_names[i], out ushort id) ? id : (ushort)0;
        }

        var fresh = new FieldIds(resolver, version, ids);
        Volatile.Write(ref _cached, fresh);
        return fresh;
    }
}
