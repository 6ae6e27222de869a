using DocStore.Bson.Keys;
using DocStore.BTree;
using DocStore.Catalog;
using DocStore.Metadata;
using DocStore.Transactions;

namespace DocStore.Collections;

// In a shared open, other processes write the collection between this process's write transactions
// (docs/storage.md, "Many processes"): what the state caches from the trees is taken in again before a write.
internal sealed partial class CollectionState
{
    private long _seenFollowed;

    /// <summary>Whether other processes' commits were taken in since the last <see cref="CatchUpForWrite"/> (<paramref name="followed"/> moved).</summary>
    public bool MissedFollowed(long followed) => followed != _seenFollowed;

    /// <summary>
    /// Before a write in <paramref name="write"/>, when the engine took in other processes' commits since the
    /// last time (<paramref name="followed"/> moved): reloads the field names they added and moves the
    /// sequence past the largest key they stored. The index set follows the catalog by itself (see
    /// <see cref="Current"/>). The caller holds the write lock.
    /// </summary>
    public void CatchUpForWrite(WriteTransaction write, Tree primary, long followed)
    {
        if (followed == _seenFollowed)
        {
            return;
        }

        Fields.ReloadForWrite(CollectionCatalog.LoadFields(write, Name));
        if (KeyGeneration == KeyGeneration.Sequence)
        {
            LastSequence = Math.Max(LastSequence, StoredLastSequence(primary));
        }

        _seenFollowed = followed;
    }

    /// <summary>The largest integer key <paramref name="primary"/> stores (0 for none or other key types).</summary>
    public static long StoredLastSequence(Tree primary)
    {
        var cursor = primary.CreateCursor();
        if (!cursor.SeekLast())
        {
            return 0;
        }

        try
        {
            var reader = new KeyReader(cursor.Key);
            return reader.PeekType() == KeyType.Integer ? Math.Max(0, reader.ReadInt64()) : 0;
        }
        catch (OverflowException)
        {
            return long.MaxValue;
        }
    }
}
