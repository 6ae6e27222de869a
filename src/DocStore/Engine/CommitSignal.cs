namespace DocStore.Engine;

/// <summary>
/// Wakes whoever waits for this process's next acknowledged commit (the change feed). A waiter takes
/// <see cref="Next"/> before it looks for new commits, so a commit made in between still wakes it; a
/// commit with no waiter allocates nothing.
/// </summary>
internal sealed class CommitSignal
{
    private TaskCompletionSource? _next;

    /// <summary>A task that completes after the next acknowledged commit of this process.</summary>
    public Task Next()
    {
        var created = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        return (Interlocked.CompareExchange(ref _next, created, null) ?? created).Task;
    }

    /// <summary>Completes the waiters' task: called after each acknowledged commit.</summary>
    public void Signal()
    {
        if (Volatile.Read(ref _next) is not null)
        {
            Interlocked.Exchange(ref _next, null)?.TrySetResult();
        }
    }
}
