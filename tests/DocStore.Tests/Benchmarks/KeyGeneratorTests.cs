using DocStore.Benchmarks.Compare.Ycsb;

namespace DocStore.Tests.Benchmarks;

/// <summary>The YCSB key choosers: in range, skewed the way YCSB's are.</summary>
public sealed class KeyGeneratorTests
{
    [Fact]
    public void Zipfian_stays_in_range_and_rank_zero_gets_its_theoretical_share()
    {
        const int items = 1000;
        var generator = new ZipfianGenerator(items);
        var random = new Random(7);
        var counts = new int[items];
        const int draws = 200_000;
        for (var i = 0; i < draws; i++)
        {
            counts[generator.Next(random)]++;
        }

        // P(0) = 1 / zeta(n, 0.99); for n = 1000 zeta is about 7.1, so rank 0 takes about 14%.
        var zeta = Enumerable.Range(1, items).Sum(i => 1.0 / Math.Pow(i, ZipfianGenerator.DefaultTheta));
        Assert.InRange(counts[0] / (double)draws, (1 / zeta) - 0.01, (1 / zeta) + 0.01);
        Assert.True(counts[0] > counts[1] && counts[1] > counts[10] && counts[10] > counts[500]);
    }

    [Fact]
    public void Scrambled_zipfian_spreads_the_hot_keys_but_keeps_the_skew()
    {
        const int items = 1000;
        var generator = new ScrambledZipfianGenerator(items);
        var random = new Random(11);
        var counts = new int[items];
        for (var i = 0; i < 100_000; i++)
        {
            counts[generator.Next(random)]++;
        }

        var hottest = Array.IndexOf(counts, counts.Max());
        Assert.NotEqual(0, hottest);
        Assert.True(counts.Max() > 100_000 / items * 50, "the hottest key should be far above the uniform share");
    }

    [Fact]
    public void Latest_prefers_the_newest_key_and_never_passes_it()
    {
        var generator = new LatestGenerator(1000);
        var random = new Random(3);
        var values = Enumerable.Range(0, 10_000).Select(_ => generator.Next(random, 5000)).ToList();

        Assert.All(values, v => Assert.InRange(v, 0, 5000));
        Assert.Equal(5000, values.GroupBy(v => v).MaxBy(g => g.Count())!.Key);
    }
}
