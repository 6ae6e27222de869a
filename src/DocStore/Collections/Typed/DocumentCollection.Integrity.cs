using DocStore.BTree;
using DocStore.Collections;
using DocStore.Indexing;
using DocStore.Transactions;

namespace DocStore;

public abstract partial class DocumentCollection<T, TKey>
{
    /// <summary>
    /// Recomputes every document's index entries from its stored bytes and compares them with the index
    /// trees: an entry no document produces, an entry pointing at the wrong document, and a document
    /// entry that is missing are each reported with the collection, index and key.
    /// </summary>
    void ICheckedCollection.CheckIndexes(Transaction transaction, List<string> problems)
    {
        var primary = transaction.OpenTree(_primaryTree);
        if (primary is null)
        {
            problems.Add($"collection '{Name}': its tree '{_primaryTree}' is missing");
            return;
        }

        var fields = _fields.Committed;
        var binding = Bound(transaction);
        var expected = new Dictionary<byte[], byte[]>[binding.Trees.Length];
        for (var i = 0; i < expected.Length; i++)
        {
            expected[i] = new Dictionary<byte[], byte[]>(ByteArrayEqualityComparer.Instance);
        }

        // A damaged page ends the walk of its tree (the storage pass names the page); the other trees are
        // still checked, and nothing is concluded from documents that could not be read.
        var allDocumentsRead = true;
        var cursor = primary.CreateCursor();
        try
        {
            for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
            {
                var primaryKey = cursor.Key.ToArray();
                byte[][][] keys;
                try
                {
                    keys = StoredEntryKeys(binding, cursor.Value.Span, fields);
                }
                catch (Exception e) when (e is DocumentSchemaException or Bson.BsonFormatException)
                {
                    problems.Add($"collection '{Name}': document {KeyText.Describe(primaryKey)} cannot be read: {e.Message}");
                    continue;
                }

                for (var i = 0; i < keys.Length; i++)
                {
                    foreach (var indexKey in keys[i])
                    {
                        var treeKey = binding.Entries.TreeKey(i, indexKey, primaryKey);
                        var value = binding.Definitions[i].Unique ? primaryKey : [];
                        if (!expected[i].TryAdd(treeKey, value))
                        {
                            problems.Add($"collection '{Name}': unique index '{binding.Definitions[i].Name}' value {KeyText.Describe(indexKey)} is held by documents {KeyText.Describe(expected[i][treeKey])} and {KeyText.Describe(primaryKey)}");
                        }
                    }
                }
            }
        }
        catch (DatabaseCorruptException e)
        {
            allDocumentsRead = false;
            problems.Add($"collection '{Name}': its documents cannot all be read, so its indexes are not checked for entries without a document: {e.Message}");
        }

        for (var i = 0; i < binding.Trees.Length; i++)
        {
            var name = binding.Definitions[i].Name;
            var tree = transaction.OpenTree(binding.Trees[i]);
            if (tree is null)
            {
                problems.Add($"collection '{Name}': the tree '{binding.Trees[i]}' of index '{name}' is missing");
                continue;
            }

            var entries = tree.CreateCursor();
            try
            {
                for (var ok = entries.SeekFirst(); ok; ok = entries.MoveNext())
                {
                    var key = entries.Key.ToArray();
                    if (!expected[i].Remove(key, out var value))
                    {
                        if (allDocumentsRead)
                        {
                            problems.Add($"collection '{Name}': index '{name}' has the entry {KeyText.Describe(key)} that no document produces");
                        }
                    }
                    else if (!entries.Value.Span.SequenceEqual(value))
                    {
                        problems.Add($"collection '{Name}': index '{name}' entry {KeyText.Describe(key)} points at {KeyText.Describe(entries.Value.Span)} instead of document {KeyText.Describe(value)}");
                    }
                }
            }
            catch (DatabaseCorruptException e)
            {
                problems.Add($"collection '{Name}': index '{name}' cannot be read to its end, so it is not checked for missing entries: {e.Message}");
                continue;
            }

            foreach (var missing in expected[i].Keys)
            {
                problems.Add($"collection '{Name}': index '{name}' lacks the entry {KeyText.Describe(missing)} of a stored document");
            }
        }
    }
}
