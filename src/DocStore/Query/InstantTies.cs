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

    /// <summary>
    /// The entries of an ordered walk (<paramref name="descending"/>: walked backwards), with each run of
    /// equal instants in masked-key order (then by value, which holds a unique index's primary key).
    /// </summary>
    public static IEnumerable<EntryScan.Entry> Reorder(IEnumerable<EntryScan.Entry> entries, bool descending)
    {
        List<EntryScan.Entry>? run = null;
        foreach (var entry in entries)
        {
            var length = RunLength(entry.Key);
            if (run is { Count: > 0 } && (length < 0 || !SameRun(run[0].Key, entry.Key, length)))
            {
                foreach (var held in Flush(run, descending))
                {
                    yield return held;
                }
            }

            if (length < 0)
            {
                yield return entry;
                continue;
            }

            // Values may be slices of pages the walk moves on from; a run holds copies.
            (run ??= []).Add(entry with { Value = entry.Value.ToArray() });
        }

        if (run is { Count: > 0 })
        {
            foreach (var held in Flush(run, descending))
            {
                yield return held;
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
        var length = RunLength(resume);
        var run = new List<EntryScan.Entry>();
        using var walk = entries.GetEnumerator();
        var more = walk.MoveNext();
        while (more && RunLength(walk.Current.Key) == length && SameRun(resume, walk.Current.Key, length))
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
    public static bool HasInstant(ReadOnlySpan<byte> key) => TemporalStarts(key).Count > 0;

    /// <summary>
    /// A copy of bound <paramref name="key"/> with every temporal component's discriminator bits all clear
    /// (a lower bound) or all set (an upper bound): the raw keys between the widened bounds hold every key
    /// whose value lies between the given ones, and some more that <see cref="Between"/> passes over.
    /// </summary>
    public static byte[] Widen(ReadOnlySpan<byte> key, bool low)
    {
        var copy = key.ToArray();
        foreach (var start in TemporalStarts(key))
        {
            SetDiscriminator(copy, start, clear: low);
        }

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
            var key = Masked(entry.Key);
            if (key.AsSpan().SequenceCompareTo(lowMasked) >= 0
                && (highMasked is null || key.AsSpan().SequenceCompareTo(highMasked) < 0 || key.AsSpan().StartsWith(highMasked)))
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
        if (RunLength(x) < 0 && RunLength(y) < 0)
        {
            return x.SequenceCompareTo(y);
        }

        return Masked(x).AsSpan().SequenceCompareTo(Masked(y));
    }

    /// <summary>
    /// The bytes of <paramref name="key"/> up to and including its first temporal component's discriminator,
    /// or -1 when it has none (then ordering by bytes is ordering by value).
    /// </summary>
    public static int RunLength(ReadOnlySpan<byte> key)
    {
        var reader = new KeyReader(key);
        while (!reader.IsEnd)
        {
            if (reader.Skip() is KeyType.DateTime or KeyType.DateTimeOffset)
            {
                return reader.Position;
            }
        }

        return -1;
    }

    /// <summary>
    /// The lowest and highest raw key prefixes of the run <paramref name="key"/> is in: its bytes up to the
    /// end of its first temporal component with that component's discriminator bits all clear or all set.
    /// False when the key has no temporal component.
    /// </summary>
    public static bool RunBounds(ReadOnlySpan<byte> key, out byte[] low, out byte[] high)
    {
        var length = RunLength(key);
        if (length < 0)
        {
            low = high = [];
            return false;
        }

        low = key[..length].ToArray();
        high = key[..length].ToArray();
        SetDiscriminator(low, StartOfLast(key, length), clear: true);
        SetDiscriminator(high, StartOfLast(key, length), clear: false);
        return true;
    }

    private static EntryScan.Entry[] Flush(List<EntryScan.Entry> run, bool descending)
    {
        if (run.Count > 1)
        {
            run.Sort(descending ? static (x, y) => Compare(y, x) : static (x, y) => Compare(x, y));
        }

        var held = run.ToArray();
        run.Clear();
        return held;
    }

    // Two keys of run length `length` are in one run when they agree up to it, discriminator aside.
    private static bool SameRun(ReadOnlySpan<byte> first, ReadOnlySpan<byte> key, int length)
    {
        if (RunLength(first) != length)
        {
            return false;
        }

        var start = StartOfLast(key, length);
        if (!first[..start].SequenceEqual(key[..start]))
        {
            return false;
        }

        var firstRun = first[..length].ToArray();
        var keyRun = key[..length].ToArray();
        SetDiscriminator(firstRun, start, clear: true);
        SetDiscriminator(keyRun, start, clear: true);
        return firstRun.AsSpan().SequenceEqual(keyRun);
    }

    // The offset of the temporal component that ends at `length`: a DateTime is a tag and 8 bytes, a DateTimeOffset 2 more.
    private static int StartOfLast(ReadOnlySpan<byte> key, int length)
    {
        var reader = new KeyReader(key);
        while (reader.Position < length)
        {
            var start = reader.Position;
            reader.Skip();
            if (reader.Position == length)
            {
                return start;
            }
        }

        return length;
    }

    /// <summary>A copy of <paramref name="key"/> with every temporal component's discriminator bits clear: equal values, equal bytes.</summary>
    public static byte[] Masked(ReadOnlySpan<byte> key)
    {
        var copy = key.ToArray();
        foreach (var start in TemporalStarts(key))
        {
            SetDiscriminator(copy, start, clear: true);
        }

        return copy;
    }

    // The offsets of the temporal components of a key or bound; a bound may end in a string prefix, which does not parse as a component.
    private static List<int> TemporalStarts(ReadOnlySpan<byte> key)
    {
        var starts = new List<int>();
        var reader = new KeyReader(key);
        try
        {
            while (!reader.IsEnd)
            {
                var start = reader.Position;
                if (reader.Skip() is KeyType.DateTime or KeyType.DateTimeOffset)
                {
                    starts.Add(start);
                }
            }
        }
        catch (DocStore.Bson.BsonFormatException)
        {
            // The unterminated string prefix that ends the bound: nothing temporal follows it.
        }

        return starts;
    }

    // The discriminator of the temporal component at `start`: a DateTime's kind (the low 2 bits of its
    // 8 bytes), a DateTimeOffset's offset (the 2 bytes after its ticks). Inverted bytes of a descending
    // component are masked the same way, so masking only drops the distinction.
    private static void SetDiscriminator(byte[] key, int start, bool clear)
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
