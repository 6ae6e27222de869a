using DocStore.Bson.Keys;
using DocStore.BTree;

namespace DocStore.Indexing;

/// <summary>
/// How a collection's indexes lay out their entries in their trees, and the checks on them: a unique index
/// maps the index key to the primary key; the others keep both in the tree key (so equal index keys can
/// repeat) with an empty value. Every key is checked against the engine's key limit before anything is written.
/// </summary>
internal sealed class IndexEntries
{
    // One buffer per thread for tree keys that are only looked up or deleted (a non-generic class, so the
    // thread-static is a plain load).
    [ThreadStatic]
    private static byte[]? t_treeKey;

    // Up to this many keys of one document are made distinct pairwise; more go through a set.
    private const int SmallDistinct = 16;

    private readonly string _collection;
    private readonly IReadOnlyList<IndexDefinition> _definitions;
    private readonly bool[] _unique;
    private readonly bool[] _uniqueNonNull;
    private readonly int[] _componentCounts;

    // Per index: false when the declared member types rule out a temporal component, so writes skip the by-value check.
    private readonly bool[] _mayHoldInstant;

    public IndexEntries(string collection, IReadOnlyList<IndexDefinition> definitions, int maxKeyLength, IReadOnlyList<Metadata.StoredFieldType>? types = null)
    {
        _collection = collection;
        _definitions = definitions;
        MaxKeyLength = maxKeyLength;
        _unique = [.. definitions.Select(d => d.Unique)];
        _uniqueNonNull = [.. definitions.Select(d => d.UniqueNonNull)];
        _componentCounts = [.. definitions.Select(d => d.Paths.Count)];
        _mayHoldInstant = [.. definitions.Select(d => (d.Unique || d.UniqueNonNull) && InstantUniqueness.MayHoldInstant(d, types))];
    }

    /// <summary>The engine's limit on a tree key, in bytes.</summary>
    public int MaxKeyLength { get; }

    /// <summary>True when index <paramref name="index"/> is unique.</summary>
    public bool IsUnique(int index) => _unique[index];

    /// <summary>The distinct keys among <paramref name="keys"/>, each checked (with the primary key a non-unique entry carries) against the key limit.</summary>
    /// <exception cref="IndexKeyTooLongException">An entry would be longer than a tree key may be.</exception>
    public byte[][] Checked(int index, IReadOnlyList<byte[]> keys, int primaryKeyLength)
    {
        var distinct = Distinct(keys);
        var extra = _unique[index] ? 0 : primaryKeyLength;
        foreach (var key in distinct)
        {
            if (key.Length + extra > MaxKeyLength)
            {
                throw new IndexKeyTooLongException(_collection, _definitions[index].Name, key.Length + extra, MaxKeyLength);
            }
        }

        return distinct;
    }

    /// <summary>The distinct keys among <paramref name="keys"/> (one document may repeat a value in a multikey path).</summary>
    public static byte[][] Distinct(IReadOnlyList<byte[]> keys)
    {
        if (keys.Count <= 1)
        {
            return [.. keys];
        }

        if (keys.Count > SmallDistinct)
        {
            var set = new HashSet<byte[]>(keys, ByteArrayEqualityComparer.Instance);
            return [.. set];
        }

        // A document's few values compare pairwise: no set, and the result is the one array.
        var count = 0;
        Span<bool> repeated = stackalloc bool[SmallDistinct];
        for (var i = 0; i < keys.Count; i++)
        {
            for (var j = 0; j < i && !repeated[i]; j++)
            {
                repeated[i] = !repeated[j] && keys[i].AsSpan().SequenceEqual(keys[j]);
            }

            count += repeated[i] ? 0 : 1;
        }

        var distinct = new byte[count][];
        for (int i = 0, n = 0; i < keys.Count; i++)
        {
            if (!repeated[i])
            {
                distinct[n++] = keys[i];
            }
        }

        return distinct;
    }

    /// <summary>The entries an update adds and removes in one index; a single-key index (the common case) needs no sets.</summary>
    public static (byte[][] Added, byte[][] Removed) Changes(byte[][] before, byte[][] after)
    {
        if (before.Length == 1 && after.Length == 1)
        {
            return before[0].AsSpan().SequenceEqual(after[0]) ? ([], []) : (after, before);
        }

        var was = new HashSet<byte[]>(before, ByteArrayEqualityComparer.Instance);
        var now = new HashSet<byte[]>(after, ByteArrayEqualityComparer.Instance);
        return ([.. after.Where(k => !was.Contains(k))], [.. before.Where(k => !now.Contains(k))]);
    }

