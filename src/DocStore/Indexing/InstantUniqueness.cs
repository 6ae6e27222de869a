using DocStore.Bson.Keys;
using DocStore.BTree;
using DocStore.Metadata;
using DocStore.Query;

namespace DocStore.Indexing;

/// <summary>
/// Uniqueness by value for index keys with a temporal component. C# compares a <c>DateTimeOffset</c> by
/// instant and a <c>DateTime</c> by ticks, while their keys also hold the offset or kind (the
/// <em>discriminator</em>, see <see cref="InstantTies"/>); so two keys that differ only there hold one value.
/// A unique key is taken when an entry of another document equals it with every discriminator masked:
/// such entries lie between the key's lowest and highest discriminators, a short range to seek.
/// </summary>
internal static class InstantUniqueness
{
    // The type texts of stored paths whose keys never hold a temporal component (docs/catalog.md, "Member types").
    private static readonly HashSet<string> PlainTypes = new(StringComparer.Ordinal)
    {
        "bool", "byte", "sbyte", "int16", "uint16", "char", "int32", "uint32", "int64", "uint64", "single", "double",
        "decimal", "string", "guid", "objectid", "dateonly", "timeonly", "timespan", "binary",
    };

    /// <summary>
    /// False when the declared <paramref name="types"/> show that no key of <paramref name="definition"/> has a
    /// temporal component (so its writes skip the check); true when they do not say (untyped, or a type
    /// that may hold anything).
    /// </summary>
    public static bool MayHoldInstant(IndexDefinition definition, IReadOnlyList<StoredFieldType>? types)
    {
        if (types is null || types.Count == 0)
        {
            return true;
        }

        foreach (var path in definition.Paths)
        {
            var declared = types.FirstOrDefault(t => t.Path == path)?.Type.TrimEnd('?');
            if (declared is null || !PlainTypes.Contains(declared))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>True when <paramref name="indexKey"/> has a temporal component, so uniqueness compares it by value.</summary>
    public static bool Applies(ReadOnlySpan<byte> indexKey) => InstantTies.RunLength(indexKey) >= 0;

    /// <summary>
    /// The primary key of a document other than <paramref name="primaryKey"/> whose entry equals
    /// <paramref name="indexKey"/> with every discriminator masked, or null.
    /// </summary>
    /// <param name="tree">The index tree.</param>
    /// <param name="indexKey">The key written.</param>
    /// <param name="components">0 when an entry maps the index key to its primary key (a unique index); the
    /// index's component count when the primary key follows the index key in the entry's key (a table's
    /// <c>UNIQUE</c>, see <see cref="NonNullUniqueness"/>).</param>
    /// <param name="primaryKey">The writing document's primary key, which never counts as another holder.</param>
    public static byte[]? OtherHolder(Tree tree, byte[] indexKey, int components, ReadOnlySpan<byte> primaryKey)
    {
        var low = InstantTies.Widen(indexKey, low: true);
        var high = InstantTies.Widen(indexKey, low: false);
        var cursor = tree.CreateCursor();

        // Entries of a masked-equal key sort at or below high; a table's entries go on with a primary key.
        for (var ok = cursor.Seek(low); ok && (cursor.Key.SequenceCompareTo(high) <= 0 || cursor.Key.StartsWith(high)); ok = cursor.MoveNext())
        {
            var key = cursor.Key;
            var length = components == 0 ? key.Length : IndexKeyLength(key, components);
            if (InstantTies.CompareMasked(key[..length], indexKey) != 0)
            {
                continue;
            }

            var holder = components == 0 ? cursor.Value.Span : key[length..];
            if (!holder.SequenceEqual(primaryKey))
            {
                return holder.ToArray();
            }
        }

        return null;
    }

    private static int IndexKeyLength(ReadOnlySpan<byte> treeKey, int components)
    {
        var reader = new KeyReader(treeKey);
        for (var c = 0; c < components && !reader.IsEnd; c++)
        {
            reader.Skip();
        }

        return reader.Position;
    }
}
