using DocStore.Bson.Interop;
using DocStore.Bson.Model;

namespace Bookmarks;

/// <summary>Rows of an admin query as a JSON array of objects in relaxed Extended JSON, so every BSON type shows as MongoDB tools show it.</summary>
internal static class AdminJson
{
    public static string Rows(IReadOnlyList<BsonDocument> rows) =>
        "[" + string.Join(",", rows.Select(row => ExtendedJson.ToJson(row, ExtendedJsonMode.Relaxed))) + "]";
}
