using DocStore.Bson;
using DocStore.BTree;
using DocStore.Indexing;
using DocStore.Integrity;
using DocStore.Transactions;

namespace DocStore.Collections;

/// <summary>The integrity check of one collection's indexes against its documents.</summary>
internal sealed class CollectionIntegrity<T, TKey>
    where TKey : notnull
{
    private readonly CollectionCore<T, TKey> _core;
    private readonly CollectionState _state;
    private readonly string _primaryTree;
    private readonly CollectionFields _fields;

    public CollectionIntegrity(CollectionCore<T, TKey> core)
    {
        _core = core;
        _state = core.State;
        _primaryTree = core.PrimaryTreeName;
        _fields = core.Fields;
    }

    private string Name => _core.Name;

    // One index entry a stored document produces: the index, its key, the entry's tree key and value (the tree
    // key may lie in the thread's scratch buffer) and the document's primary key.
    private delegate void ProducedEntry(int index, byte[] indexKey, ReadOnlySpan<byte> treeKey, ReadOnlySpan<byte> value, byte[] primaryKey);

    /// <summary>
    /// Recomputes every document's index entries from its stored bytes and compares them with the index
    /// trees: an entry no document produces, an entry pointing at the wrong document, and a document
    /// entry that is missing are each reported with the collection, index and key. Both sides are first
    /// reduced to a digest per index (<see cref="EntryDigest"/>), so a sound collection of any size is
    /// checked in the same small memory; an index whose digests differ is then compared entry by entry.
    /// </summary>
    public void CheckIndexes(Transaction transaction, List<string> problems)
    {
        // Dropped or renamed through another context on the file: this stale object describes nothing stored.
        if (_state.Dropped)
        {
            return;
        }

        var primary = transaction.OpenTree(_primaryTree);
        if (primary is null)
        {
            problems.Add($"collection '{Name}': its tree '{_primaryTree}' is missing");
            return;
        }

        var fields = _fields.Committed;
        var binding = _core.Bound(transaction);
        var produced = new EntryDigest[binding.Trees.Length];
        var allDocumentsRead = VisitProducedEntries(primary, binding, fields, problems, (index, _, treeKey, value, _) => produced[index].Add(treeKey, value));
        for (var i = 0; i < binding.Trees.Length; i++)
        {
            var name = binding.Definitions[i].Name;
            var tree = transaction.OpenTree(binding.Trees[i]);
            if (tree is null)
            {
                problems.Add($"collection '{Name}': the tree '{binding.Trees[i]}' of index '{name}' is missing");
                continue;
            }

            var stored = default(EntryDigest);
            var entries = tree.CreateWalkCursor();
            try
            {
                for (var ok = entries.SeekFirst(); ok; ok = entries.MoveNext())
                {
                    stored.Add(entries.Key, entries.Value.Span);
                }
            }
            catch (DatabaseCorruptException e)
            {
                problems.Add($"collection '{Name}': index '{name}' cannot be read to its end, so it is not checked for missing entries: {e.Message}");
                continue;
            }

            if (!stored.Equals(produced[i]))
            {
                CompareEntries(primary, binding, fields, i, tree, allDocumentsRead, problems);
            }
        }
    }

    // Calls visit for every entry the stored documents produce, in primary-key order. Returns false when a
    // damaged page ended the walk; reports that, and documents that cannot be read, when problems is given.
    private bool VisitProducedEntries(Tree primary, IndexBinding<T, TKey> binding, IFieldDictionary fields, List<string>? problems, ProducedEntry visit)
    {
        var cursor = primary.CreateWalkCursor();
        try
        {
            for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
            {
                var primaryKey = cursor.Key.ToArray();
                byte[][][] keys;
                try
                {
                    keys = IndexMaintenance<T, TKey>.StoredEntryKeys(binding, cursor.Value.Span, fields);
                }
                catch (Exception e) when (e is DocumentSchemaException or Bson.BsonFormatException)
                {
                    problems?.Add($"collection '{Name}': document {KeyText.Describe(primaryKey)} cannot be read: {e.Message}");
                    continue;
                }

                for (var i = 0; i < keys.Length; i++)
                {
                    foreach (var indexKey in keys[i])
                    {
                        var treeKey = binding.Entries.TreeKeyScratch(i, indexKey, primaryKey);
                        visit(i, indexKey, treeKey, binding.Entries.IsUnique(i) ? primaryKey : [], primaryKey);
                    }
                }
            }
        }
        catch (DatabaseCorruptException e)
        {
            problems?.Add($"collection '{Name}': its documents cannot all be read, so its indexes are not checked for entries without a document: {e.Message}");
            return false;
        }

        return true;
    }

    // Entry by entry, for an index whose digest differs from its documents': each entry a document produces
    // is looked up in the index, then each index entry's document is looked up and asked whether it produces
    // the entry. Memory grows only with the problems found.
    private void CompareEntries(Tree primary, IndexBinding<T, TKey> binding, IFieldDictionary fields, int index, Tree tree, bool allDocumentsRead, List<string> problems)
    {
        var name = binding.Definitions[index].Name;

        // Entries reported as pointing at the wrong document, which some document does produce.
        var misdirected = new HashSet<byte[]>(ByteArrayEqualityComparer.Instance);
        try
        {
            VisitProducedEntries(primary, binding, fields, problems: null, (i, indexKey, treeKey, value, primaryKey) =>
            {
                if (i != index)
                {
                    return;
                }

                if (!tree.TryGet(treeKey, out var stored))
                {
                    problems.Add($"collection '{Name}': index '{name}' lacks the entry {KeyText.Describe(treeKey)} of a stored document");
                    return;
                }

                if (stored.Span.SequenceEqual(value))
                {
                    return;
                }

                // A unique index's entry names another document. The key is copied first: Produces reuses the scratch buffer.
                var key = treeKey.ToArray();
                var holder = stored.ToArray();
                misdirected.Add(key);
                if (Produces(primary, binding, fields, index, holder, key))
                {
                    var (first, second) = holder.AsSpan().SequenceCompareTo(primaryKey) < 0 ? (holder, primaryKey) : (primaryKey, holder);
                    problems.Add($"collection '{Name}': unique index '{name}' value {KeyText.Describe(indexKey)} is held by documents {KeyText.Describe(first)} and {KeyText.Describe(second)}");
                }
                else
                {
                    problems.Add($"collection '{Name}': index '{name}' entry {KeyText.Describe(key)} points at {KeyText.Describe(holder)} instead of document {KeyText.Describe(primaryKey)}");
                }
            });

            if (!allDocumentsRead)
            {
                // Without every document, an entry that none of the read ones produces proves nothing.
                return;
            }

            var entries = tree.CreateWalkCursor();
            for (var ok = entries.SeekFirst(); ok; ok = entries.MoveNext())
            {
                var key = entries.Key.ToArray();
                if (!misdirected.Contains(key) && !Produces(primary, binding, fields, index, EntryDocument(binding, index, key, entries.Value), key))
                {
                    problems.Add($"collection '{Name}': index '{name}' has the entry {KeyText.Describe(key)} that no document produces");
                }
            }
        }
        catch (DatabaseCorruptException e)
        {
            problems.Add($"collection '{Name}': index '{name}' could not be compared entry by entry: {e.Message}");
        }
    }

    // The primary key an index entry names, or null when the entry is too malformed to name one.
    private static byte[]? EntryDocument(IndexBinding<T, TKey> binding, int index, byte[] treeKey, ReadOnlyMemory<byte> value)
    {
        try
        {
            return binding.Entries.PrimaryKeyOf(index, treeKey, value);
        }
        catch (Bson.BsonFormatException)
        {
            return null;
        }
    }

    // Whether the document stored under primaryKey exists and produces treeKey (not in the scratch buffer) in the index.
    private static bool Produces(Tree primary, IndexBinding<T, TKey> binding, IFieldDictionary fields, int index, byte[]? primaryKey, byte[] treeKey)
    {
        if (primaryKey is null || !primary.TryGet(primaryKey, out var stored))
        {
            return false;
        }

        byte[][] keys;
        try
        {
            keys = IndexMaintenance<T, TKey>.StoredEntryKeys(binding, stored.Span, fields)[index];
        }
        catch (Exception e) when (e is DocumentSchemaException or Bson.BsonFormatException)
        {
            return false;
        }

        foreach (var indexKey in keys)
        {
            if (binding.Entries.TreeKeyScratch(index, indexKey, primaryKey).SequenceEqual(treeKey))
            {
                return true;
            }
        }

        return false;
    }
}
