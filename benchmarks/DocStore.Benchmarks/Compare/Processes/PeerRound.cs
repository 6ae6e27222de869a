using System.Globalization;

namespace DocStore.Benchmarks.Compare.Processes;

/// <summary>
/// What one child did in one round, as one line on its standard output: operations, elapsed and allocated
/// (its own Stopwatch ticks and bytes), a sample of its latencies, and for the writer the ids it wrote last.
/// </summary>
internal sealed record PeerRound(long Operations, long ElapsedTicks, long AllocatedBytes, long[] Latencies, long[] WrittenIds)
{
    public string Format() => string.Create(CultureInfo.InvariantCulture, $"{Operations} {ElapsedTicks} {AllocatedBytes} {Join(Latencies)} {Join(WrittenIds)}");

    public static PeerRound Parse(string line)
    {
        var parts = line.Split(' ');
        if (parts.Length != 5)
        {
            throw new InvalidOperationException($"compare-peer: a child answered '{line}', not a round's figures.");
        }

        return new PeerRound(Long(parts[0]), Long(parts[1]), Long(parts[2]), Split(parts[3]), Split(parts[4]));
    }

    private static string Join(long[] values) => values.Length == 0 ? "-" : string.Join(',', values.Select(v => v.ToString(CultureInfo.InvariantCulture)));

    private static long[] Split(string text) => text == "-" ? [] : [.. text.Split(',').Select(Long)];

    private static long Long(string text) => long.Parse(text, CultureInfo.InvariantCulture);
}
