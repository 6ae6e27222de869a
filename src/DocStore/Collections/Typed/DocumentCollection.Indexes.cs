using DocStore.BTree;
using DocStore.Collections;
using DocStore.Engine.Reads;
using DocStore.Indexing;
using DocStore.Metadata;
using DocStore.Query;
using DocStore.Transactions;

namespace DocStore;

public abstract partial class DocumentCollection<T, TKey>
{
    /// <summary>The longest query key whose buffer <see cref="QueryKey"/> keeps for the next query on the thread.</summary>
    private const int MaxRetainedQueryKey = 16 * 1024;

    /// <summary>
    /// This thread's query key builder, cleared. The generated <c>FindBy…</c> and <c>CountBy…</c> methods
    /// build their key in it rather than in a new builder. It is valid until the next call on the same
    /// thread: pass it on, or copy it, before building another key.
    /// </summary>
    /// <returns>The cleared builder.</returns>
    protected static IndexKeyBuilder QueryKey()
    {
        var builder = CollectionScratch.QueryKey;
        if (builder is null || builder.WrittenSpan.Length > MaxRetainedQueryKey)
        {
            // A first call, or the last key was huge (a query value no stored key can match): start small again.
            CollectionScratch.QueryKey = builder = new IndexKeyBuilder();
        }

        builder.Clear();
        return builder;
    }

    /// <summary>The one document whose key in unique <paramref name="index"/> equals <paramref name="key"/>, or null.</summary>
    /// <param name="index">The index position.</param>
    /// <param name="key">The encoded index key.</param>
    /// <param name="options">Only <see cref="QueryOptions.Transaction"/> applies (read inside that transaction, its changes included); null reads the last commit.</param>
    /// <returns>The document or null.</returns>
    protected T? FindUnique(int index, byte[] key, QueryOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(key);
        return FindUniqueCore(index, key, options);
    }

    /// <summary>The one document whose key in unique <paramref name="index"/> is the key built in <paramref name="key"/> (read in place, not copied), or null.</summary>
    /// <param name="index">The index position.</param>
    /// <param name="key">The built key, typically from <see cref="QueryKey"/>.</param>
    /// <param name="options">Only <see cref="QueryOptions.Transaction"/> applies (read inside that transaction, its changes included); null reads the last commit.</param>
    /// <returns>The document or null.</returns>
    protected T? FindUnique(int index, IndexKeyBuilder key, QueryOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(key);
        return FindUniqueCore(index, key.WrittenSpan, options);
    }

    private T? FindUniqueCore(int index, ReadOnlySpan<byte> key, QueryOptions? options)
    {
        CheckIndex(index);
        var (found, document) = Lookup(options?.Transaction, new UniqueLookup(index, key), static (c, pages, fields, a) =>
        {
            var binding = pages.Transaction is { } tx ? c.Bound(tx) : c.BoundAt(pages.SnapshotLsn);
            return binding is null ? (false, default) : (true, c.FindUniqueIn(pages, fields, binding, a.Index, a.Key));
        });

        // Right after a catalog change the index set is confirmed in a transaction (rare; a bare snapshot cannot read the catalog).
        return found ? document : Read(null, new UniqueLookup(index, key), static (c, tx, fields, a) => c.FindUniqueIn(SnapshotRead.Of(tx).Pages, fields, c.Bound(tx), a.Index, a.Key));
    }

    private T? FindUniqueIn(PageSource pages, Bson.IFieldDictionary fields, IndexBinding binding, int index, ReadOnlySpan<byte> key)
    {
        var position = CheckIndex(binding, index);
        if (!SnapshotRead.TryGet(pages, binding.Roots[position], binding.Trees[position], key, out var primaryKey))
        {
            return default;
        }

        if (!TryGetDocument(pages, primaryKey.Span, out var bytes))
        {
            throw DanglingEntry(binding, position, primaryKey.ToArray());
        }

        return Decode(bytes.Span, fields);
    }

    /// <summary>
    /// The documents whose key in <paramref name="index"/> starts with the complete components in
    /// <paramref name="key"/> (every component for equality, the leading ones for a composite prefix),
    /// in index order (then primary key order).
    /// </summary>
    /// <param name="index">The index position.</param>
    /// <param name="key">The encoded components.</param>
    /// <param name="options">Ordering and paging; null for all, ascending.</param>
    /// <returns>The lazy query.</returns>
    protected DocumentQuery<T> FindEqual(int index, byte[] key, QueryOptions? options = null) => FindPrefix(index, key, options);

    /// <summary>The documents whose key in <paramref name="index"/> starts with <paramref name="prefix"/> bytes, in index order.</summary>
    /// <param name="index">The index position.</param>
    /// <param name="prefix">The encoded prefix (complete components, or a string prefix last).</param>
    /// <param name="options">Ordering and paging.</param>
    /// <returns>The lazy query.</returns>
    protected DocumentQuery<T> FindPrefix(int index, byte[] prefix, QueryOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(prefix);
        return Query(options?.Transaction, CheckIndex(index), prefix, prefix, options);
    }

