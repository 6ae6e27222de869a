using System.ComponentModel;
using System.Runtime.CompilerServices;
using DocStore.Bson;

namespace DocStore.Metadata;

/// <summary>
/// The stored names of one generated document type, and a cache of their ids per field dictionary.
/// The hot path (the dictionary used last) is one reference and one integer comparison; other
/// dictionaries (several collections or databases using the type at once) are found in a weak table
/// without allocating; ids are resolved again only when a dictionary has grown.
/// For generated code: the contract between the DocStore generator's output and the runtime; not meant to be called directly.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class FieldIdMap
{
    private readonly string[] _names;
    private readonly ConditionalWeakTable<IFieldDictionary, FieldIds> _byDictionary = [];
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
    public FieldIds ForWrite(IFieldDictionary resolver)
    {
        FieldIds ids = ForRead(resolver);
        if (ids.IsComplete)
        {
            return ids;
        }

        foreach (string name in _names)
        {
            resolver.GetOrAdd(name);
        }

        return ForRead(resolver);
    }

    /// <summary>Ids for reading: a name the dictionary lacks gets id 0, which no stored field has.</summary>
    /// <param name="resolver">The collection's field dictionary.</param>
    /// <returns>Ids for every member (0 where unknown).</returns>
    public FieldIds ForRead(IFieldDictionary resolver)
    {
        ArgumentNullException.ThrowIfNull(resolver);
        FieldIds? cached = Volatile.Read(ref _cached);
        int version = resolver.Count;
        if (cached is not null && ReferenceEquals(cached.Resolver, resolver) && cached.Version == version)
        {
            return cached;
        }

        if (_byDictionary.TryGetValue(resolver, out FieldIds? known) && known.Version == version)
        {
            Volatile.Write(ref _cached, known);
            return known;
        }

        var ids = new ushort[_names.Length];
        for (int i = 0; i < _names.Length; i++)
        {
            ids[i] = resolver.TryGetId(_names[i], out ushort id) ? id : (ushort)0;
        }

        var fresh = new FieldIds(resolver, version, ids);
        _byDictionary.AddOrUpdate(resolver, fresh);
        Volatile.Write(ref _cached, fresh);
        return fresh;
    }
}
