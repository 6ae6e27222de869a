using System.Diagnostics;

namespace DocStore.Benchmarks.Compare.Stats;

/// <summary>
/// What timing an operation costs by itself: the interval two back-to-back <see cref="Stopwatch.GetTimestamp"/>
/// calls measure around nothing (about 23 ns on the machine of docs/benchmarks.md). Every operation's time
/// is measured between two such calls, so each sample carries this much that no engine spent; it is
/// subtracted from every sample, as BenchmarkDotNet subtracts its overhead method. The same amount comes off
/// every engine's every sample, so it changes ratios only as much as it distorted them: a 0.4 µs get carries
/// 6% of it, a 4 µs one 0.6%.
/// </summary>
public static class TimerOverhead
{
    private static readonly Lazy<long> Measured = new(Measure);

    /// <summary>The median empty interval, in <see cref="Stopwatch"/> ticks.</summary>
    public static long Ticks => Measured.Value;

    /// <summary>The same in nanoseconds, for the report.</summary>
    public static double Nanoseconds => Ticks * 1e9 / Stopwatch.Frequency;

    /// <summary>A measured interval less the overhead, never below zero.</summary>
    public static long Corrected(long ticks) => Math.Max(0, ticks - Ticks);

    private static long Measure()
    {
        // Warm the call first, then take the median of many samples so a preemption cannot skew it.
        var samples = new long[100_001];
        for (var round = 0; round < 2; round++)
        {
            for (var i = 0; i < samples.Length; i++)
            {
                var start = Stopwatch.GetTimestamp();
                samples[i] = Stopwatch.GetTimestamp() - start;
            }
        }

        Array.Sort(samples);
        return samples[samples.Length / 2];
    }
}
