using DocStore.Bson;
using DocStore.Bson.Interop;
using DocStore.BTree;
using DocStore.Catalog;
using DocStore.Metadata;
using DocStore.Transactions;

namespace DocStore.Indexing;

/// <summary>
/// Creates one index of an untyped definition over a collection's stored documents, inside the caller's
/// write transaction: the catalog record, the tree, and an entry per key of every document. Anything that
/// refuses the index (two documents with one unique value, a value keys cannot hold, a key over the limit)
/// throws before the caller commits, so rolling back leaves no trace.
/// </summary>
internal static class IndexBuild
{
    // A change to the transaction invalidates a cursor, so documents are read in batches and each batch seeks again.
    private const int Batch = 512;

    /// <exception cref="DuplicateKeyException">A unique index finds two documents with the same value.</exception>
    /// <exception cref="DocumentSchemaException">A document holds a value at an indexed path that keys cannot hold.</exception>
    /// <exception cref="IndexKeyTooLongException">An entry would be longer than a tree key may be.</exception>
    public static void Create(WriteTransaction transaction, string collection, string primaryTree, IndexDefinition definition, int maxKeyLength)
    {
        var index = new BsonIndex(definition);
        var record = new IndexRecord(definition, CollectionCatalog.FreeTreeName(transaction, $"i/{collection}/{definition.Name}"));
        var tree = transaction.CreateTree(record.Tree);
        CollectionCatalog.PutIndex(transaction, collection, record);

        var primary = transaction.OpenTree(primaryTree)
            ?? throw new DatabaseCorruptException(string.Empty, -1, $"the catalog names tree '{primaryTree}' for collection '{collection}', but there is no such tree");
        var fields = new FieldDictionary(CollectionCatalog.LoadFields(transaction, collection));
        var entries = new IndexEntries(collection, [definition], maxKeyLength);
        var sink = new IndexKeySink();
        byte[]? last = null;
        while (true)
        {
            var batch = new List<(byte[] Primary, byte[][] Keys)>(Batch);
            var cursor = primary.CreateCursor();
            var ok = last is null ? cursor.SeekFirst() : cursor.Seek(last);
            if (ok && last is not null && cursor.Key.SequenceEqual(last))
            {
                ok = cursor.MoveNext();
            }

            for (; ok && batch.Count < Batch; ok = cursor.MoveNext())
            {
                var primaryKey = cursor.Key.ToArray();
                sink.Clear();
                index.AppendKeys(CBsonDocumentConverter.ToDocument(cursor.Value.Span, fields), sink);
                batch.Add((primaryKey, entries.Checked(0, sink.Keys, primaryKey.Length)));
            }

            if (batch.Count == 0)
            {
                return;
            }

            foreach (var (primaryKey, keys) in batch)
            {
                foreach (var key in keys)
                {
                    if ((definition.Unique || definition.UniqueNonNull) && entries.TakenByOther(tree, 0, key, primaryKey))
                    {
                        throw new DuplicateKeyException(collection, definition.Name, KeyText.Describe(key), KeyText.Describe(primaryKey));
                    }

                    entries.EntryOf(0, key, primaryKey, out var treeKey, out var value);
                    tree.Put(treeKey, value);
                }
            }

            last = batch[^1].Primary;
        }
    }
}
