using DocStore.Bson.Keys;
using DocStore.BTree;

namespace DocStore.Indexing;

/// <summary>
/// The uniqueness of a table's <c>UNIQUE</c> constraint, as SQLite has it: two rows may not share a value
/// unless one of its components is NULL (NULLs are distinct). Such an index lays out its entries as a
/// non-unique one (index key, then primary key), so any number of NULL entries fit; a value without NULL
/// is taken when an entry with that index key belongs to another document.
/// </summary>
internal static class NonNullUniqueness
{
    /// <summary>True when a component of <paramref name="indexKey"/> is NULL (or missing), which uniqueness does not check.</summary>
    public static bool HasNull(ReadOnlySpan<byte> indexKey, int components)
    {
        var reader = new KeyReader(indexKey);
        for (var c = 0; c < components && !reader.IsEnd; c++)
        {
            if (reader.PeekType() == KeyType.Null)
            {
                return true;
            }

            reader.Skip();
        }

        return false;
    }

    /// <summary>The primary key of another document whose entry holds <paramref name="indexKey"/>, or null when none does (or the key has a NULL).</summary>
    public static byte[]? OtherHolder(Tree tree, byte[] indexKey, int components, ReadOnlySpan<byte> primaryKey)
    {
        if (HasNull(indexKey, components))
        {
            return null;
        }

        // Components are self-delimiting, so every entry of this value starts with its bytes and they lie together.
        var cursor = tree.CreateCursor();
        for (var ok = cursor.Seek(indexKey); ok && cursor.Key.StartsWith(indexKey); ok = cursor.MoveNext())
        {
            var holder = cursor.Key[indexKey.Length..];
            if (!holder.SequenceEqual(primaryKey))
            {
                return holder.ToArray();
            }
        }

        return null;
    }
}
