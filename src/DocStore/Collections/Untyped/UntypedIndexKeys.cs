using DocStore.Bson.Model;
using DocStore.Indexing;
using DocStore.Metadata;

namespace DocStore.Collections.Untyped;

/// <summary>Indexes of an untyped collection addressed by name or path, and query values encoded as their keys.</summary>
internal static class UntypedIndexKeys
{
    /// <summary>The position of the index named <paramref name="index"/>, or of the single-path index over that path.</summary>
    public static int Resolve(CollectionCore<BsonDocument, BsonValue> core, string index)
    {
        ArgumentNullException.ThrowIfNull(index);
        var indexes = core.CurrentIndexes();
        for (var i = 0; i < indexes.Count; i++)
        {
            if (indexes[i].Name == index)
            {
                return i;
            }
        }

        for (var i = 0; i < indexes.Count; i++)
        {
            if (indexes[i].Paths.Count == 1 && indexes[i].Paths[0] == index)
            {
                return i;
            }
        }

        var known = indexes.Count == 0 ? "none" : string.Join(", ", indexes.Select(d => $"{d.Name} ({string.Join(", ", d.Paths)})"));
        throw new ArgumentException($"Collection '{core.Name}' has no index named '{index}' or over the path '{index}'; its indexes: {known}.", nameof(index));
    }

    /// <summary>The encoded key of <paramref name="values"/>, the leading components of index <paramref name="index"/>.</summary>
    public static byte[] Encode(CollectionCore<BsonDocument, BsonValue> core, int index, BsonValue?[] values)
    {
        ArgumentNullException.ThrowIfNull(values);
        var definition = core.Model.Indexes[index];
        if (values.Length == 0 || values.Length > definition.Paths.Count)
        {
            throw new ArgumentException($"Index '{definition.Name}' of collection '{core.Name}' has {definition.Paths.Count} component(s); {values.Length} value(s) were given.", nameof(values));
        }

        var key = new IndexKeyBuilder();
        for (var c = 0; c < values.Length; c++)
        {
            // A table's collated index holds its values as the collation compares them; so must the sought value.
            var value = KeyCollations.Apply(definition.Collations, c, values[c]);
            if (value is BsonDocument or BsonArray || !BsonKeyValues.TryAppend(key, value))
            {
                throw new ArgumentException($"Index '{definition.Name}' of collection '{core.Name}' cannot hold a value of type {BsonKeyValues.Describe(value)}.", nameof(values));
            }
        }

        return key.ToArray();
    }
}
