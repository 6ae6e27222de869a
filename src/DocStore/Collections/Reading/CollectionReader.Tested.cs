using DocStore.Bson;
using DocStore.BTree;
using DocStore.Engine.Reads;
using DocStore.Indexing;
using DocStore.Query;

namespace DocStore.Collections;

// Index walks whose matches are tested on the stored bytes before they are deserialized (a filter the index
// does not serve), or returned in primary-key order (a range or prefix that no ordering sorts): compiled LINQ.
internal sealed partial class CollectionReader<T, TKey>
{
    /// <summary>
    /// The documents whose entry in <paramref name="index"/> lies between the bounds (as <see cref="Query"/>) and whose
    /// stored bytes pass <paramref name="test"/> (null: all), in index order, or in primary-key order when
    /// <paramref name="byKey"/>, after <paramref name="skip"/> of them and at most <paramref name="take"/> (negative: all); lazy.
    /// </summary>
    public IEnumerable<T> QueryTested(DocStoreTransaction? transaction, int index, byte[] low, byte[]? high, bool descending, bool byKey, StoredTest? test, int skip, int take)
    {
        ArgumentNullException.ThrowIfNull(low);
        _context.ThrowIfDisposed();
        transaction?.ThrowIfUnusable(_context);
        return WalkTested(transaction, index, low, high, descending, byKey, test, skip, take, Decode);
    }

    /// <summary>The results of <see cref="QueryTested"/>, each built by <paramref name="read"/> or, failing that, <paramref name="whole"/>; lazy.</summary>
    public IEnumerable<TResult> QueryTestedAs<TResult>(
        DocStoreTransaction? transaction, int index, byte[] low, byte[]? high, bool descending, bool byKey, StoredTest? test, int skip, int take, StoredRead<TResult> read, Func<T, TResult> whole)
    {
        ArgumentNullException.ThrowIfNull(low);
        ArgumentNullException.ThrowIfNull(read);
        ArgumentNullException.ThrowIfNull(whole);
        _context.ThrowIfDisposed();
        transaction?.ThrowIfUnusable(_context);
        return WalkTested(transaction, index, low, high, descending, byKey, test, skip, take, (document, fields) => Project(document, fields, read, whole));
    }

    private IEnumerable<TResult> WalkTested<TResult>(
        DocStoreTransaction? transaction, int index, byte[] low, byte[]? high, bool descending, bool byKey, StoredTest? test, int skip, int take, StoredResult<TResult> result)
    {
        var (tx, fields, snapshot) = OpenView(transaction);

        try
        {
            var primary = _core.PrimaryTree(tx);
            var binding = Bound(tx);
            var tree = CollectionCore<T, TKey>.IndexTree(tx, binding, CheckIndex(binding, index));
            var entries = EntryScan.Walk(tree, low, high, ScanPaging.All with { Descending = descending }, null, FirstPerDocument(binding, index), instantTies: !byKey);
            if (!byKey)
            {
                foreach (var entry in entries)
                {
                    if (take == 0)
                    {
                        yield break;
                    }

                    var bytes = Matched(primary, binding, index, binding.Entries.PrimaryKeySpan(index, entry.Key, entry.Value), fields, test);
                    if (bytes.IsEmpty || Skipped(ref skip))
                    {
                        continue;
                    }

                    take--;
                    yield return result(bytes.Span, fields);
                }

                yield break;
            }

            // The primary tree's order is the encoded keys' byte order; a range without an ordering is small enough to hold.
            var keys = new List<byte[]>();
            foreach (var entry in entries)
            {
                keys.Add(binding.Entries.PrimaryKeyOf(index, entry.Key, entry.Value));
            }

            keys.Sort(static (a, b) => KeyOrder.Compare(a, b));
            foreach (var key in keys)
            {
                if (take == 0)
                {
                    yield break;
                }

                var bytes = Matched(primary, binding, index, key, fields, test);
                if (bytes.IsEmpty || Skipped(ref skip))
                {
                    continue;
                }

                take--;
                yield return result(bytes.Span, fields);
            }
        }
        finally
        {
            snapshot?.Dispose();
        }
    }

    /// <summary>The stored document an entry points at when it passes <paramref name="test"/>; empty when it does not.</summary>
    private ReadOnlyMemory<byte> Matched(Tree primary, IndexBinding<T, TKey> binding, int index, ReadOnlySpan<byte> primaryKey, IFieldDictionary fields, StoredTest? test)
    {
        if (!primary.TryGet(primaryKey, out var bytes))
        {
            throw DanglingEntry(binding, index, primaryKey.ToArray());
        }

        return test is null || test(bytes.Span, fields) ? bytes : ReadOnlyMemory<byte>.Empty;
    }

    private static bool Skipped(ref int skip)
    {
        if (skip <= 0)
        {
            return false;
        }

        skip--;
        return true;
    }
}