    /// <summary>
    /// The documents whose key in <paramref name="index"/> lies in [<paramref name="low"/>, <paramref name="high"/>],
    /// in index order. A document matching through several elements of a multikey path appears once, at its first match.
    /// </summary>
    /// <param name="index">The index position.</param>
    /// <param name="low">The encoded lower bound (inclusive).</param>
    /// <param name="high">The encoded upper bound (inclusive).</param>
    /// <param name="options">Ordering and paging.</param>
    /// <returns>The lazy query.</returns>
    protected DocumentQuery<T> FindRange(int index, byte[] low, byte[] high, QueryOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(low);
        ArgumentNullException.ThrowIfNull(high);
        return Query(options?.Transaction, CheckIndex(index), low, high, options);
    }

    /// <summary>How many documents have an entry in <paramref name="index"/> that starts with <paramref name="key"/>, counted from the index alone (no document is read).</summary>
    /// <param name="index">The index position.</param>
    /// <param name="key">The encoded components.</param>
    /// <param name="options">Only <see cref="QueryOptions.Transaction"/> applies (count inside that transaction); ordering and paging do not change a count.</param>
    /// <returns>The number of documents (one matching through several elements of a multikey path counts once).</returns>
    protected long CountEqual(int index, byte[] key, QueryOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(key);
        CheckIndex(index);
        return Read(options?.Transaction, (Index: index, Key: key), static (c, tx, _, a) =>
        {
            var binding = c.Bound(tx);
            var position = c.CheckIndex(binding, a.Index);
            var tree = IndexTree(tx, binding, position);
            return binding.Definitions[position].Multikey ? EntryScan.Walk(tree, a.Key, a.Key, ScanPaging.All, accept: FirstPerDocument(binding, position)).LongCount() : EntryScan.Count(tree, a.Key, a.Key);
        });
    }

    /// <summary>A filter that admits the first entry of each document, so a multikey query returns a document once, at its first matching entry in scan order.</summary>
    private static Func<EntryScan.Entry, bool>? FirstPerDocument(IndexBinding binding, int index)
    {
        if (index < 0 || !binding.Definitions[index].Multikey)
        {
            return null;
        }

        var seen = new HashSet<byte[]>(ByteArrayEqualityComparer.Instance);
        return entry => seen.Add(binding.Entries.PrimaryKeyOf(index, entry.Key, entry.Value));
    }

    /// <summary>The document an index entry points at, looked up by a slice of the entry (no copy of its primary key).</summary>
    private T ReadEntryDocument(BTree.Tree primary, IndexBinding binding, int index, EntryScan.Entry entry, Bson.IFieldDictionary fields)
    {
        var primaryKey = binding.Entries.PrimaryKeySpan(index, entry.Key, entry.Value);
        if (!primary.TryGet(primaryKey, out var bytes))
        {
            throw DanglingEntry(binding, index, primaryKey.ToArray());
        }

        return Decode(bytes.Span, fields);
    }

    private DatabaseCorruptException DanglingEntry(IndexBinding binding, int index, byte[] primaryKey) =>
        new(_context.Engine.Name, -1, $"index '{binding.Definitions[index].Name}' of collection '{Name}' has an entry for document {KeyText.Describe(primaryKey)}, which does not exist");

    private int CheckIndex(int index)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(index);
        ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(index, Volatile.Read(ref _binding).Trees.Length);
        return index;
    }

    /// <summary>
    /// <paramref name="index"/>, checked again against the binding the operation's transaction sees: the
    /// caller chose the position before the operation began, and an index statement may have committed since.
    /// </summary>
    private int CheckIndex(IndexBinding binding, int index)
    {
        if (index >= binding.Trees.Length)
        {
            throw new InvalidOperationException($"Collection '{Name}' has {binding.Trees.Length} index(es) now: an index was dropped while this query was being set up; run it again.");
        }

        return index;
    }

    /// <summary>Checks the arguments now, and returns the lazy walk (index -1: the primary tree).</summary>
    private DocumentQuery<T> Query(DocStoreTransaction? transaction, int index, byte[] low, byte[]? high, QueryOptions? options)
    {
        _context.ThrowIfDisposed();
        transaction?.ThrowIfUnusable(_context);
        var paging = QueryOptions.ToPaging(options);
        return new DocumentQuery<T>(progress => Walk(transaction, index, low, high, paging, progress));
    }

    private IEnumerable<T> Walk(DocStoreTransaction? transaction, int index, byte[] low, byte[]? high, ScanPaging paging, ScanProgress? progress)
    {
        _context.ThrowIfDisposed();
        ReadTransaction? snapshot = null;
        Transaction tx;
        Bson.IFieldDictionary fields;
        if (transaction is null)
        {
            snapshot = _context.Engine.BeginRead();
            tx = snapshot;
            fields = _fields.Committed;
        }
        else
        {
            transaction.ThrowIfUnusable(_context);
            tx = transaction.Write;
            fields = _fields.Writer;
        }

        try
        {
            var primary = PrimaryTree(tx);
            var binding = Bound(tx);
            var tree = index < 0 ? primary : IndexTree(tx, binding, CheckIndex(binding, index));
            foreach (var entry in EntryScan.Walk(tree, low, high, paging, progress, FirstPerDocument(binding, index)))
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
