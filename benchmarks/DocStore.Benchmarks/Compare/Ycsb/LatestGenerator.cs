namespace DocStore.Benchmarks.Compare.Ycsb;

/// <summary>
/// YCSB's "latest" distribution for workload D: the most recently inserted record is the most popular,
/// popularity falling off zipfian-wise with age.
/// </summary>
public sealed class LatestGenerator(long items)
{
    private readonly ZipfianGenerator _zipfian = new(items);

    /// <summary>A key number in [0, <paramref name="latest"/>], biased towards <paramref name="latest"/>.</summary>
    public long Next(Random random, long latest) => Math.Max(0, latest - _zipfian.Next(random));
}
