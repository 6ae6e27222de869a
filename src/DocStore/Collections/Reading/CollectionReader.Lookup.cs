using DocStore.Bson;
using DocStore.BTree;
using DocStore.Engine.Reads;
using DocStore.Transactions;

namespace DocStore.Collections;

// The point reads: every read of a document by key or through a unique index comes through these, on a
// registered snapshot of the last commit or in a caller's transaction.
internal sealed partial class CollectionReader<T, TKey>
{
    /// <summary>
    /// Runs the point read <paramref name="read"/> in <paramref name="transaction"/>'s view, or on a registered
    /// snapshot of the last commit with no transaction object: a get or unique find allocates neither a
    /// transaction nor a tree. The argument may be a span, as for <see cref="Read{TArg, TResult}"/>.
    /// </summary>
    private TResult Lookup<TArg, TResult>(DocStoreTransaction? transaction, TArg argument, Func<CollectionReader<T, TKey>, PageSource, IFieldDictionary, TArg, TResult> read)
        where TArg : allows ref struct
    {
        _context.ThrowIfDisposed();
        if (transaction is not null)
        {
            transaction.ThrowIfUnusable(_context);
            var write = transaction.Write;
            write.ThrowIfCompleted();
            var fields = WriterFields(write);
            return read(this, SnapshotRead.Of(write).Pages, fields, argument);
        }

        using var snapshot = SnapshotRead.Begin(_context.Engine);

        // Read after the snapshot began, as in Read: the committed dictionary covers what it can see.
        return read(this, snapshot.Pages, _fields.Committed, argument);
    }

    /// <summary>The documents with <paramref name="keys"/>, in their order, missing keys left out, all read in one view: <paramref name="transaction"/>'s, or one snapshot of the last commit (so a list of keys never mixes two commits).</summary>
    internal List<T> GetAll(DocStoreTransaction? transaction, TKey[] keys) =>
        Lookup(transaction, keys, static (c, pages, fields, keys) =>
        {
            var found = new List<T>(keys.Length);
            foreach (var key in keys)
            {
                if (c.TryGetDocument(pages, c._core.EncodeKeyScratch(key), out var bytes))
                {
                    found.Add(c.Decode(bytes.Span, fields));
                }
            }

            return found;
        });

    /// <summary>The stored bytes of the document with encoded key <paramref name="primaryKey"/>, read through <paramref name="pages"/>.</summary>
    private bool TryGetDocument(PageSource pages, ReadOnlySpan<byte> primaryKey, out ReadOnlyMemory<byte> bytes)
    {
        _state.ThrowIfDropped();
        return SnapshotRead.TryGet(pages, _primaryRoot, _primaryTree, primaryKey, out bytes);
    }

    /// <summary>Runs <paramref name="read"/> in <paramref name="transaction"/>, or on a snapshot of the last commit. The argument may be a span (a scratch-encoded key): nothing here encodes a key or awaits before <paramref name="read"/> consumes it.</summary>
    private TResult Read<TArg, TResult>(DocStoreTransaction? transaction, TArg argument, Func<CollectionReader<T, TKey>, Transaction, IFieldDictionary, TArg, TResult> read)
        where TArg : allows ref struct
    {
        _context.ThrowIfDisposed();
        if (transaction is not null)
        {
            transaction.ThrowIfUnusable(_context);
            return read(this, transaction.Write, WriterFields(transaction.Write), argument);
        }

        using var snapshot = _context.Engine.BeginRead();

        // Read after the snapshot began: the committed dictionary is published before each commit, so it covers every document the snapshot can see.
        return read(this, snapshot, _fields.Committed, argument);
    }

    private T? FindUniqueIn(PageSource pages, Bson.IFieldDictionary fields, IndexBinding<T, TKey> binding, int index, ReadOnlySpan<byte> key)
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
}
