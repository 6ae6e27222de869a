using System.Buffers;
using DocStore.Bson.Keys;

namespace DocStore.Query;

/// <summary>
/// Puts an ordered index walk in the order C# compares values in. A key orders a <c>DateTimeOffset</c> by
/// instant then offset and a <c>DateTime</c> by ticks then kind, while C# (and SQL here) compare the
/// instant or the ticks alone; so equal values that differ in offset or kind would come grouped by offset
/// or kind instead of by what follows them (the next components, then the primary key). The offset and
/// the kind are the key's <em>discriminator</em> bits: keys that agree up to the discriminator of their
/// first temporal component form a run, read whole, sorted with every discriminator masked, then yielded.
/// Runs are short (one instant), so an early stop still reads little.
/// </summary>
internal static class InstantTies
{
    private const int TicksSize = 8;
    private const byte KindBits = 0b11;
    private const int StackKey = 256;

    // The tags of DateTime and DateTimeOffset components, ascending and (inverted) descending.
    private static readonly SearchValues<byte> TemporalTags = SearchValues.Create(
        (byte)KeyType.DateTime, (byte)KeyType.DateTimeOffset, unchecked((byte)~(byte)KeyType.DateTime), unchecked((byte)~(byte)KeyType.DateTimeOffset));

    /// <summary>
    /// The entries of an ordered walk (<paramref name="descending"/>: walked backwards), with each run of
    /// equal instants in masked-key order (then by value, which holds a unique index's primary key).
    /// </summary>
    public static IEnumerable<EntryScan.Entry> Reorder(IEnumerable<EntryScan.Entry> entries, bool descending)
    {
        List<EntryScan.Entry>? run = null;
        var runLength = -1;
        var runStart = 0;
        foreach (var entry in entries)
        {
            // A key in the held run agrees with its first key up to the run's length, so only a new run parses its key.
            if (run is { Count: > 0 })
            {
                if (SameRun(run[0].Key, entry.Key, runStart, runLength))
                {
                    run.Add(entry with { Value = entry.Value.ToArray() });
                    continue;
                }

                for (var i = 0; i < run.Count; i++)
                {
                    yield return SortedAt(run, i, descending);
                }

                run.Clear();
            }

            runLength = FindRun(entry.Key, out runStart);
            if (runLength < 0)
            {
                yield return entry;
                continue;
            }

            // Values may be slices of pages the walk moves on from; a run holds copies.
            (run ??= []).Add(entry with { Value = entry.Value.ToArray() });
        }

        if (run is { Count: > 0 })
        {
            for (var i = 0; i < run.Count; i++)
            {
                yield return SortedAt(run, i, descending);
            }
        }
    }

    /// <summary>
    /// The entries of a walk restarted at the first key of <paramref name="resume"/>'s run, from the one after
    /// <paramref name="resume"/> in C#'s order: past it when it is still there, else past the run's keys that
    /// sort at or before it.
    /// </summary>
    public static IEnumerable<EntryScan.Entry> After(IEnumerable<EntryScan.Entry> entries, byte[] resume, bool descending)
    {
        var length = FindRun(resume, out var start);
        var run = new List<EntryScan.Entry>();
        using var walk = entries.GetEnumerator();
        var more = walk.MoveNext();
        while (more && SameRun(resume, walk.Current.Key, start, length))
        {
            run.Add(walk.Current);
            more = walk.MoveNext();
        }

        var at = run.FindIndex(e => e.Key.AsSpan().SequenceEqual(resume));
        for (var i = at + 1; i < run.Count; i++)
        {
            var c = CompareMasked(run[i].Key, resume);
            if (at >= 0 || (descending ? c < 0 : c > 0))
            {
                yield return run[i];
            }
        }

        while (more)
        {
            yield return walk.Current;
            more = walk.MoveNext();
        }
    }

    /// <summary>True when <paramref name="key"/> has a temporal component.</summary>
    public static bool HasInstant(ReadOnlySpan<byte> key)
    {
        if (!key.ContainsAny(TemporalTags))
        {
            return false;
        }

        var reader = new KeyReader(key);
        try
        {
            while (!reader.IsEnd)
            {
                if (reader.Skip() is KeyType.DateTime or KeyType.DateTimeOffset)
                {
                    return true;
                }
            }
        }
        catch (DocStore.Bson.BsonFormatException)
        {
            // The unterminated string prefix that ends a bound: nothing temporal follows it.
        }

        return false;
    }

