using DocStore.Storage.Paging;
using DocStore.Transactions;

namespace DocStore.BTree;

/// <summary>
/// The pages a lookup reads: a transaction's view (its own changes included), or a bare registered snapshot.
/// Point reads of a collection use the second, so a get allocates neither a transaction nor a tree object.
/// </summary>
internal readonly struct PageSource
{
    private readonly Transaction? _transaction;
    private readonly Pager _pager;
    private readonly long _snapshotLsn;

    /// <summary>The pages as <paramref name="transaction"/> sees them.</summary>
    public PageSource(Transaction transaction)
    {
        _transaction = transaction;
        _pager = transaction.Pager;
        _snapshotLsn = transaction.SnapshotLsn;
    }

    /// <summary>The committed pages as of <paramref name="snapshotLsn"/>, which the caller keeps registered while it reads.</summary>
    public PageSource(Pager pager, long snapshotLsn)
    {
        _pager = pager;
        _snapshotLsn = snapshotLsn;
    }

    /// <summary>The transaction whose view this is, or null for a bare snapshot.</summary>
    public Transaction? Transaction => _transaction;

    /// <summary>The snapshot the pages are read at.</summary>
    public long SnapshotLsn => _snapshotLsn;

    /// <summary>The database file's name, for error messages.</summary>
    public string DatabaseName => _pager.Name;

    public byte[] ReadPage(uint pageNumber) =>
        _transaction is not null ? _transaction.ReadPage(pageNumber) : _pager.Read(pageNumber, _snapshotLsn);

    /// <summary>A node page with its search heads, when its cached image has them.</summary>
    public byte[] ReadNode(uint pageNumber, out KeyHeads heads)
    {
        if (_transaction is not null)
        {
            return _transaction.ReadNode(pageNumber, out heads);
        }

        var page = _pager.Read(pageNumber, _snapshotLsn, out var cached);
        heads = KeyHeads.Of(cached);
        return page;
    }
}
