namespace DocStore.Benchmarks.Compare.Ycsb;

/// <summary>
/// Zipfian-distributed integers in [0, n) with skew <c>theta</c> (YCSB's default 0.99): item 0 is the most
/// popular. Uses the constant-time method of Gray et al., "Quickly Generating Billion-Record Synthetic
/// Databases" (SIGMOD 1994): precompute zeta(n), then map one uniform draw through a closed form.
/// </summary>
public sealed class ZipfianGenerator
{
    public const double DefaultTheta = 0.99;

    private readonly long _items;
    private readonly double _theta;
    private readonly double _zetaN;
    private readonly double _alpha;
    private readonly double _eta;
    private readonly double _halfPowTheta;

    public ZipfianGenerator(long items, double theta = DefaultTheta)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(items, 2);
        _items = items;
        _theta = theta;
        _zetaN = Zeta(items, theta);
        var zeta2 = Zeta(2, theta);
        _alpha = 1.0 / (1.0 - theta);
        _eta = (1.0 - Math.Pow(2.0 / items, 1.0 - theta)) / (1.0 - (zeta2 / _zetaN));
        _halfPowTheta = 1.0 + Math.Pow(0.5, theta);
    }

    public long Items => _items;

    public long Next(Random random)
    {
        var u = random.NextDouble();
        var uz = u * _zetaN;
        if (uz < 1.0)
        {
            return 0;
        }

        if (uz < _halfPowTheta)
        {
            return 1;
        }

        var value = (long)(_items * Math.Pow((_eta * u) - _eta + 1.0, _alpha));
        return Math.Min(value, _items - 1);
    }

    /// <summary>The generalized harmonic number: sum over i = 1..n of 1 / i^theta.</summary>
    private static double Zeta(long n, double theta)
    {
        var sum = 0.0;
        for (long i = 1; i <= n; i++)
        {
            sum += 1.0 / Math.Pow(i, theta);
        }

        return sum;
    }
}