    /// <summary>
    /// A copy of bound <paramref name="key"/> with every temporal component's discriminator bits all clear
    /// (a lower bound) or all set (an upper bound): the raw keys between the widened bounds hold every key
    /// whose value lies between the given ones, and some more that <see cref="Between"/> passes over.
    /// </summary>
    public static byte[] Widen(ReadOnlySpan<byte> key, bool low)
    {
        var copy = key.ToArray();
        SetDiscriminators(copy, clear: low);
        return copy;
    }

    /// <summary>
    /// The entries whose key lies between <paramref name="low"/> and <paramref name="high"/> (inclusive, up
    /// to every key starting with high; null: no end) when every temporal component compares by instant.
    /// </summary>
    public static IEnumerable<EntryScan.Entry> Between(IEnumerable<EntryScan.Entry> entries, byte[] low, byte[]? high)
    {
        var lowMasked = Masked(low);
        var highMasked = high is null ? null : Masked(high);
        foreach (var entry in entries)
        {
            if (WithinMasked(entry.Key, lowMasked, highMasked))
            {
                yield return entry;
            }
        }
    }

    /// <summary>Compares two entries as C# orders their values: keys with every discriminator masked, then values, then the raw keys.</summary>
    public static int Compare(in EntryScan.Entry x, in EntryScan.Entry y)
    {
        var c = CompareMasked(x.Key, y.Key);
        if (c == 0)
        {
            c = x.Value.Span.SequenceCompareTo(y.Value.Span);
        }

        return c != 0 ? c : x.Key.AsSpan().SequenceCompareTo(y.Key);
    }

    /// <summary>Compares two keys (or key suffixes that start at a component) with every discriminator masked.</summary>
    public static int CompareMasked(ReadOnlySpan<byte> x, ReadOnlySpan<byte> y)
    {
        if (!x.ContainsAny(TemporalTags) && !y.ContainsAny(TemporalTags))
        {
            return x.SequenceCompareTo(y);
        }

        Span<byte> xBuffer = x.Length <= StackKey ? stackalloc byte[StackKey] : new byte[x.Length];
        Span<byte> yBuffer = y.Length <= StackKey ? stackalloc byte[StackKey] : new byte[y.Length];
        return MaskInto(x, xBuffer).SequenceCompareTo(MaskInto(y, yBuffer));
    }

    /// <summary>
    /// The bytes of <paramref name="key"/> up to and including its first temporal component's discriminator,
    /// or -1 when it has none (then ordering by bytes is ordering by value).
    /// </summary>
    public static int RunLength(ReadOnlySpan<byte> key) => FindRun(key, out _);

    /// <summary>
    /// The lowest and highest raw key prefixes of the run <paramref name="key"/> is in: its bytes up to the
    /// end of its first temporal component with that component's discriminator bits all clear or all set.
    /// False when the key has no temporal component.
    /// </summary>
    public static bool RunBounds(ReadOnlySpan<byte> key, out byte[] low, out byte[] high)
    {
        var length = FindRun(key, out var start);
        if (length < 0)
        {
            low = high = [];
            return false;
        }

        low = key[..length].ToArray();
        high = key[..length].ToArray();
        SetDiscriminator(low, start, clear: true);
        SetDiscriminator(high, start, clear: false);
        return true;
    }

    // The run sorted on its first read (a run of one needs no sort), then its entries in turn.
    private static EntryScan.Entry SortedAt(List<EntryScan.Entry> run, int index, bool descending)
    {
        if (index == 0 && run.Count > 1)
        {
            run.Sort(descending ? static (x, y) => Compare(y, x) : static (x, y) => Compare(x, y));
        }

        return run[index];
    }

    // A key is within the masked bounds when, masked, it sorts at or after low and before high or starts with it.
    private static bool WithinMasked(ReadOnlySpan<byte> key, byte[] lowMasked, byte[]? highMasked)
    {
        Span<byte> buffer = key.Length <= StackKey ? stackalloc byte[StackKey] : new byte[key.Length];
        var masked = MaskInto(key, buffer);
        return masked.SequenceCompareTo(lowMasked) >= 0
            && (highMasked is null || masked.SequenceCompareTo(highMasked) < 0 || masked.StartsWith(highMasked));
    }

