using DocStore.BTree;
using DocStore.Metadata;
using DocStore.Transactions;

namespace DocStore.Collections;

/// <summary>
/// The writing part of a collection: insert, update, upsert, delete and insert-many, each in one write
/// transaction (its own, committed at the end, or the caller's). A null transaction means the operation's own.
/// </summary>
internal sealed partial class CollectionWriter<T, TKey>
    where TKey : notnull
{
    private readonly CollectionCore<T, TKey> _core;
    private readonly DocStoreContext _context;
    private readonly CollectionState _state;
    private readonly CollectionFields _fields;
    private readonly DocumentConversion<T, TKey>? _conversion;

    public CollectionWriter(CollectionCore<T, TKey> core, DocumentConversion<T, TKey>? conversion = null)
    {
        _core = core;
        _context = core.Context;
        _state = core.State;
        _fields = core.Fields;
        _conversion = conversion;
    }

    private string Name => _core.Name;

    private ICollectionModel<T, TKey> Model => _core.Model;

    /// <summary>True when <see cref="ToStored"/> may convert documents (an untyped collection whose catalog records member types).</summary>
    private bool ConvertsOnWrite => _conversion?.Converts == true;

    public TKey Insert(DocStoreTransaction? transaction, T document) => Write(transaction, document, static (c, s, d) => c.InsertCore(s, d));

    public ValueTask<TKey> InsertAsync(T document, CancellationToken cancellationToken) =>
        WriteAsync(document, static (c, s, d) => c.InsertCore(s, d), cancellationToken);

    public IReadOnlyList<TKey> InsertMany(DocStoreTransaction? transaction, IEnumerable<T> documents) => Write(transaction, documents, static (c, s, d) => c.InsertManyCore(s, d));

    public ValueTask<IReadOnlyList<TKey>> InsertManyAsync(IEnumerable<T> documents, CancellationToken cancellationToken) =>
        WriteAsync(documents, static IReadOnlyList<TKey> (c, s, d) => c.InsertManyCore(s, d), cancellationToken);

    public bool Update(DocStoreTransaction? transaction, T document) => Write(transaction, document, static (c, s, d) => c.UpdateCore(s, d));

    public ValueTask<bool> UpdateAsync(T document, CancellationToken cancellationToken) =>
        WriteAsync(document, static (c, s, d) => c.UpdateCore(s, d), cancellationToken);

    public TKey Upsert(DocStoreTransaction? transaction, T document) => Write(transaction, document, static (c, s, d) => c.UpsertCore(s, d));

    public ValueTask<TKey> UpsertAsync(T document, CancellationToken cancellationToken) =>
        WriteAsync(document, static (c, s, d) => c.UpsertCore(s, d), cancellationToken);

    public bool Delete(DocStoreTransaction? transaction, TKey key) => Write(transaction, key, static (c, s, k) => c.DeleteCore(s, k));

    public ValueTask<bool> DeleteAsync(TKey key, CancellationToken cancellationToken) =>
        WriteAsync(key, static (c, s, k) => c.DeleteCore(s, k), cancellationToken);

    /// <summary>Inserts a document its caller has already converted to the recorded member types (SQL, which converts before its checks), skipping <see cref="ToStored"/>.</summary>
    public TKey InsertConverted(DocStoreTransaction transaction, T document) =>
        Write(Required(transaction), document, static (c, s, d) => c.InsertCore(s, d, d, isConverted: true));

    /// <summary>Replaces a document its caller has already converted, as <see cref="InsertConverted"/>.</summary>
    public bool UpdateConverted(DocStoreTransaction transaction, T document) =>
        Write(Required(transaction), document, static (c, s, d) => c.UpdateCore(s, d, converted: true));

    /// <summary><paramref name="transaction"/>, which an explicit-transaction overload requires.</summary>
    public static DocStoreTransaction Required(DocStoreTransaction transaction)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        return transaction;
    }

    /// <summary>
    /// The document as it is stored: an untyped collection converts declared fields to the member types the
    /// catalog records, in a copy, and throws <see cref="DocumentSchemaException"/> for a value that does not
    /// convert; a typed collection stores the document itself.
    /// </summary>
    private T ToStored(T document, TKey key) => _conversion is null ? document : _conversion.ToStored(document, key);

    private static string KeyString(TKey key) => CollectionCore<T, TKey>.KeyString(key);

    private TResult Write<TArg, TResult>(DocStoreTransaction? transaction, TArg argument, Func<CollectionWriter<T, TKey>, WriteScope, TArg, TResult> operation)
    {
        _context.ThrowIfDisposed();
        if (transaction is not null)
        {
            transaction.ThrowIfUnusable(_context);
            return RunIn(transaction, argument, operation);
        }

        using var own = _context.BeginTransaction();
        var result = RunIn(own, argument, operation, ownTransaction: true);
        own.Commit();
        return result;
    }

    private async ValueTask<TResult> WriteAsync<TArg, TResult>(TArg argument, Func<CollectionWriter<T, TKey>, WriteScope, TArg, TResult> operation, CancellationToken cancellationToken)
    {
        _context.ThrowIfDisposed();
        var own = await _context.BeginTransactionAsync(cancellationToken).ConfigureAwait(false);
        await using (own.ConfigureAwait(false))
        {
            var result = RunIn(own, argument, operation, ownTransaction: true);

            // Cancellation is honoured up to the commit and not after it: a call that throws
            // OperationCanceledException has written nothing (a retry cannot write twice), and the wait for
            // the flush of a commit already appended is short.
            cancellationToken.ThrowIfCancellationRequested();
            await own.CommitAsync(CancellationToken.None).ConfigureAwait(false);
            return result;
        }
    }

    /// <summary>Runs one operation; one that fails after changing something poisons the transaction, so it cannot commit half an operation.</summary>
    /// <remarks>
    /// Each operation plans its tree changes, then applies them; in a transaction of its own
    /// (<paramref name="ownTransaction"/>) they are all the transaction changes, which lets the transaction's
    /// journal start recording them early.
    /// </remarks>
    private TResult RunIn<TArg, TResult>(DocStoreTransaction transaction, TArg argument, Func<CollectionWriter<T, TKey>, WriteScope, TArg, TResult> operation, bool ownTransaction = false)
    {
        transaction.Enlist(_fields);
        var write = transaction.Write;

        // A safe point: no page of the transaction is referenced between operations. Before the version is
        // taken, since letting go of spilled images (which bumps it) is not a change this operation made.
        write.SpillIfLarge();
        _core.CatchUpForWrite(write);

        var version = write.Version;
        try
        {
            return operation(this, OpenScope(write, ownTransaction), argument);
        }
        catch (Exception e) when (write.Version != version)
        {
            transaction.Fail(e);
            throw;
        }
    }

    private WriteScope OpenScope(WriteTransaction write, bool ownTransaction)
    {
        // Under the write lock: the index set bound here is the catalog's until this transaction ends.
        var binding = _core.Bound(write);
        var indexes = new Tree[binding.Trees.Length];
        for (var i = 0; i < indexes.Length; i++)
        {
            indexes[i] = CollectionCore<T, TKey>.IndexTree(write, binding, i);
        }

        return new WriteScope(_core.PrimaryTree(write), indexes, binding, _fields.Writer, write, ownTransaction);
    }
}
