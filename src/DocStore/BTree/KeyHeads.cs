using System.Buffers.Binary;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using DocStore.Storage.Cache;
using DocStore.Storage.Pages;

namespace DocStore.BTree;

/// <summary>
/// A search aid for one cached, immutable node page: the prefix every key on the page shares, and for each
/// key the four bytes that follow it, packed into a contiguous array. A binary search then compares
/// integers in a few hundred bytes instead of following a slot to a cell for every probe, and touches the
/// page itself only to confirm a match (or where two heads tie). It matters because the pages of a warm
/// database outgrow the processor's caches long before the heads do: a probe into a page is a cache miss,
/// a probe into the heads mostly is not.
/// <para>
/// Order: heads are the bytes after the shared prefix, big-endian and zero-padded. Where two heads differ,
/// they order the keys exactly as the bytes do (a key that ends early pads with zeros, and a key that is a
/// proper prefix of another sorts first either way); where they are equal, only the keys can tell, so the
/// search compares the keys. Built only from committed images (never from a writer's private copy), which
/// never change afterwards.
/// </para>
/// <para>
/// Layout: one <c>uint[]</c>, so a search follows one reference from the cached page, not three:
/// <c>[0]</c> the key count, <c>[1]</c> the prefix length in bytes, then the prefix bytes (padded to whole
/// words), then one head per key, then padding (see <see cref="CountBelow"/>). This struct only wraps the array; <c>default</c> means "no heads".
/// </para>
/// </summary>
internal readonly struct KeyHeads
{
    /// <summary>Pages with fewer keys are searched directly: a handful of probes cost less than the heads.</summary>
    public const int MinKeys = 8;

    /// <summary>A cached page gets heads on its fourth search, so pages read once or twice (a cold scan) never pay for them.</summary>
    public const int BuildAfterUses = 4;

    private const int HeadSize = sizeof(uint);
    private const int PrefixStart = 2;

    /// <summary>A search counts the heads of a window this small instead of halving it further.</summary>
    private const int CountedWindow = 64;

    /// <summary>Words of <see cref="uint.MaxValue"/> after the last head, so a vector that starts on a head never reads past the array.</summary>
    private const int Padding = 8;

    private readonly uint[]? _data;

    /// <summary>Wraps an array that <see cref="Build"/> made (null for none).</summary>
    public KeyHeads(uint[]? data) => _data = data;

    /// <summary>False for <c>default</c>: the page has no heads and is searched directly.</summary>
    public bool Exists => _data is not null;

    /// <summary>How many keys the heads describe (the page's cell count when built).</summary>
    public int Count => (int)_data![0];

    /// <summary>The length of the prefix every key on the page starts with.</summary>
    public int PrefixLength => (int)_data![1];

    private int HeadsStart => PrefixStart + Words(PrefixLength);

    /// <summary>The heads a cached page has (built on its <see cref="BuildAfterUses"/>-th use); none for an uncached page.</summary>
    public static KeyHeads Of(CachedPage? cached) =>
        cached is null ? default : new KeyHeads(cached.Derived(BuildAfterUses, Build) as uint[]);

    /// <summary>The heads of a leaf or branch page with at least <see cref="MinKeys"/> keys; null for any other page.</summary>
    public static uint[]? Build(byte[] page)
    {
        var type = PageLayout.GetType(page);
        var count = Node.Count(page);
        if (type is not (PageType.Leaf or PageType.Branch) || count < MinKeys)
        {
            return null;
        }

        // Keys are sorted, so every key between the first and the last starts with what those two share.
        var first = Node.KeyAt(page, 0);
        var prefixLength = first.CommonPrefixLength(Node.KeyAt(page, count - 1));
        var headsStart = PrefixStart + Words(prefixLength);
        var data = new uint[headsStart + count + Padding];
        data.AsSpan(headsStart + count).Fill(uint.MaxValue);
        data[0] = (uint)count;
        data[1] = (uint)prefixLength;
        first[..prefixLength].CopyTo(MemoryMarshal.AsBytes(data.AsSpan(PrefixStart, headsStart - PrefixStart)));
        for (var i = 0; i < count; i++)
        {
            data[headsStart + i] = Head(Node.KeyAt(page, i), prefixLength);
        }

        return data;
    }

    /// <summary>Like <see cref="Node.Search(ReadOnlySpan{byte}, ReadOnlySpan{byte}, out bool)"/> on <paramref name="page"/>, the page these heads were built from.</summary>
    public int Search(ReadOnlySpan<byte> page, ReadOnlySpan<byte> key, out bool found)
    {
        found = false;
        var outside = Prepare(key, out var heads, out var head);
        if (outside >= 0)
        {
            return outside;
        }

        // Keys with a smaller head sort before the key, keys with a larger one after it; only those with an
        // equal head (usually one, or none) need the page.
        var i = LowerBound(heads, head);
        while (i < heads.Length && heads[i] == head)
        {
            var c = KeyOrder.Compare(Node.KeyAt(page, i), key);
            if (c >= 0)
            {
                found = c == 0;
                return i;
            }

            i++;
        }

        return i;
    }

    /// <summary>Like <see cref="Node.ChildIndex(ReadOnlySpan{byte}, ReadOnlySpan{byte})"/> on <paramref name="page"/>, the page these heads were built from.</summary>
    public int ChildIndex(ReadOnlySpan<byte> page, ReadOnlySpan<byte> key)
    {
        var outside = Prepare(key, out var heads, out var head);
        if (outside >= 0)
        {
            return outside;
        }

        // The child to follow is the number of keys not above the key: all keys with a smaller head, and
        // those with an equal head that the key does not sort before.
        var i = LowerBound(heads, head);
        while (i < heads.Length && heads[i] == head && KeyOrder.Compare(key, Node.KeyAt(page, i)) >= 0)
        {
            i++;
        }

        return i;
    }

    /// <summary>
    /// The first index whose head is not below <paramref name="head"/> (the count if none). Heads are sorted,
    /// so that index is the number of heads below <paramref name="head"/>: halving steps narrow a large page
    /// to a window of at most <see cref="CountedWindow"/> heads, and vector compares count the window. Neither
    /// part branches on the data: the probes of a search for a random key go either way at random, and a
    /// mispredicted branch costs more than the arithmetic.
    /// </summary>
    private static int LowerBound(ReadOnlySpan<uint> heads, uint head)
    {
        ref var first = ref MemoryMarshal.GetReference(heads);
        int start = 0, length = heads.Length;
        while (length > CountedWindow)
        {
            // The answer lies in [start, start + length]; halve that by the probe just below the middle.
            // All ones when the probe is below the head, else zero: arithmetic the JIT cannot turn back into a branch.
            var half = length >>> 1;
            var below = (int)(((long)Unsafe.Add(ref first, start + half - 1) - head) >> 63);
            start += half & below;
            length -= half;
        }

        return start + CountBelow(ref Unsafe.Add(ref first, start), length, head);
    }

    /// <summary>
    /// How many of the <paramref name="length"/> heads from <paramref name="window"/> are below
    /// <paramref name="head"/>. Whole vectors are compared, so the last one may read past the window: the
    /// heads there are not below the head (they sort after the window), and past the last head lie
    /// <see cref="Padding"/> words of <see cref="uint.MaxValue"/>, which never are.
    /// </summary>
    private static int CountBelow(ref uint window, int length, uint head)
    {
        var below = 0;
        if (Vector256.IsHardwareAccelerated)
        {
            var probe = Vector256.Create(head);
            for (var i = 0; i < length; i += Vector256<uint>.Count)
            {
                var lanes = Vector256.LessThan(Vector256.LoadUnsafe(ref window, (nuint)i), probe);
                below += BitOperations.PopCount(lanes.ExtractMostSignificantBits());
            }

            return below;
        }

        for (var i = 0; i < length; i++)
        {
            below += Unsafe.Add(ref window, i) < head ? 1 : 0;
        }

        return below;
    }

    /// <summary>
    /// Where <paramref name="key"/> goes when it lies outside the shared prefix (0 before every key, the count
    /// after every one); otherwise -1, with the heads to search and the key's own head.
    /// </summary>
    private int Prepare(ReadOnlySpan<byte> key, out ReadOnlySpan<uint> heads, out uint head)
    {
        var data = _data!;
        var count = (int)data[0];
        var side = OutsidePrefix(data, key);
        if (side != 0)
        {
            heads = default;
            head = 0;
            return side < 0 ? 0 : count;
        }

        heads = data.AsSpan(HeadsStart, count);
        head = Head(key, PrefixLength);
        return -1;
    }

    /// <summary>Negative when <paramref name="key"/> sorts before every key on the page, positive when after every one, zero when it starts with the shared prefix.</summary>
    private static int OutsidePrefix(uint[] data, ReadOnlySpan<byte> key)
    {
        var prefixLength = (int)data[1];
        if (prefixLength == 0)
        {
            return 0;
        }

        var prefix = MemoryMarshal.AsBytes(data.AsSpan(PrefixStart, Words(prefixLength)))[..prefixLength];
        var shared = Math.Min(key.Length, prefixLength);
        var c = KeyOrder.Compare(key[..shared], prefix[..shared]);
        if (c != 0)
        {
            return c;
        }

        // A key that is a proper prefix of the shared prefix sorts before every key that extends it.
        return key.Length < prefixLength ? -1 : 0;
    }

    private static int Words(int bytes) => (bytes + HeadSize - 1) / HeadSize;

    /// <summary>The <see cref="HeadSize"/> bytes of <paramref name="key"/> after <paramref name="from"/>, big-endian, zero-padded.</summary>
    private static uint Head(ReadOnlySpan<byte> key, int from)
    {
        var rest = key[from..];
        if (rest.Length >= HeadSize)
        {
            return BinaryPrimitives.ReadUInt32BigEndian(rest);
        }

        uint head = 0;
        for (var i = 0; i < HeadSize; i++)
        {
            head = (head << 8) | (i < rest.Length ? rest[i] : 0u);
        }

        return head;
    }
}
