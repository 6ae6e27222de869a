using DocStore.Bson.Interop;
using DocStore.Bson.Model;

namespace Bookmarks;

/// <summary>
/// The answer of an admin query: its rows as objects in relaxed Extended JSON, so every BSON type shows as
/// MongoDB tools show it, with .NET dates, times, Guids and decimals as ISO 8601 or invariant text (stored as
/// DocStore's binary values, they would otherwise show as base64), and a word that the statement was rolled back, so nobody takes a write for done.
/// </summary>
internal static class AdminJson
{
    public const string RolledBackMessage = "The statement ran in a transaction that was rolled back: nothing was written.";

    public static string RolledBack(IReadOnlyList<BsonDocument> rows)
    {
        var array = "[" + string.Join(",", rows.Select(row => ExtendedJson.ToJson(DotNetValues.ToText(row), ExtendedJsonMode.Relaxed))) + "]";
        return $$"""{"rolledBack":true,"message":"{{RolledBackMessage}}","rows":{{array}}}""";
    }
}
