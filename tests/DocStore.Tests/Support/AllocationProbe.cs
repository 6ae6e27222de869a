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
}
