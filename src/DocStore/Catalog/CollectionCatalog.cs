using System.Text;
using DocStore.Bson;
using DocStore.BTree;
using DocStore.Transactions;

namespace DocStore.Catalog;

/// <summary>
/// The collection catalog: one engine tree (<see cref="TreeName"/>) recording every collection, its field
/// dictionary and its indexes (docs/catalog.md). It is read in any transaction and changed only inside
/// write transactions, together with the documents that need the change, so a crash never loses a field
/// name that a committed document uses and never leaves half a definition.
/// </summary>
internal static partial class CollectionCatalog
{
    /// <summary>The name of the engine tree holding the catalog.</summary>
    public const string TreeName = "$collections";

    /// <summary>The names of every collection in the catalog, in key order.</summary>
    /// <param name="transaction">Any transaction.</param>
    /// <returns>The names.</returns>
    public static IReadOnlyList<string> CollectionNames(Transaction transaction)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        var names = new List<string>();
        var tree = transaction.OpenTree(TreeName);
        if (tree is null)
        {
            return names;
        }

        var cursor = tree.CreateCursor();
        for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
        {
            var reader = new Bson.Keys.KeyReader(cursor.Key);
            var name = reader.ReadString();
            if (reader.ReadString() == CatalogKeys.CollectionKind)
            {
                names.Add(name);
            }
        }

        return names;
    }

    /// <summary>The catalog record of <paramref name="collection"/>, or null when it has none.</summary>
    /// <param name="transaction">Any transaction.</param>
    /// <param name="collection">The collection name.</param>
    /// <returns>The record or null.</returns>
    public static CollectionRecord? FindCollection(Transaction transaction, string collection)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        ArgumentNullException.ThrowIfNull(collection);
        var tree = transaction.OpenTree(TreeName);
        return tree is not null && tree.TryGet(CatalogKeys.Collection(collection), out var value)
            ? CatalogRecords.DecodeCollection(collection, value.Span, transaction.DatabaseName)
            : null;
    }

    /// <summary>The stored field dictionary entries of <paramref name="collection"/>, in id order.</summary>
    /// <param name="transaction">Any transaction.</param>
    /// <param name="collection">The collection name.</param>
    /// <returns>The entries.</returns>
    public static IReadOnlyList<FieldDictionaryEntry> LoadFields(Transaction transaction, string collection)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        ArgumentNullException.ThrowIfNull(collection);
        var entries = new List<FieldDictionaryEntry>();
        var tree = transaction.OpenTree(TreeName);
        if (tree is null)
        {
            return entries;
        }

        var prefix = CatalogKeys.FieldPrefix(collection);
        var cursor = tree.CreateCursor();
        for (var ok = cursor.Seek(prefix); ok && cursor.Key.StartsWith(prefix); ok = cursor.MoveNext())
        {
            var id = CatalogKeys.FieldId(cursor.Key, transaction.DatabaseName);
            entries.Add(new FieldDictionaryEntry(id, Encoding.UTF8.GetString(cursor.Value.Span)));
        }

        return entries;
    }

    /// <summary>The index records of <paramref name="collection"/>, in name order.</summary>
    /// <param name="transaction">Any transaction.</param>
    /// <param name="collection">The collection name.</param>
    /// <returns>The records.</returns>
    public static IReadOnlyList<IndexRecord> LoadIndexes(Transaction transaction, string collection)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        ArgumentNullException.ThrowIfNull(collection);
        var indexes = new List<IndexRecord>();
        var tree = transaction.OpenTree(TreeName);
        if (tree is null)
        {
            return indexes;
        }

        var prefix = CatalogKeys.IndexPrefix(collection);
        var cursor = tree.CreateCursor();
        for (var ok = cursor.Seek(prefix); ok && cursor.Key.StartsWith(prefix); ok = cursor.MoveNext())
        {
            var reader = new Bson.Keys.KeyReader(cursor.Key);
            reader.Skip();
            reader.Skip();
            var name = reader.ReadString();
            indexes.Add(CatalogRecords.DecodeIndex(collection, name, cursor.Value.Span, transaction.DatabaseName));
        }

        return indexes;
    }

    /// <summary>Records (or replaces) a collection.</summary>
    /// <param name="transaction">The write transaction.</param>
    /// <param name="collection">The record.</param>
    public static void PutCollection(WriteTransaction transaction, CollectionRecord collection)
    {
        ArgumentNullException.ThrowIfNull(collection);
        Tree(transaction).Put(CatalogKeys.Collection(collection.Name), CatalogRecords.EncodeCollection(collection));
    }

    /// <summary>Records a field dictionary entry of <paramref name="collection"/> (idempotent for the same entry).</summary>
    /// <param name="transaction">The write transaction.</param>
    /// <param name="collection">The collection name.</param>
    /// <param name="entry">The entry.</param>
    public static void PutField(WriteTransaction transaction, string collection, FieldDictionaryEntry entry)
    {
        ArgumentNullException.ThrowIfNull(collection);
        Tree(transaction).Put(CatalogKeys.Field(collection, entry.Id), Encoding.UTF8.GetBytes(entry.Name));
    }

    /// <summary>Records (or replaces) an index of <paramref name="collection"/>.</summary>
    /// <param name="transaction">The write transaction.</param>
    /// <param name="collection">The collection name.</param>
    /// <param name="index">The record.</param>
    public static void PutIndex(WriteTransaction transaction, string collection, IndexRecord index)
    {
        ArgumentNullException.ThrowIfNull(collection);
        ArgumentNullException.ThrowIfNull(index);
        Tree(transaction).Put(CatalogKeys.Index(collection, index.Definition.Name), CatalogRecords.EncodeIndex(index));
    }

    /// <summary>Removes the record of an index of <paramref name="collection"/>; false when there was none.</summary>
    /// <param name="transaction">The write transaction.</param>
    /// <param name="collection">The collection name.</param>
    /// <param name="index">The index name.</param>
    /// <returns>True when a record was removed.</returns>
    public static bool DeleteIndex(WriteTransaction transaction, string collection, string index)
    {
        ArgumentNullException.ThrowIfNull(collection);
        ArgumentNullException.ThrowIfNull(index);
        return Tree(transaction).Delete(CatalogKeys.Index(collection, index));
    }

    /// <summary>A tree name not yet taken: <paramref name="wanted"/>, or with a numeric suffix when a collection or index name makes it collide.</summary>
    /// <param name="transaction">The write transaction that will create the tree.</param>
    /// <param name="wanted">The name to start from.</param>
    /// <returns>The free name.</returns>
    public static string FreeTreeName(WriteTransaction transaction, string wanted)
    {
        var name = wanted;
        for (var n = 2; transaction.OpenTree(name) is not null; n++)
        {
            name = $"{wanted}#{n}";
        }

        return name;
    }

    private static Tree Tree(WriteTransaction transaction)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        return transaction.OpenOrCreateTree(TreeName);
    }
}
