namespace DocStore.Benchmarks.Compare.Ycsb;

/// <summary>
/// Zipfian popularity with the popular items scattered over the key space (as YCSB's request distribution
/// does): draw a zipfian rank, then hash it to an item, so hot keys are not neighbours in the tree.
/// </summary>
public sealed class ScrambledZipfianGenerator(long items)
{
    private readonly ZipfianGenerator _zipfian = new(items);

    public long Next(Random random) => (long)(Fnv1a((ulong)_zipfian.Next(random)) % (ulong)items);

    /// <summary>64-bit FNV-1a over the eight bytes of the value.</summary>
    private static ulong Fnv1a(ulong value)
    {
        var hash = 0xCBF29CE484222325UL;
        for (var i = 0; i < 8; i++)
        {
            hash ^= value & 0xFF;
            hash *= 0x100000001B3UL;
            value >>= 8;
        }

        return hash;
    }
}
