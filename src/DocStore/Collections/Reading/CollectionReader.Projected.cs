using DocStore.Bson;
using DocStore.BTree;
using DocStore.Engine.Reads;
using DocStore.Query;

namespace DocStore.Collections;

// Walks that build each result from the stored bytes (the selected fields only); a document missing one of
// them is deserialized and projected whole, so a missing member reads as it does after deserialization.
internal sealed partial class CollectionReader<T, TKey>
{
    /// <summary>The results of <see cref="Query"/>'s walk, each built by <paramref name="read"/> or, failing that, <paramref name="whole"/>; lazy.</summary>
    public IEnumerable<TResult> QueryAs<TResult>(DocStoreTransaction? transaction, int index, byte[] low, byte[]? high, QueryOptions? options, StoredRead<TResult> read, Func<T, TResult> whole)
    {
        ArgumentNullException.ThrowIfNull(read);
        ArgumentNullException.ThrowIfNull(whole);
        _context.ThrowIfDisposed();
        transaction?.ThrowIfUnusable(_context);
        return WalkAs(transaction, index, low, high, QueryOptions.ToPaging(options), read, whole);
    }

    /// <summary>The results of <see cref="ScanWhere"/>, each built by <paramref name="read"/> or, failing that, <paramref name="whole"/>; lazy.</summary>
    public IEnumerable<TResult> ScanWhereAs<TResult>(DocStoreTransaction? transaction, StoredTest test, int skip, int take, StoredRead<TResult> read, Func<T, TResult> whole)
    {
        ArgumentNullException.ThrowIfNull(test);
        ArgumentNullException.ThrowIfNull(read);
        ArgumentNullException.ThrowIfNull(whole);
        _context.ThrowIfDisposed();
        transaction?.ThrowIfUnusable(_context);
        return WalkWhere(transaction, test, skip, take, (document, fields) => Project(document, fields, read, whole));
    }

    private IEnumerable<TResult> WalkAs<TResult>(DocStoreTransaction? transaction, int index, byte[] low, byte[]? high, ScanPaging paging, StoredRead<TResult> read, Func<T, TResult> whole)
    {
        var (tx, fields, snapshot) = OpenView(transaction);

        try
        {
            var primary = _core.PrimaryTree(tx);
            var binding = Bound(tx);
            var tree = index < 0 ? primary : CollectionCore<T, TKey>.IndexTree(tx, binding, CheckIndex(binding, index));
            foreach (var entry in EntryScan.Walk(tree, low, high, paging, null, FirstPerDocument(binding, index), instantTies: index >= 0))
            {
                if (index < 0)
                {
                    yield return Project(entry.Value.Span, fields, read, whole);
                    continue;
                }

                var primaryKey = binding.Entries.PrimaryKeySpan(index, entry.Key, entry.Value);
                if (!primary.TryGet(primaryKey, out var bytes))
                {
                    throw DanglingEntry(binding, index, primaryKey.ToArray());
                }

                yield return Project(bytes.Span, fields, read, whole);
            }
        }
        finally
        {
            snapshot?.Dispose();
        }
    }

    private TResult Project<TResult>(ReadOnlySpan<byte> document, IFieldDictionary fields, StoredRead<TResult> read, Func<T, TResult> whole) =>
        read(document, fields, out var result) ? result : whole(Decode(document, fields));
}
