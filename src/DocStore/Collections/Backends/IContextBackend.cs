using DocStore.Metadata;

namespace DocStore.Collections;

/// <summary>
/// A store other than the embedded engine behind a <see cref="DocStoreContext"/> (DocStore.PostgreSQL): it
/// opens the context's typed collections, begins its explicit transactions and closes with it. A context
/// with a backend has no engine; the embedded-only members (SQL, untyped collections, maintenance) refuse
/// with <see cref="NotSupportedException"/>.
/// </summary>
internal interface IContextBackend : IDisposable, IAsyncDisposable
{
    /// <summary>What the context's <see cref="DocStoreContext.Path"/> shows (the server and database, no password).</summary>
    string Description { get; }

    /// <summary>Opens (creating when missing) the collection of <paramref name="model"/>.</summary>
    OpenedCollection<T, TKey> Open<T, TKey>(DocStoreContext context, ICollectionModel<T, TKey> model)
        where TKey : notnull;

    /// <summary>Begins an explicit transaction over every collection of the context.</summary>
    DocStoreTransaction BeginTransaction(DocStoreContext context);

    /// <summary>The asynchronous twin of <see cref="BeginTransaction"/>.</summary>
    ValueTask<DocStoreTransaction> BeginTransactionAsync(DocStoreContext context, CancellationToken cancellationToken);
}
