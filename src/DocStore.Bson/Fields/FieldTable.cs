using System.Diagnostics.CodeAnalysis;

namespace DocStore.Bson;

/// <summary>
/// The storage behind <see cref="FieldDictionary"/>: an append-only hash table over UTF-8 names plus an
/// id-indexed array. One writer appends; readers run concurrently without locks. An entry is fully
/// written before the bucket head, id slot and count that make it reachable are published with release
/// semantics, and nothing reachable is ever modified, so a reader never sees a partial entry.
/// </summary>
internal sealed class FieldTable
{
    private readonly Entry[] _entries;
    private readonly int[] _buckets;
    private readonly int[] _entryById;
    private int _count;
    private int _maxId;

    public FieldTable(int entryCapacity, int idCapacity)
    {
        _entries = new Entry[entryCapacity];
        _buckets = new int[entryCapacity * 2];
        _entryById = new int[idCapacity];
    }

    /// <summary>How many names are published.</summary>
    public int Count => Volatile.Read(ref _count);

    /// <summary>The largest id assigned, or 0.</summary>
    public int MaxId => Volatile.Read(ref _maxId);

    /// <summary>A per-process seeded hash of the UTF-8 bytes of a name.</summary>
    public static int Hash(ReadOnlySpan<byte> utf8)
    {
        var hash = default(HashCode);
        hash.AddBytes(utf8);
        return hash.ToHashCode();
    }

    public bool TryFind(ReadOnlySpan<byte> utf8, int hash, out ushort id)
    {
        var index = Volatile.Read(ref _buckets[hash & (_buckets.Length - 1)]);
        while (index != 0)
        {
            ref readonly var entry = ref _entries[index - 1];
            if (entry.Hash == hash && utf8.SequenceEqual(entry.Utf8))
            {
                id = entry.Id;
                return true;
            }

            index = entry.Next;
        }

        id = 0;
        return false;
    }

    public bool TryGetName(ushort id, [NotNullWhen(true)] out string? name)
    {
        var index = id < _entryById.Length ? Volatile.Read(ref _entryById[id]) : 0;
        name = index == 0 ? null : _entries[index - 1].Name;
        return name is not null;
    }

    public bool TryGetNameUtf8(ushort id, out ReadOnlySpan<byte> utf8)
    {
        var index = id < _entryById.Length ? Volatile.Read(ref _entryById[id]) : 0;
        utf8 = index == 0 ? default : _entries[index - 1].Utf8;
        return index != 0;
    }

    public bool HasRoomFor(ushort id) => _count < _entries.Length && id < _entryById.Length;

    /// <summary>A larger copy of this table with room for one more entry and for <paramref name="id"/>.</summary>
    public FieldTable Grow(ushort id)
    {
        var entryCapacity = _count < _entries.Length ? _entries.Length : _entries.Length * 2;
        var idCapacity = id < _entryById.Length ? _entryById.Length : Math.Min(Math.Max(_entryById.Length * 2, id + 1), CBsonLimits.MaxFieldId + 1);
        var grown = new FieldTable(entryCapacity, idCapacity);
        for (var i = 0; i < _count; i++)
        {
            ref readonly var entry = ref _entries[i];
            grown.Append(entry.Name, entry.Utf8, entry.Id);
        }

        return grown;
    }

    /// <summary>Appends an entry; the caller holds the add lock and has checked room and uniqueness.</summary>
    public void Append(string name, byte[] utf8, ushort id)
    {
        var index = _count;
        var hash = Hash(utf8);
        ref var bucket = ref _buckets[hash & (_buckets.Length - 1)];
        _entries[index] = new Entry(name, utf8, hash, bucket, id);
        // The id slot before the bucket: a reader that finds the name by its bytes must then find it by its id.
        Volatile.Write(ref _entryById[id], index + 1);
        Volatile.Write(ref bucket, index + 1);
        if (id > _maxId)
        {
            Volatile.Write(ref _maxId, id);
        }

        Volatile.Write(ref _count, index + 1);
    }

    private readonly record struct Entry(string Name, byte[] Utf8, int Hash, int Next, ushort Id);
}
