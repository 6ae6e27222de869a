using System.Text;

namespace DocStore.Bson.Tests.Keys.Support;

/// <summary>
/// The documented value orders, written independently of the encoder so that the property tests
/// compare the encoding against an oracle rather than against itself.
/// </summary>
internal static class NaturalOrder
{
    /// <summary>
    /// Ordinal code point order: surrogate pairs compare as their supplementary code point and lone
    /// surrogates as their own value (U+D800..U+DFFF), which is not string.CompareOrdinal's UTF-16 order.
    /// </summary>
    public static int CodePoints(string left, string right)
    {
        var leftPoints = ToCodePoints(left);
        var rightPoints = ToCodePoints(right);
        for (var i = 0; i < Math.Min(leftPoints.Count, rightPoints.Count); i++)
        {
            var c = leftPoints[i].CompareTo(rightPoints[i]);
            if (c != 0)
            {
                return c;
            }
        }

        return leftPoints.Count.CompareTo(rightPoints.Count);
    }

    public static List<int> ToCodePoints(string text)
    {
        var points = new List<int>(text.Length);
        for (var i = 0; i < text.Length; i++)
        {
            if (char.IsHighSurrogate(text[i]) && i + 1 < text.Length && char.IsLowSurrogate(text[i + 1]))
            {
                points.Add(char.ConvertToUtf32(text[i], text[i + 1]));
                i++;
            }
            else
            {
                points.Add(text[i]);
            }
        }

        return points;
    }

    /// <summary>Ticks first, then kind (Unspecified, Utc, Local): the kind is part of the key.</summary>
    public static int DateTime(DateTime left, DateTime right)
    {
        var c = left.Ticks.CompareTo(right.Ticks);
        return c != 0 ? c : left.Kind.CompareTo(right.Kind);
    }

    /// <summary>The instant first, then the offset.</summary>
    public static int DateTimeOffset(DateTimeOffset left, DateTimeOffset right)
    {
        var c = left.UtcTicks.CompareTo(right.UtcTicks);
        return c != 0 ? c : left.Offset.CompareTo(right.Offset);
    }

    /// <summary>RFC 4122 byte order, which is the order of the lower-case "N" text form.</summary>
    public static int Guid(Guid left, Guid right) =>
        string.CompareOrdinal(left.ToString("N"), right.ToString("N"));

    public static int Bytes(byte[] left, byte[] right) => left.AsSpan().SequenceCompareTo(right);

    public static string Describe(string text)
    {
        var builder = new StringBuilder("\"");
        foreach (var c in text)
        {
            builder.Append(c is >= ' ' and <= '~' ? c.ToString() : $"\\u{(int)c:X4}");
        }

        return builder.Append('"').ToString();
    }

    /// <summary>Whether a decimal has the smallest scale that represents its value (a decoded key's normal form).</summary>
    public static bool IsNormalized(decimal value)
    {
        Span<int> bits = stackalloc int[4];
        decimal.GetBits(value, bits);
        var coefficient = new UInt128((uint)bits[2], ((ulong)(uint)bits[1] << 32) | (uint)bits[0]);
        var negative = bits[3] < 0;
        return value.Scale == 0 ? !(coefficient == 0 && negative) : coefficient % 10 != 0;
    }
}