    /// <summary>Refuses <paramref name="indexKeys"/> in a unique index when another document holds one of them.</summary>
    /// <exception cref="DuplicateKeyException">Another primary key holds one of the keys.</exception>
    public void CheckUnique(Tree tree, int index, byte[][] indexKeys, ReadOnlySpan<byte> primaryKey, string documentKey)
    {
        if (!_unique[index] && !_uniqueNonNull[index])
        {
            return;
        }

        foreach (var indexKey in indexKeys)
        {
            if (TakenByOther(tree, index, indexKey, primaryKey))
            {
                throw new DuplicateKeyException(_collection, _definitions[index].Name, KeyText.Describe(indexKey), documentKey);
            }
        }
    }

    /// <summary>
    /// True when a document other than <paramref name="primaryKey"/> holds <paramref name="indexKey"/> in unique
    /// index <paramref name="index"/>: the same key, or one of equal value that differs only in the offset or
    /// kind of a temporal component (<see cref="InstantUniqueness"/>).
    /// </summary>
    public bool TakenByOther(Tree tree, int index, byte[] indexKey, ReadOnlySpan<byte> primaryKey)
    {
        if (_uniqueNonNull[index] && NonNullUniqueness.HasNull(indexKey, _componentCounts[index]))
        {
            return false;
        }

        if (_mayHoldInstant[index] && InstantUniqueness.Applies(indexKey))
        {
            return InstantUniqueness.OtherHolder(tree, indexKey, _uniqueNonNull[index] ? _componentCounts[index] : 0, primaryKey) is not null;
        }

        if (_uniqueNonNull[index])
        {
            return NonNullUniqueness.OtherHolder(tree, indexKey, _componentCounts[index], primaryKey) is not null;
        }

        return tree.TryGet(indexKey, out var holder) && !holder.Span.SequenceEqual(primaryKey);
    }

    /// <summary>The tree key of an index entry: the index key, followed by the primary key for a non-unique index.</summary>
    public byte[] TreeKey(int index, byte[] indexKey, byte[] primaryKey) =>
        _unique[index] ? indexKey : [.. indexKey, .. primaryKey];

    /// <summary>Like <see cref="TreeKey"/>, in this thread's scratch buffer (valid until the next call on the thread), for a key that is only looked up or deleted.</summary>
    public ReadOnlySpan<byte> TreeKeyScratch(int index, byte[] indexKey, ReadOnlySpan<byte> primaryKey)
    {
        if (_unique[index])
        {
            return indexKey;
        }

        var length = indexKey.Length + primaryKey.Length;
        var buffer = t_treeKey;
        if (buffer is null || buffer.Length < length)
        {
            // Entries over the engine's key limit are refused after this; only keys that can be stored stay cached.
            buffer = new byte[Math.Max(length, 256)];
            if (length <= MaxKeyLength)
            {
                t_treeKey = buffer;
            }
        }

        indexKey.CopyTo(buffer, 0);
        primaryKey.CopyTo(buffer.AsSpan(indexKey.Length));
        return buffer.AsSpan(0, length);
    }

    /// <summary>The tree key and value of one index entry; the key may lie in this thread's scratch buffer (see <see cref="TreeKeyScratch"/>).</summary>
    /// <exception cref="IndexKeyTooLongException">The entry is longer than a tree key may be.</exception>
    public void EntryOf(int index, byte[] indexKey, ReadOnlySpan<byte> primaryKey, out ReadOnlySpan<byte> treeKey, out ReadOnlySpan<byte> value)
    {
        treeKey = TreeKeyScratch(index, indexKey, primaryKey);
        if (treeKey.Length > MaxKeyLength)
        {
            throw new IndexKeyTooLongException(_collection, _definitions[index].Name, treeKey.Length, MaxKeyLength);
        }

        value = _unique[index] ? primaryKey : [];
    }

    /// <summary>The primary key an index entry points at.</summary>
    public byte[] PrimaryKeyOf(int index, byte[] treeKey, ReadOnlyMemory<byte> value) => PrimaryKeySpan(index, treeKey, value).ToArray();

    /// <summary>The primary key an index entry points at, as a slice of the entry's key or value.</summary>
    public ReadOnlySpan<byte> PrimaryKeySpan(int index, byte[] treeKey, ReadOnlyMemory<byte> value)
    {
        if (_unique[index])
        {
            return value.Span;
        }

        var reader = new KeyReader(treeKey);
        for (var c = 0; c < _componentCounts[index]; c++)
        {
            reader.Skip();
        }

        return reader.Remaining;
    }
}
