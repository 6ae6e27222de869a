namespace DocStore.Tests.Support;

/// <summary>Measures what a call allocates on the calling thread.</summary>
internal static class AllocationProbe
{
    /// <summary>Bytes one call allocates on this thread, averaged over many after a warm-up; the call must succeed.</summary>
    public static long PerCall(Func<bool> call)
    {
        for (var i = 0; i < 10; i++)
        {
            Assert.True(call());
        }

        const int Calls = 100;
        var before = GC.GetAllocatedBytesForCurrentThread();
        for (var i = 0; i < Calls; i++)
        {
            call();
        }

        return (GC.GetAllocatedBytesForCurrentThread() - before) / Calls;
    }

    /// <summary>
    /// The fewest bytes one call allocated on this thread over a few runs, after a first run that loads and
    /// compiles everything it touches: exact where an average would carry a stray allocation of the runtime.
    /// </summary>
    public static long Least(Func<object> call)
    {
        GC.KeepAlive(call());
        var least = long.MaxValue;
        for (var i = 0; i < 5; i++)
        {
            var before = GC.GetAllocatedBytesForCurrentThread();
            var result = call();
            least = Math.Min(least, GC.GetAllocatedBytesForCurrentThread() - before);
            GC.KeepAlive(result);
        }

        return least;
    }
}
