using DocStore.Bson.Keys;
using DocStore.Metadata;
using DocStore.Query;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Execution;

/// <summary>
/// Turns values into key intervals in the order-preserving key encoding that the indexes use
/// (<see cref="Indexing.BsonKeyValues"/>). The encoding gives integers, doubles and decimals separate
/// tags, so one SQL number can sit in three places: equality yields up to three exact keys, a range up
/// to three numeric intervals (conservative: the residual filter re-checks range rows).
/// </summary>
internal static class KeyIntervals
{
    private const byte IntegerTag = (byte)KeyType.Integer;
    private const byte DoubleTag = (byte)KeyType.Double;
    private const byte DecimalTag = (byte)KeyType.Decimal;
    private const byte StringTag = (byte)KeyType.String;
    private const byte MaxTag = (byte)KeyType.MaxKey;

    /// <summary>True for the kinds whose key equality is exactly SQL equality (a seek answers '=' without a residual check).</summary>
    public static bool IsExactKind(SqlKind kind) =>
        kind is SqlKind.Integer or SqlKind.Double or SqlKind.Decimal or SqlKind.Text or SqlKind.Boolean or SqlKind.Guid or SqlKind.ObjectId
            or SqlKind.DateOnly or SqlKind.TimeOnly or SqlKind.TimeSpan;

    /// <summary>
    /// True for the kind whose equality key is a prefix of a component (a DateTimeOffset's UTC instant
    /// without its offset): nothing can follow it in a composite prefix, and it is found by a prefix walk.
    /// </summary>
    public static bool IsPartialKind(SqlKind kind) => kind is SqlKind.DateTimeOffset;

    /// <summary>
    /// Every encoding of one component equal to <paramref name="value"/>, each after <paramref name="prefix"/>;
    /// empty for NULL. With <paramref name="integersOnly"/> (the tree holds no double or decimal keys there)
    /// a number has only its integer encoding, and none when it is not integral.
    /// </summary>
    public static List<byte[]> Equal(byte[] prefix, SqlValue value, bool integersOnly = false) => Equal(prefix, value, integersOnly, withBoolean: true);

    private static List<byte[]> Equal(byte[] prefix, SqlValue value, bool integersOnly, bool withBoolean)
    {
        var keys = new List<byte[]>(integersOnly ? 1 : 3);

        // Booleans equal the numbers 0 and 1 (SqlComparer), so each is sought under the other's tags too.
        if (value.Kind == SqlKind.Boolean)
        {
            var flag = value.Integer != 0;
            keys.Add(Encode(prefix, b => b.Append(flag)));
            keys.AddRange(Equal(prefix, SqlValue.FromInt64(value.Integer), integersOnly, withBoolean: false));
            return keys;
        }

        if (withBoolean && value.IsNumber && value.AsDouble() is 0 or 1)
        {
            var flag = value.AsDouble() == 1;
            keys.Add(Encode(prefix, b => b.Append(flag)));
        }

        if (integersOnly && value.IsNumber)
        {
            var real = value.AsDouble();
            if (value.Kind == SqlKind.Integer)
            {
                keys.Add(Integer(prefix, value.Integer));
            }
            else if (Math.Floor(real) == real && real >= -9.2233720368547758E18 && real < 9.2233720368547758E18 && (value.Kind != SqlKind.Decimal || decimal.Truncate(value.Number) == value.Number))
            {
                keys.Add(Integer(prefix, value.Kind == SqlKind.Decimal ? (long)value.Number : (long)real));
            }

            return keys;
        }

        switch (value.Kind)
        {
            case SqlKind.Integer:
                var integer = value.Integer;
                keys.Add(Integer(prefix, integer));
                if (Math.Abs(integer) < (1L << 53))
                {
                    keys.Add(Encode(prefix, b => b.Append((double)integer)));
                }

                keys.Add(Encode(prefix, b => b.Append((decimal)integer)));
                break;
            case SqlKind.Double:
                var real = value.Real;
                keys.Add(Encode(prefix, b => b.Append(real)));
                if (Math.Floor(real) == real && real >= -9.2233720368547758E18 && real < 9.2233720368547758E18)
                {
                    keys.Add(Encode(prefix, b => b.Append((long)real)));
                }

                if (TryDecimal(real, out var asDecimal) && (double)asDecimal == real)
                {
                    keys.Add(Encode(prefix, b => b.Append(asDecimal)));
                }

                break;
            case SqlKind.Decimal:
                var number = value.Number;
                keys.Add(Encode(prefix, b => b.Append(number)));
                if (decimal.Truncate(number) == number && number >= long.MinValue && number <= long.MaxValue)
                {
                    keys.Add(Encode(prefix, b => b.Append((long)number)));
                }

                if ((decimal)(double)number == number)
                {
                    keys.Add(Encode(prefix, b => b.Append((double)number)));
                }

                break;
            case SqlKind.Text:
                var text = value.AsString();
                keys.Add(Encode(prefix, b => b.Append(text)));
                break;
            case SqlKind.Guid:
                var guid = new Guid(value.Bytes.Span, bigEndian: true);
                keys.Add(Encode(prefix, b => b.Append(guid)));
                break;
            case SqlKind.ObjectId:
                var id = new ObjectId(value.Bytes.Span);
                keys.Add(Encode(prefix, b => b.Append(id)));
                break;
            case SqlKind.DateTime when (ulong)value.Integer <= (ulong)DateTime.MaxValue.Ticks:
                // The key holds the kind, which SQL equality ignores: one key per kind.
                var ticks = value.Integer;
                foreach (var kind in (ReadOnlySpan<DateTimeKind>)[DateTimeKind.Unspecified, DateTimeKind.Utc, DateTimeKind.Local])
                {
                    keys.Add(Encode(prefix, b => b.Append(new DateTime(ticks, kind))));
                }

                break;
            case SqlKind.DateTimeOffset or SqlKind.DateOnly or SqlKind.TimeOnly or SqlKind.TimeSpan:
                if (Temporal(prefix, value) is { } temporal)
                {
                    keys.Add(temporal);
                }

                break;
        }

        return keys;
    }

