using DocStore.Bson;
using DocStore.Catalog;
using DocStore.Transactions;

namespace DocStore.Collections;

/// <summary>
/// A collection's field dictionary across transactions. Readers use <see cref="Committed"/>; the write
/// transaction (there is one at a time, so no lock is needed on the write side) uses <see cref="Writer"/>.
/// Before a commit, every name above the last one known to be in the catalog is written to the catalog in
/// the same transaction, and the fork becomes the committed dictionary before the engine commit makes the
/// documents visible: a reader that sees a document can always resolve its ids (the committed dictionary
/// only ever grows, so a newer one also reads older snapshots).
/// </summary>
internal sealed class CollectionFields : ITransactionParticipant
{
    private readonly string _collection;
    private readonly Lock _durableLock = new();
    private FieldDictionary _committed;
    private WriteFieldDictionary _writer;
    private int _durableMaxId;
    private int _publishedMaxId;

    // A read-only process that follows another's writes (DocStoreSharing.Shared): how many commits it has
    // taken in, and the catalog's names as of now; the dictionary is loaded again when the count moved.
    private readonly Func<long>? _followed;
    private readonly Func<IReadOnlyList<FieldDictionaryEntry>>? _reload;
    private long _seenFollowed;

    public CollectionFields(string collection, FieldDictionary loaded, Func<long>? followed = null, Func<IReadOnlyList<FieldDictionaryEntry>>? reload = null)
    {
        _followed = followed;
        _reload = reload;
        _seenFollowed = followed?.Invoke() ?? 0;
        _collection = collection;
        _committed = loaded;
        _writer = new WriteFieldDictionary(loaded);
        _durableMaxId = MaxId(loaded);
        _publishedMaxId = _durableMaxId;
    }

    public FieldDictionary Committed
    {
        get
        {
            if (_followed is not null)
            {
                RefreshIfFollowed();
            }

            return Volatile.Read(ref _committed);
        }
    }

    // Another process's commits may have added names: a reader that registered its snapshot before this
    // call reads them with the catalog as of now, which holds every name its snapshot can hold (the
    // dictionary only grows).
    private void RefreshIfFollowed()
    {
        var followed = _followed!();
        if (followed == Volatile.Read(ref _seenFollowed))
        {
            return;
        }

        lock (_durableLock)
        {
            if (followed == _seenFollowed)
            {
                return;
            }

            var loaded = new FieldDictionary(_reload!());
            if (MaxId(loaded) > MaxId(_committed))
            {
                Volatile.Write(ref _committed, loaded);
            }

            Volatile.Write(ref _seenFollowed, followed);
        }
    }

    public WriteFieldDictionary Writer => _writer;

    /// <summary>
    /// In a shared open, at a write's start after other processes committed: takes in the names they added
    /// to the catalog (<paramref name="catalog"/>, read in the write transaction), so that the ids this
    /// process hands out next follow theirs instead of repeating them.
    /// </summary>
    public void ReloadForWrite(IReadOnlyList<FieldDictionaryEntry> catalog)
    {
        lock (_durableLock)
        {
            if (_writer.Fork is not null)
            {
                // This transaction already added names: it took the catalog in at its first operation.
                return;
            }

            var loaded = new FieldDictionary(catalog);
            var max = MaxId(loaded);
            if (max <= MaxId(_writer.Base))
            {
                return;
            }

            Volatile.Write(ref _committed, loaded);
            _writer = new WriteFieldDictionary(loaded);
            _durableMaxId = Math.Max(_durableMaxId, max);
            _publishedMaxId = Math.Max(_publishedMaxId, max);
        }
    }

    /// <summary>
    /// Whether the next <see cref="PrepareCommit"/> writes names into the catalog (names new in this
    /// transaction, or published ones not yet durable): then the transaction's changes are more than the
    /// operation that enlisted this dictionary can announce ahead.
    /// </summary>
    public bool HasNamesToWrite
    {
        get
        {
            lock (_durableLock)
            {
                return _writer.Fork is not null || _publishedMaxId > _durableMaxId;
            }
        }
    }

    /// <summary>Writes the names the catalog may lack and publishes the fork; returns the largest id now recorded.</summary>
    public int PrepareCommit(WriteTransaction transaction)
    {
        int durable;
        lock (_durableLock)
        {
            durable = _durableMaxId;
        }

        // The common commit adds no name: then there is nothing to write unless an earlier commit that
        // published names failed, leaving them above the durable mark.
        if (_writer.Fork is null && _publishedMaxId <= durable)
        {
            return durable;
        }

        var current = _writer.Fork ?? _writer.Base;
        var max = durable;
        foreach (var entry in current)
        {
            if (entry.Id > durable)
            {
                CollectionCatalog.PutField(transaction, _collection, entry);
                max = Math.Max(max, entry.Id);
            }
        }

        if (_writer.Fork is { } fork)
        {
            Volatile.Write(ref _committed, fork);
            _writer = new WriteFieldDictionary(fork);
            _publishedMaxId = Math.Max(_publishedMaxId, max);
        }

        return max;
    }

    /// <summary>Records that the catalog now durably holds every id up to <paramref name="maxId"/>.</summary>
    public void MarkDurable(int maxId)
    {
        lock (_durableLock)
        {
            _durableMaxId = Math.Max(_durableMaxId, maxId);
        }
    }

    void ITransactionParticipant.Committed(int token) => MarkDurable(token);

    /// <summary>Drops names added by a transaction that did not commit.</summary>
    public void RolledBack()
    {
        if (_writer.Fork is not null)
        {
            _writer = new WriteFieldDictionary(Committed);
        }
    }

    private static int MaxId(FieldDictionary dictionary)
    {
        var max = 0;
        foreach (var entry in dictionary)
        {
            max = Math.Max(max, entry.Id);
        }

        return max;
    }
}
