using System.Diagnostics;

namespace DocStore.Benchmarks.Compare.Stats;

/// <summary>
/// Per-operation latencies in <see cref="Stopwatch"/> ticks, kept whole (not bucketed) so the percentiles
/// are exact; one recorder per engine per workload, filled across all measured rounds.
/// </summary>
public sealed class LatencyRecorder
{
    private long[] _samples = new long[1024];

    public int Count { get; private set; }

    public void Add(long ticks)
    {
        if (Count == _samples.Length)
        {
            Array.Resize(ref _samples, _samples.Length * 2);
        }

        _samples[Count++] = ticks;
    }

    public void AddRange(LatencyRecorder other)
    {
        for (var i = 0; i < other.Count; i++)
        {
            Add(other._samples[i]);
        }
    }

    /// <summary>The nearest-rank percentile in microseconds (0 when nothing was recorded).</summary>
    public double PercentileMicroseconds(double percentile)
    {
        if (Count == 0)
        {
            return 0;
        }

        var sorted = _samples.AsSpan(0, Count).ToArray();
        Array.Sort(sorted);
        var rank = (int)Math.Ceiling(percentile / 100 * sorted.Length) - 1;
        return sorted[Math.Clamp(rank, 0, sorted.Length - 1)] * 1_000_000.0 / Stopwatch.Frequency;
    }
}
