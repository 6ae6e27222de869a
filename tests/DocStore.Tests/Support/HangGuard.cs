namespace DocStore.Tests.Support;

/// <summary>
/// Waits for an event, with a limit that only catches a hang: far beyond what a loaded machine needs, and a
/// failure names what never happened. Tests decide on events and counts; none asserts how long anything took.
/// </summary>
internal static class HangGuard
{
    /// <summary>How long a wait for an event may last before the test is failed as hung.</summary>
    public static readonly TimeSpan Limit = TimeSpan.FromMinutes(10);

    /// <summary>Returns once <paramref name="condition"/> holds (polled, yielding the processor between looks).</summary>
    public static void Until(Func<bool> condition, string what)
    {
        if (!SpinWait.SpinUntil(condition, Limit))
        {
            Assert.Fail(Hung(what));
        }
    }

    /// <summary>
    /// The asynchronous twin of <see cref="Until"/>, for tests whose workers run on the thread pool: it looks
    /// every millisecond without holding a pool thread in between.
    /// </summary>
    public static async Task UntilAsync(Func<bool> condition, string what)
    {
        var waited = System.Diagnostics.Stopwatch.StartNew();
        while (!condition())
        {
            if (waited.Elapsed > Limit)
            {
                Assert.Fail(Hung(what));
            }

            await Task.Delay(1);
        }
    }

    /// <summary>Waits for <paramref name="task"/> and rethrows what it threw.</summary>
    public static void Wait(Task task, string what) => WaitAsync(task, what).GetAwaiter().GetResult();

    /// <summary>Waits for <paramref name="task"/> and returns its result (or rethrows what it threw).</summary>
    public static T Wait<T>(Task<T> task, string what) => WaitAsync(task, what).GetAwaiter().GetResult();

    /// <summary>The asynchronous twin of <see cref="Wait(Task, string)"/>.</summary>
    public static async Task WaitAsync(Task task, string what)
    {
        if (await Task.WhenAny(task, Task.Delay(Limit)) != task)
        {
            Assert.Fail(Hung(what));
        }

        await task;
    }

    /// <summary>The asynchronous twin of <see cref="Wait{T}(Task{T}, string)"/>.</summary>
    public static async Task<T> WaitAsync<T>(Task<T> task, string what)
    {
        await WaitAsync((Task)task, what);
        return await task;
    }

    private static string Hung(string what) => $"hung: {what} did not happen within {Limit.TotalMinutes:0} minutes";
}