    /// <summary>
    /// Intervals covering every key whose component lies between <paramref name="low"/> and
    /// <paramref name="high"/> in SQL order (null bound: unbounded; a NULL value bounds nothing, so the
    /// result is empty). Wider than exact; the caller keeps the predicate as a residual filter.
    /// </summary>
    public static List<KeyInterval>? Range(byte[] prefix, SqlValue? low, SqlValue? high)
    {
        if (low is { IsNull: true } || high is { IsNull: true })
        {
            return [];
        }

        if (low is { } l && !Rangeable(l.Kind) || high is { } h && !Rangeable(h.Kind))
        {
            return null;
        }

        var intervals = new List<KeyInterval>();
        var lowNumber = low is { IsNumber: true };
        var highNumber = high is { IsNumber: true };
        var lowAboveNumbers = low is { } lv && !lv.IsNumber;

        // Numbers: one interval per numeric tag, unless the low bound lies above every number.
        if (!lowAboveNumbers)
        {
            foreach (var tag in new[] { IntegerTag, DoubleTag, DecimalTag })
            {
                var from = lowNumber ? NumberKey(prefix, tag, low!.Value, roundUp: false) : [.. prefix, tag];
                var to = highNumber ? NumberKey(prefix, tag, high!.Value, roundUp: true) : (byte[])[.. prefix, tag];
                if (from is not null && to is not null)
                {
                    intervals.Add(new KeyInterval(from, false, to, true));
                }
            }
        }

        // Everything above numbers (text, blobs, ...), unless the high bound is a number.
        if (!highNumber)
        {
            var from = lowAboveNumbers ? Encode(prefix, low!.Value) : [.. prefix, StringTag];
            var to = high is { } hv ? Encode(prefix, hv, upper: true) : (byte[])[.. prefix, MaxTag];
            intervals.Add(new KeyInterval(from, false, to, high is not null));
        }

        return intervals;
    }

    /// <summary>The string keys starting with <paramref name="text"/>.</summary>
    public static KeyInterval StringPrefix(byte[] prefix, string text)
    {
        var builder = new IndexKeyBuilder();
        builder.AppendStringPrefix(text);
        return KeyInterval.Prefix([.. prefix, .. builder.WrittenSpan]);
    }

    /// <summary>
    /// The string keys starting with <paramref name="text"/> in any ASCII case (LIKE is case-insensitive for
    /// ASCII): every variant lies between the all-upper and the all-lower spelling, as capitals sort first.
    /// The LIKE itself stays a residual filter, which drops the other strings of the stretch.
    /// </summary>
    public static KeyInterval StringPrefixAnyCase(byte[] prefix, string text)
    {
        var upper = string.Create(text.Length, text, static (span, t) => { for (var i = 0; i < t.Length; i++) { span[i] = char.IsAsciiLetter(t[i]) ? char.ToUpperInvariant(t[i]) : t[i]; } });
        var lower = string.Create(text.Length, text, static (span, t) => { for (var i = 0; i < t.Length; i++) { span[i] = char.IsAsciiLetter(t[i]) ? char.ToLowerInvariant(t[i]) : t[i]; } });
        return upper == lower ? StringPrefix(prefix, text) : new KeyInterval(StringPrefix(prefix, upper).Low, false, StringPrefix(prefix, lower).High, true);
    }

