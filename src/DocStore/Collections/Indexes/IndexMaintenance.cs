using DocStore.Bson;
using DocStore.BTree;
using DocStore.Indexing;
using DocStore.Metadata;
using DocStore.Transactions;

namespace DocStore.Collections;

/// <summary>
/// A collection's index entries: the keys a document produces, the entry changes a write plans, and the
/// filling of a newly declared index from the stored documents.
/// </summary>
internal static class IndexMaintenance<T, TKey>
    where TKey : notnull
{
    private const int BuildBatch = 512;

    /// <summary>The distinct index keys of a live document, per index, each checked against the engine's key limit.</summary>
    /// <exception cref="DocumentSchemaException">An indexed value cannot be a key; the message names the collection, the document's key and the field.</exception>
    public static byte[][][] EntryKeys(string collection, IndexBinding<T, TKey> binding, T document, TKey key, byte[] primaryKey)
    {
        var sink = CollectionScratch.KeySink ??= new IndexKeySink();
        var result = new byte[binding.Definitions.Count][][];
        for (var i = 0; i < result.Length; i++)
        {
            sink.Clear();
            try
            {
                binding.Model.AppendIndexKeys(i, document, sink);
            }
            catch (DocumentSchemaException e) when (e.Collection is null)
            {
                throw e.InCollection(collection, CollectionCore<T, TKey>.KeyString(key));
            }

            result[i] = binding.Entries.Checked(i, sink.Keys, primaryKey.Length);
        }

        return result;
    }

    /// <summary>The distinct index keys of a stored document, per index.</summary>
    public static byte[][][] StoredEntryKeys(IndexBinding<T, TKey> binding, ReadOnlySpan<byte> stored, IFieldDictionary fields)
    {
        var sink = CollectionScratch.KeySink ??= new IndexKeySink();
        var result = new byte[binding.Definitions.Count][][];
        for (var i = 0; i < result.Length; i++)
        {
            sink.Clear();
            binding.Model.AppendIndexKeys(i, stored, fields, sink);
            result[i] = IndexEntries.Distinct(sink.Keys);
        }

        return result;
    }

    /// <summary>This thread's change planner, empty.</summary>
    public static TreeChanges PlannedChanges()
    {
        var changes = CollectionScratch.Changes ??= new TreeChanges();
        changes.Clear();
        return changes;
    }

    /// <summary>Plans the removal and then the addition of one index's entries (uniqueness already checked).</summary>
    /// <exception cref="IndexKeyTooLongException">An added entry is longer than a tree key may be.</exception>
    public static void PlanEntryChanges(TreeChanges changes, Tree tree, IndexBinding<T, TKey> binding, int index, byte[][] removed, byte[][] added, ReadOnlySpan<byte> primaryKey)
    {
        foreach (var indexKey in removed)
        {
            changes.Delete(tree, binding.Entries.TreeKeyScratch(index, indexKey, primaryKey));
        }

        foreach (var indexKey in added)
        {
            binding.Entries.EntryOf(index, indexKey, primaryKey, out var treeKey, out var value);
            changes.Put(tree, treeKey, value);
        }
    }

    /// <summary>Fills new indexes from the stored documents, in batches (a change to the transaction invalidates the cursor, so each batch seeks again).</summary>
    public static void Build(string collection, IndexBinding<T, TKey> binding, WriteTransaction tx, Tree primary, string[] trees, List<int> indexes, IFieldDictionary fields)
    {
        var cursor = primary.CreateCursor();
        byte[]? last = null;
        while (true)
        {
            var batch = new List<(byte[] Primary, byte[][][] Keys)>(BuildBatch);
            var ok = last is null ? cursor.SeekFirst() : cursor.Seek(last);
            if (ok && last is not null && cursor.Key.SequenceEqual(last))
            {
                ok = cursor.MoveNext();
            }

            for (; ok && batch.Count < BuildBatch; ok = cursor.MoveNext())
            {
                byte[][][] keys;
                try
                {
                    keys = StoredEntryKeys(binding, cursor.Value.Span, fields);
                }
                catch (DocumentSchemaException e) when (e.Collection is null)
                {
                    // A stored value the model cannot index (written before its types were recorded): say where.
                    throw e.InCollection(collection, KeyText.Describe(cursor.Key));
                }

                batch.Add((cursor.Key.ToArray(), keys));
            }

            if (batch.Count == 0)
            {
                return;
            }

            foreach (var (primaryKey, keys) in batch)
            {
                foreach (var i in indexes)
                {
                    var tree = tx.OpenTree(trees[i])!;
                    foreach (var indexKey in keys[i])
                    {
                        PutEntry(collection, binding, tree, i, indexKey, primaryKey);
                    }
                }
            }

            last = batch[^1].Primary;
        }
    }

    /// <summary>
    /// Adds one entry, refusing a unique key that another document holds, unless the caller has just checked
    /// that with <c>CheckUnique</c> (<paramref name="uniquenessChecked"/>): inserts and updates check every
    /// key before changing anything, and a second lookup would repeat a descent of the same tree.
    /// </summary>
    private static void PutEntry(string collection, IndexBinding<T, TKey> binding, Tree tree, int index, byte[] indexKey, byte[] primaryKey, bool uniquenessChecked = false)
    {
        var definition = binding.Definitions[index];
        binding.Entries.EntryOf(index, indexKey, primaryKey, out var treeKey, out var value);

        if (definition.Unique && !uniquenessChecked && binding.Entries.TakenByOther(tree, index, indexKey, primaryKey))
        {
            throw new DuplicateKeyException(collection, definition.Name, KeyText.Describe(indexKey), KeyText.Describe(primaryKey));
        }

        tree.Put(treeKey, value);
    }

}
