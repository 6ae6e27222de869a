using System.Buffers.Binary;
using System.Runtime.InteropServices;
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
/// words), then one head per key. This struct only wraps the array; <c>default</c> means "no heads".
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
        var data = new uint[headsStart + count];
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

        int lo = 0, hi = heads.Length;
        while (lo < hi)
        {
            var mid = (lo + hi) >>> 1;
            var probe = heads[mid];
            var c = probe < head ? -1 : probe > head ? 1 : KeyOrder.Compare(Node.KeyAt(page, mid), key);
            if (c == 0)
            {
                found = true;
                return mid;
            }

            if (c < 0)
            {
                lo = mid + 1;
            }
            else
            {
                hi = mid;
            }
        }

        return lo;
    }

    /// <summary>Like <see cref="Node.ChildIndex(ReadOnlySpan{byte}, ReadOnlySpan{byte})"/> on <paramref name="page"/>, the page these heads were built from.</summary>
    public int ChildIndex(ReadOnlySpan<byte> page, ReadOnlySpan<byte> key)
    {
        var outside = Prepare(key, out var heads, out var head);
        if (outside >= 0)
        {
            return outside;
        }

        int lo = 0, hi = heads.Length;
        while (lo < hi)
        {
            var mid = (lo + hi) >>> 1;
            var probe = heads[mid];
            var below = head < probe || (head == probe && KeyOrder.Compare(key, Node.KeyAt(page, mid)) < 0);
            if (below)
            {
                hi = mid;
            }
            else
            {
                lo = mid + 1;
            }
        }

        return lo;
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