    /// <summary>Every key of the tree after <paramref name="prefix"/>, as intervals in SQL order: NULL, then each numeric tag, then the rest.</summary>
    public static List<KeyInterval> All(byte[] prefix) =>
    [
        new([.. prefix], false, [.. prefix, (byte)(IntegerTag - 1)], true),
        KeyInterval.Prefix([.. prefix, IntegerTag]),
        KeyInterval.Prefix([.. prefix, DoubleTag]),
        KeyInterval.Prefix([.. prefix, DecimalTag]),
        new([.. prefix, StringTag], false, prefix.Length == 0 ? null : KeyRange.ForPrefix(prefix).Upper.ToArray(), false),
    ];

    /// <summary>True when an interval starts inside one of the numeric tags (such intervals are merged by value to keep SQL order).</summary>
    public static bool IsNumeric(KeyInterval interval, int prefixLength) =>
        interval.Low.Length > prefixLength && interval.Low[prefixLength] is IntegerTag or DoubleTag or DecimalTag;

    /// <summary>True when the tree has keys whose first component is a double or a decimal (one seek).</summary>
    public static bool HasNonIntegerNumbers(BTree.Tree tree)
    {
        var cursor = tree.CreateCursor();
        return cursor.Seek([DoubleTag]) && cursor.Key[0] is DoubleTag or DecimalTag;
    }

    private static byte[] Integer(byte[] prefix, long value)
    {
        Span<byte> buffer = stackalloc byte[KeyEncoding.MaxFixedComponentSize];
        var writer = new KeyWriter(buffer);
        writer.WriteInt64(value);
        return [.. prefix, .. writer.WrittenSpan];
    }

    private static bool Rangeable(SqlKind kind) => kind is not (SqlKind.Document or SqlKind.Array or SqlKind.Other or SqlKind.Binary);

    /// <summary>
    /// The key of a temporal value as the typed model encodes it (<see cref="Indexing.BsonKeyValues"/>). SQL
    /// equality ignores a DateTimeOffset's offset, which the key holds after the UTC instant, so its key stops
    /// before the offset: every stored key of the same instant starts with it.
    /// </summary>
    private static byte[]? Temporal(byte[] prefix, in SqlValue value)
    {
        const int TicksEnd = 1 + sizeof(long);
        var ticks = value.Integer;
        switch (value.Kind)
        {
            case SqlKind.DateTimeOffset:
                return Encode(prefix, b => b.Append(new DateTimeOffset(ticks, TimeSpan.Zero)))[..(prefix.Length + TicksEnd)];
            case SqlKind.DateOnly:
                return Encode(prefix, b => b.Append(DateOnly.FromDayNumber((int)ticks)));
            case SqlKind.TimeOnly:
                return Encode(prefix, b => b.Append(new TimeOnly(ticks)));
            case SqlKind.TimeSpan:
                return Encode(prefix, b => b.Append(new TimeSpan(ticks)));
            default:
                return null;
        }
    }

    private static byte[]? NumberKey(byte[] prefix, byte tag, SqlValue value, bool roundUp)
    {
        var real = value.AsDouble();
        switch (tag)
        {
            case IntegerTag:
                if (value.Kind == SqlKind.Integer)
                {
                    var integer = value.Integer;
                    return Encode(prefix, b => b.Append(integer));
                }

                var rounded = roundUp ? Math.Ceiling(real) : Math.Floor(real);
                var clamped = rounded >= 9.2233720368547758E18 ? long.MaxValue : rounded < -9.2233720368547758E18 ? long.MinValue : (long)rounded;
                return Encode(prefix, b => b.Append(clamped));
            case DoubleTag:
                // A long or decimal bound converted to double may round either way; step one ulp outwards.
                var bound = value.Kind == SqlKind.Double ? real : roundUp ? Math.BitIncrement(real) : Math.BitDecrement(real);
                return Encode(prefix, b => b.Append(bound));
            default:
                var number = value.Kind switch
                {
                    SqlKind.Decimal => value.Number,
                    SqlKind.Integer => value.Integer,
                    _ => TryDecimal(roundUp ? Math.Ceiling(real) + 1 : Math.Floor(real) - 1, out var d) ? d : real < 0 ? decimal.MinValue : decimal.MaxValue,
                };
                return Encode(prefix, b => b.Append(number));
        }
    }

    /// <summary>The key of a bound: the lowest of its equal keys, or with <paramref name="upper"/> the highest (a DateTime's last kind).</summary>
    private static byte[] Encode(byte[] prefix, in SqlValue value, bool upper = false)
    {
        var keys = Equal(prefix, value);
        return keys.Count == 0 ? [.. prefix] : upper ? keys[^1] : keys[0];
    }

    private static byte[] Encode(byte[] prefix, Action<IndexKeyBuilder> append)
    {
        var builder = new IndexKeyBuilder();
        append(builder);
        return [.. prefix, .. builder.WrittenSpan];
    }

    private static bool TryDecimal(double value, out decimal result)
    {
        if (double.IsFinite(value) && Math.Abs(value) < 7.9e28)
        {
            result = (decimal)value;
            return true;
        }

        result = 0;
        return false;
    }
}
