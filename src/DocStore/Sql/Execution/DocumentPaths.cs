using DocStore.Bson.Model;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Execution;

/// <summary>Assigns values to paths of a document being written, and picks the stored form of computed values.</summary>
internal static class DocumentPaths
{
    /// <summary>Sets <paramref name="path"/> (stored names) to <paramref name="value"/>, creating the documents on the way; a step through a value that is not a document is an error naming the path.</summary>
    public static void Set(BsonDocument document, string[] path, BsonValue value, string text, string collection)
    {
        var current = document;
        for (var i = 0; i < path.Length - 1; i++)
        {
            if (!current.TryGetValue(path[i], out var next) || next is BsonNull)
            {
                var created = new BsonDocument();
                current.Set(path[i], created);
                current = created;
            }
            else if (next is BsonDocument nested)
            {
                current = nested;
            }
            else
            {
                throw SqlErrors.Type($"Cannot set '{text}' in collection '{collection}': '{string.Join('.', path[..(i + 1)])}' holds a {next.BsonType.ToString().ToLowerInvariant()}, not a document.");
            }
        }

        current.Set(path[^1], value);
    }

    /// <summary>
    /// The stored form of a value SQL computed: an integer that fits 32 bits is stored as int32 (as an
    /// Extended JSON number is), since SQL computes every integer as 64 bits.
    /// </summary>
    public static BsonValue Storable(BsonValue value) =>
        value is BsonInt64 { Value: >= int.MinValue and <= int.MaxValue } small ? BsonInt32.Create((int)small.Value) : value;
}
