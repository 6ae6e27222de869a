using BenchmarkDotNet.Attributes;
using DocStore.Bson.Keys;
using DocStore.Query;

namespace DocStore.Benchmarks.Query;

/// <summary>
/// What putting an ordered index walk in C#'s order of instants costs per entry: every index walk passes
/// through <see cref="InstantTies.Reorder"/>, so keys without a temporal component must pass almost free,
/// and temporal keys (mostly distinct instants, some ties) should cost a parse, not allocations.
/// </summary>
[MemoryDiagnoser]
public class InstantTiesBenchmarks
{
    private const int Entries = 10_000;
    private static readonly DateTimeOffset Start = new(2026, 1, 1, 0, 0, 0, TimeSpan.Zero);
    private EntryScan.Entry[] _strings = [];
    private EntryScan.Entry[] _instants = [];
    private EntryScan.Entry[] _ties = [];
    private byte[] _low = [];
    private byte[] _high = [];

    private delegate void KeyWrite(ref KeyWriter writer);

    [GlobalSetup]
    public void Setup()
    {
        _strings = Build(i => (ref KeyWriter w) => { w.WriteString($"person{i:D6}@example.org".AsSpan()); w.WriteInt32(i); });
        _instants = Build(i => (ref KeyWriter w) => { w.WriteDateTimeOffset(Start.AddSeconds(i)); w.WriteInt32(i); });

        // Every tenth instant is also stored under a second offset, the next entry: a run of two to sort.
        _ties = Build(i => (ref KeyWriter w) =>
        {
            var second = i % 10 == 1 ? i - 1 : i;
            w.WriteDateTimeOffset(Start.AddSeconds(second).ToOffset(TimeSpan.FromHours(i % 10 == 1 ? 2 : 0)));
            w.WriteInt32(i);
        });
        _low = Encode((ref KeyWriter w) => w.WriteDateTimeOffset(Start));
        _high = Encode((ref KeyWriter w) => w.WriteDateTimeOffset(Start.AddSeconds(Entries)));
    }

    /// <summary>Index keys without a temporal component: the walk every string or number index takes.</summary>
    [Benchmark(Baseline = true)]
    public int ReorderStrings() => Drain(InstantTies.Reorder(_strings, descending: false));

    /// <summary>Distinct instants: one run per entry.</summary>
    [Benchmark]
    public int ReorderInstants() => Drain(InstantTies.Reorder(_instants, descending: false));

    /// <summary>Instants with one in ten stored under two offsets.</summary>
    [Benchmark]
    public int ReorderTies() => Drain(InstantTies.Reorder(_ties, descending: false));

    /// <summary>The filter of a range whose bounds were widened to whole instants.</summary>
    [Benchmark]
    public int BetweenInstants() => Drain(InstantTies.Between(_instants, _low, _high));

    private static int Drain(IEnumerable<EntryScan.Entry> entries)
    {
        var count = 0;
        foreach (var entry in entries)
        {
            count += entry.Key.Length;
        }

        return count;
    }

    private static EntryScan.Entry[] Build(Func<int, KeyWrite> key)
    {
        var value = new byte[] { 1, 2, 3, 4 };
        var entries = new EntryScan.Entry[Entries];
        for (var i = 0; i < Entries; i++)
        {
            entries[i] = new EntryScan.Entry(Encode(key(i)), value);
        }

        return entries;
    }

    private static byte[] Encode(KeyWrite write)
    {
        var buffer = new byte[256];
        var writer = new KeyWriter(buffer);
        write(ref writer);
        return writer.WrittenSpan.ToArray();
    }
}