    // A key is in the run of `first` (its first temporal component at `start`, ending at `length`) when it agrees
    // with it up to that component's discriminator: same bytes before it, same tag and ticks, any offset or kind.
    private static bool SameRun(ReadOnlySpan<byte> first, ReadOnlySpan<byte> key, int start, int length)
    {
        if (key.Length < length || !first[..start].SequenceEqual(key[..start]) || first[start] != key[start])
        {
            return false;
        }

        var body = start + 1;
        if (length - start == 1 + TicksSize)
        {
            // A DateTime: the kind is the low bits of the last tick byte.
            var last = body + TicksSize - 1;
            return first[body..last].SequenceEqual(key[body..last]) && ((first[last] ^ key[last]) & ~KindBits) == 0;
        }

        return first.Slice(body, TicksSize).SequenceEqual(key.Slice(body, TicksSize));
    }

    // The run length of `key` (see RunLength) and where its temporal component starts.
    private static int FindRun(ReadOnlySpan<byte> key, out int start)
    {
        start = 0;

        // Most indexes hold no temporal component, and a key without any temporal tag byte cannot start one.
        if (!key.ContainsAny(TemporalTags))
        {
            return -1;
        }

        var reader = new KeyReader(key);
        while (!reader.IsEnd)
        {
            start = reader.Position;
            if (reader.Skip() is KeyType.DateTime or KeyType.DateTimeOffset)
            {
                return reader.Position;
            }
        }

        return -1;
    }

    /// <summary>A copy of <paramref name="key"/> with every temporal component's discriminator bits clear: equal values, equal bytes.</summary>
    public static byte[] Masked(ReadOnlySpan<byte> key)
    {
        var copy = key.ToArray();
        MaskInPlace(copy);
        return copy;
    }

    // `key` copied into `buffer` (at least as long) with every discriminator cleared, or `key` itself when it has no temporal tag.
    private static ReadOnlySpan<byte> MaskInto(ReadOnlySpan<byte> key, Span<byte> buffer)
    {
        if (!key.ContainsAny(TemporalTags))
        {
            return key;
        }

        var copy = buffer[..key.Length];
        key.CopyTo(copy);
        MaskInPlace(copy);
        return copy;
    }

    private static void MaskInPlace(Span<byte> key) => SetDiscriminators(key, clear: true);

    // Sets every temporal component's discriminator of a key or bound; returns how many it found. A bound
    // may end in a string prefix, which does not parse as a component.
    private static int SetDiscriminators(Span<byte> key, bool clear)
    {
        var found = 0;
        var reader = new KeyReader(key);
        try
        {
            while (!reader.IsEnd)
            {
                var start = reader.Position;
                if (reader.Skip() is KeyType.DateTime or KeyType.DateTimeOffset)
                {
                    // The reader has moved past these bytes: changing them does not disturb it.
                    SetDiscriminator(key, start, clear);
                    found++;
                }
            }
        }
        catch (DocStore.Bson.BsonFormatException)
        {
            // The unterminated string prefix that ends the bound: nothing temporal follows it.
        }

        return found;
    }

    // The discriminator of the temporal component at `start`: a DateTime's kind (the low 2 bits of its
    // 8 bytes), a DateTimeOffset's offset (the 2 bytes after its ticks). Inverted bytes of a descending
    // component are masked the same way, so masking only drops the distinction.
    private static void SetDiscriminator(Span<byte> key, int start, bool clear)
    {
        var tag = key[start];
        var body = start + 1;
        if ((KeyType)(tag < 0x80 ? tag : (byte)~tag) == KeyType.DateTimeOffset)
        {
            key[body + TicksSize] = clear ? (byte)0 : byte.MaxValue;
            key[body + TicksSize + 1] = clear ? (byte)0 : byte.MaxValue;
            return;
        }

        var last = body + TicksSize - 1;
        key[last] = clear ? (byte)(key[last] & ~KindBits) : (byte)(key[last] | KindBits);
    }
}
