namespace DocStore.Benchmarks.Compare.Stats;

/// <summary>What one engine did over its measured rounds of one workload: operations, time and allocation.</summary>
public sealed class RoundTotals
{
    public long Operations { get; set; }

    public long ElapsedTicks { get; set; }

    public long AllocatedBytes { get; set; }

    public LatencyRecorder Latencies { get; } = new();

    public void Add(long operations, long elapsedTicks, long allocatedBytes)
    {
        Operations += operations;
        ElapsedTicks += elapsedTicks;
        AllocatedBytes += allocatedBytes;
    }
}
