namespace DocStore;

// What waits for the context to close (a change feed waiting for commits) is woken by it.
public abstract partial class DocStoreContext
{
    private readonly TaskCompletionSource _closed = new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>Completes when the context is disposed.</summary>
    internal Task Closed => _closed.Task;

    private void SignalClosed() => _closed.TrySetResult();
}
