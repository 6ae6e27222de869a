using DocStore.Bson.Keys;
using DocStore.Metadata;

namespace DocStore.Catalog;

/// <summary>
/// Keys of the collection catalog tree, in the order-preserving key encoding so that every record of one
/// collection, and every record of one kind within it, is a contiguous prefix range:
/// (collection, "c") -> collection record; (collection, "f", id) -> field name; (collection, "i", name) -> index record.
/// </summary>
internal static class CatalogKeys
{
    public const string CollectionKind = "c";
    public const string FieldKind = "f";
    public const string IndexKind = "i";

    public static byte[] Collection(string collection) => Build(collection, CollectionKind);

    public static byte[] FieldPrefix(string collection) => Build(collection, FieldKind);

    public static byte[] Field(string collection, ushort id)
    {
        var builder = Builder(collection, FieldKind);
        builder.Append((long)id);
        return builder.ToArray();
    }

    public static byte[] IndexPrefix(string collection) => Build(collection, IndexKind);

    public static byte[] Index(string collection, string index)
    {
        var builder = Builder(collection, IndexKind);
        builder.Append(index);
        return builder.ToArray();
    }

    /// <summary>Reads the field id from a field key (its third component).</summary>
    public static ushort FieldId(ReadOnlySpan<byte> key, string fileName)
    {
        try
        {
            var reader = new KeyReader(key);
            reader.Skip();
            reader.Skip();
            var id = reader.ReadInt64();
            if (id is < 1 or > ushort.MaxValue - 1)
            {
                throw new DatabaseCorruptException(fileName, -1, $"the collection catalog holds the invalid field id {id}");
            }

            return (ushort)id;
        }
        catch (Bson.BsonFormatException e)
        {
            throw new DatabaseCorruptException($"'{fileName}': a field key of the collection catalog is malformed: {e.Message}", e);
        }
    }

    private static byte[] Build(string collection, string kind) => Builder(collection, kind).ToArray();

    private static IndexKeyBuilder Builder(string collection, string kind)
    {
        var builder = new IndexKeyBuilder();
        builder.Append(collection);
        builder.Append(kind);
        return builder;
    }
}
