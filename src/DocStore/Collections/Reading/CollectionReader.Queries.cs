using DocStore.Bson;
using DocStore.BTree;
using DocStore.Engine.Reads;
using DocStore.Indexing;
using DocStore.Query;
using DocStore.Transactions;

namespace DocStore.Collections;

// Unique finds, index counts and the lazy walks of the primary tree or an index.
internal sealed partial class CollectionReader<T, TKey>
{
    /// <summary>
    /// The one document whose key in unique <paramref name="index"/> equals <paramref name="key"/>, or null; a
    /// temporal component compares by instant (or ticks), so the first of a file's older ties is found.
    /// </summary>
    public T? FindUnique(DocStoreTransaction? transaction, int index, ReadOnlySpan<byte> key)
    {
        CheckIndex(index);
        if (InstantUniqueness.Applies(key))
        {
            // The same instant at another offset (or ticks of another kind) is the same value: walk them all.
            var value = key.ToArray();
            return Walk(transaction, index, value, value, ScanPaging.All, null).FirstOrDefault();
        }

        var (found, document) = Lookup(transaction, new UniqueLookup(index, key), static (c, pages, fields, a) =>
        {
            var binding = pages.Transaction is { } tx ? c.Bound(tx) : c.BoundAt(pages.SnapshotLsn);
            return binding is null ? (false, default) : (true, c.FindUniqueIn(pages, fields, binding, a.Index, a.Key));
        });

        // Right after a catalog change the index set is confirmed in a transaction (rare; a bare snapshot cannot read the catalog).
        return found ? document : Read(null, new UniqueLookup(index, key), static (c, tx, fields, a) => c.FindUniqueIn(SnapshotRead.Of(tx).Pages, fields, c.Bound(tx), a.Index, a.Key));
    }

    /// <summary>How many documents have an entry in <paramref name="index"/> that starts with <paramref name="key"/>, counted from the index alone.</summary>
    public long CountEqual(DocStoreTransaction? transaction, int index, byte[] key)
    {
        ArgumentNullException.ThrowIfNull(key);
        CheckIndex(index);
        return Read(transaction, (Index: index, Key: key), static (c, tx, _, a) =>
        {
            var binding = c.Bound(tx);
            var position = c.CheckIndex(binding, a.Index);
            var tree = CollectionCore<T, TKey>.IndexTree(tx, binding, position);
            return binding.Definitions[position].Multikey ? EntryScan.Walk(tree, a.Key, a.Key, ScanPaging.All, accept: FirstPerDocument(binding, position), instantTies: true).LongCount() : EntryScan.Count(tree, a.Key, a.Key, instantTies: true);
        });
    }

    /// <summary>Checks the arguments now, and returns the lazy walk (index -1: the primary tree).</summary>
    public DocumentQuery<T> Query(DocStoreTransaction? transaction, int index, byte[] low, byte[]? high, QueryOptions? options)
    {
        _context.ThrowIfDisposed();
        transaction?.ThrowIfUnusable(_context);
        var paging = QueryOptions.ToPaging(options);
        return new DocumentQuery<T>(progress => Walk(transaction, index, low, high, paging, progress));
    }

    /// <summary>The documents from <paramref name="from"/> on: keys at or after it ascending, at or before it descending.</summary>
    public DocumentQuery<T> ScanFrom(DocStoreTransaction? transaction, TKey from, QueryOptions? options)
    {
        var key = _core.EncodeKey(from);
        return options?.Descending == true ? Query(transaction, -1, [], key, options) : Query(transaction, -1, key, null, options);
    }

    /// <summary>A filter that admits the first entry of each document, so a multikey query returns a document once, at its first matching entry in scan order.</summary>
    private static Func<EntryScan.Entry, bool>? FirstPerDocument(IndexBinding<T, TKey> binding, int index)
    {
        if (index < 0 || !binding.Definitions[index].Multikey)
        {
            return null;
        }

        var seen = new HashSet<byte[]>(ByteArrayEqualityComparer.Instance);
        return entry => seen.Add(binding.Entries.PrimaryKeyOf(index, entry.Key, entry.Value));
    }

    /// <summary>The document an index entry points at, looked up by a slice of the entry (no copy of its primary key).</summary>
    private T ReadEntryDocument(Tree primary, IndexBinding<T, TKey> binding, int index, EntryScan.Entry entry, IFieldDictionary fields)
    {
        var primaryKey = binding.Entries.PrimaryKeySpan(index, entry.Key, entry.Value);
        if (!primary.TryGet(primaryKey, out var bytes))
        {
            throw DanglingEntry(binding, index, primaryKey.ToArray());
        }

        return Decode(bytes.Span, fields);
    }

    /// <summary>The view a walk reads: <paramref name="transaction"/>'s, or a new snapshot of the last commit that the caller disposes.</summary>
    private (Transaction Tx, IFieldDictionary Fields, ReadTransaction? Snapshot) OpenView(DocStoreTransaction? transaction)
    {
        _context.ThrowIfDisposed();
        if (transaction is null)
        {
            var snapshot = _context.Engine.BeginRead();
            return (snapshot, _fields.Committed, snapshot);
        }

        transaction.ThrowIfUnusable(_context);
        return (transaction.Write, WriterFields(transaction.Write), null);
    }

    private IEnumerable<T> Walk(DocStoreTransaction? transaction, int index, byte[] low, byte[]? high, ScanPaging paging, ScanProgress? progress)
    {
        var (tx, fields, snapshot) = OpenView(transaction);

        try
        {
            var primary = _core.PrimaryTree(tx);
            var binding = Bound(tx);
            var tree = index < 0 ? primary : CollectionCore<T, TKey>.IndexTree(tx, binding, CheckIndex(binding, index));
            foreach (var entry in EntryScan.Walk(tree, low, high, paging, progress, FirstPerDocument(binding, index), instantTies: index >= 0))
            {
                if (index < 0)
                {
                    yield return Decode(entry.Value.Span, fields);
                    continue;
                }

                yield return ReadEntryDocument(primary, binding, index, entry, fields);
            }
        }
        finally
        {
            snapshot?.Dispose();
        }
    }

    /// <summary>The arguments of a unique lookup; a ref struct, so the key can be a span over a scratch builder.</summary>
    private readonly ref struct UniqueLookup(int index, ReadOnlySpan<byte> key)
    {
        public int Index { get; } = index;

        public ReadOnlySpan<byte> Key { get; } = key;
    }
}
