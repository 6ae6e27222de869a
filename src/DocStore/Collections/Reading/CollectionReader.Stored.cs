using DocStore.Bson;
using DocStore.BTree;
using DocStore.Engine.Reads;
using DocStore.Query;
using DocStore.Transactions;

namespace DocStore.Collections;

// A primary-tree walk that tests each stored document before deserializing it: a rejected one is never read.
internal sealed partial class CollectionReader<T, TKey>
{
    /// <summary>The documents, in key order, whose stored bytes pass <paramref name="test"/>, after <paramref name="skip"/> of them and at most <paramref name="take"/>; lazy.</summary>
    public IEnumerable<T> ScanWhere(DocStoreTransaction? transaction, StoredTest test, int skip, int take)
    {
        ArgumentNullException.ThrowIfNull(test);
        _context.ThrowIfDisposed();
        transaction?.ThrowIfUnusable(_context);
        return WalkWhere(transaction, test, skip, take, Decode);
    }

    // Builds one result from a document's stored bytes that passed the test.
    private delegate TResult StoredResult<TResult>(ReadOnlySpan<byte> document, IFieldDictionary fields);

    // The walk of ScanWhere and ScanWhereAs, which differ only in what they make of a passing document.
    private IEnumerable<TResult> WalkWhere<TResult>(DocStoreTransaction? transaction, StoredTest test, int skip, int take, StoredResult<TResult> result)
    {
        var (tx, fields, snapshot) = OpenView(transaction);

        try
        {
            var cursor = _core.PrimaryTree(tx).CreateCursor();
            var bounds = new KeyInterval([], false, null, true);
            for (var ok = OrderedWalk.Start(cursor, bounds, false); ok && take != 0; ok = OrderedWalk.Next(cursor, bounds, false))
            {
                if (!test(cursor.Value.Span, fields))
                {
                    continue;
                }

                if (skip > 0)
                {
                    skip--;
                    continue;
                }

                take--;
                yield return result(cursor.Value.Span, fields);
            }
        }
        finally
        {
            snapshot?.Dispose();
        }
    }
}
