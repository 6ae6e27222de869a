using DocStore.Bson.Model;

namespace DocStore.Cli.Hosting;

/// <summary>
/// Files carry the key as <c>_id</c>, as MongoDB's tools expect. A collection created by a typed model may
/// key its documents by another field; its key is renamed on the way in and out, keeping its position.
/// </summary>
internal static class KeyNames
{
    public const string FileKey = "_id";

    public static void Rename(BsonDocument document, string from, string to)
    {
        if (from == to)
        {
            return;
        }

        var index = document.IndexOf(from);
        if (index < 0)
        {
            return;
        }

        if (document.Contains(to))
        {
            throw new CliFailureException($"The document has both '{from}' and '{to}'; the collection's key is '{(from == FileKey ? to : from)}', written as '{FileKey}' in files.");
        }

        var value = document[index].Value;
        document.RemoveAt(index);
        document.Insert(index, new BsonElement(to, value));
    }
}
