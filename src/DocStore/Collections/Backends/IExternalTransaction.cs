namespace DocStore.Collections;

/// <summary>The backend half of a <see cref="DocStoreTransaction"/> a <see cref="IContextBackend"/> began.</summary>
internal interface IExternalTransaction : IDisposable, IAsyncDisposable
{
    void Commit();

    ValueTask CommitAsync(CancellationToken cancellationToken);

    void Rollback();
}
