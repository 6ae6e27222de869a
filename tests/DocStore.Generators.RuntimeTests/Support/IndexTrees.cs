using DocStore.BTree;
using DocStore.Catalog;

namespace DocStore.Generators.RuntimeTests.Support;

/// <summary>What a collection's index trees hold, read through the engine under the tree names the catalog records.</summary>
internal static class IndexTrees
{
    /// <summary>Each index's raw entries in tree order (key and value in hex), by index name, on a fresh snapshot.</summary>
    public static Dictionary<string, List<string>> Entries(DocStoreContext db, string collection)
    {
        using var tx = db.Engine.BeginRead();
        return CollectionCatalog.LoadIndexes(tx, collection).ToDictionary(r => r.Definition.Name, r => Entries(tx.OpenTree(r.Tree)!));
    }

    /// <summary>The raw entries of <paramref name="tree"/> in key order, as <c>KEY=VALUE</c> in hex.</summary>
    public static List<string> Entries(Tree tree)
    {
        var entries = new List<string>();
        var cursor = tree.CreateCursor();
        for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
        {
            entries.Add($"{Convert.ToHexString(cursor.Key)}={Convert.ToHexString(cursor.Value.Span)}");
        }

        return entries;
    }
}
