using DocStore.Collections;

namespace DocStore;

// A transaction another backend runs (DocStore.PostgreSQL): commit and rollback go to it; the embedded
// engine's write transaction and participants are not involved.
public sealed partial class DocStoreTransaction
{
    private readonly Transactions.WriteTransaction? _write;

    internal DocStoreTransaction(DocStoreContext context, IExternalTransaction external)
    {
        Context = context;
        External = external;
    }

    /// <summary>The backend's transaction; null for one of the embedded engine.</summary>
    internal IExternalTransaction? External { get; }

    private void CommitExternal()
    {
        ObjectDisposedException.ThrowIf(IsCompleted, this);
        ThrowIfFailedExternal();
        try
        {
            External!.Commit();
        }
        finally
        {
            CompleteExternal();
        }
    }

    private async ValueTask CommitExternalAsync(CancellationToken cancellationToken)
    {
        ObjectDisposedException.ThrowIf(IsCompleted, this);
        ThrowIfFailedExternal();
        try
        {
            await External!.CommitAsync(cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            CompleteExternal();
        }
    }

    private void RollbackExternal()
    {
        try
        {
            External!.Rollback();
        }
        finally
        {
            CompleteExternal();
        }
    }

    private void CompleteExternal()
    {
        IsCompleted = true;
        External!.Dispose();
    }

    private void ThrowIfFailedExternal()
    {
        if (_failure is not null)
        {
            RollbackExternal();
            throw new InvalidOperationException("An operation of this transaction failed, so it cannot commit; it has been rolled back.", _failure);
        }
    }

    private void ThrowIfExternalUnusable(DocStoreContext context)
    {
        if (!ReferenceEquals(context, Context))
        {
            throw new InvalidOperationException("The transaction belongs to another context: begin it on the context whose collection runs the operation.");
        }

        ObjectDisposedException.ThrowIf(IsCompleted, this);
        if (_failure is not null)
        {
            throw new InvalidOperationException("An earlier operation of this transaction failed; roll it back.", _failure);
        }
    }
}
