using System.Text;

namespace DocStore.Bson.Tests.Keys.Support;

/// <summary>
/// Seeded generators that return edge values (limits, zero, signs, NaN, subnormals, NUL, surrogates,
/// empty values) often and random values otherwise, so that a few thousand pairs cover the corners.
/// </summary>
internal static class EdgeGenerators
{
    private static readonly long[] Int64Edges =
    [
        0, 1, -1, 127, 128, -128, -129, 255, 256, -255, -256, -257, 65535, 65536, -65536, -65537,
        int.MaxValue, int.MinValue, (long)int.MaxValue + 1, (long)int.MinValue - 1, uint.MaxValue,
        long.MaxValue, long.MinValue, long.MaxValue - 1, long.MinValue + 1, 1L << 56, -(1L << 56), (1L << 56) - 1,
    ];

    private static readonly ulong[] UInt64Edges =
    [
        0, 1, 255, 256, 65535, 65536, uint.MaxValue, (ulong)uint.MaxValue + 1, long.MaxValue,
        (ulong)long.MaxValue + 1, ulong.MaxValue, ulong.MaxValue - 1, 1UL << 56, (1UL << 56) - 1,
    ];

    private static readonly double[] DoubleEdges =
    [
        0.0, -0.0, double.NaN, -double.NaN, BitConverter.Int64BitsToDouble(0x7FF0_0000_0000_0001),
        BitConverter.UInt64BitsToDouble(0xFFFF_FFFF_FFFF_FFFF), BitConverter.Int64BitsToDouble(0x7FF8_0000_0000_0042),
        double.PositiveInfinity, double.NegativeInfinity, double.Epsilon, -double.Epsilon,
        double.MaxValue, double.MinValue, 1.0, -1.0, 0.5, -0.5, 1e-300, -1e-300, 2.2250738585072014E-308,
        -2.2250738585072014E-308, BitConverter.Int64BitsToDouble(0x000F_FFFF_FFFF_FFFF),
        -BitConverter.Int64BitsToDouble(0x000F_FFFF_FFFF_FFFF), Math.BitIncrement(1.0), Math.BitDecrement(1.0),
        9007199254740993.0, -9007199254740993.0,
    ];

    private static readonly decimal[] DecimalEdges =
    [
        0m, 0.0m, -0m, new decimal(0, 0, 0, true, 7), new decimal(0, 0, 0, false, 28), 1m, 1.0m, 1.00m,
        -1m, -1.000m, decimal.MaxValue, decimal.MinValue, 0.0000000000000000000000000001m,
        -0.0000000000000000000000000001m, 7.9228162514264337593543950335m, -7.9228162514264337593543950335m,
        10000000000000000000000000000m, 1000000000000000000000000000.0m, 0.1m, 0.10m, 0.01m, 100m, 10m,
        12345.6789m, 9.9m, 99m, 0.99m, 123456789012345678901234567.8m,
    ];

    private static readonly string[] StringAtoms =
    [
        "a", "b", "ab", "\0", "\u0001", "\u007F", "\u0080", "\u00E9", "\u07FF", "\u0800", "\uD7FF",
        "\uE000", "\uFFFD", "\uFFFF", "\uD83D\uDE00", "\uD800\uDC00", "\uDBFF\uDFFF", "\uD800", "\uDBFF",
        "\uDC00", "\uDFFF", "z", " ", "\u00FF", "\u0100",
    ];

    private static readonly byte[] ByteAtoms = [0x00, 0x00, 0xFF, 0xFF, 0x01, 0xFE, 0x7F, 0x80];

    public static long Int64(Random random) => random.Next(3) switch
    {
        0 => Int64Edges[random.Next(Int64Edges.Length)],
        1 => (random.NextInt64() >> random.Next(64)) * (random.Next(2) == 0 ? 1 : -1),
        _ => Int64Edges[random.Next(Int64Edges.Length)] + random.Next(-2, 3),
    };

    public static ulong UInt64(Random random) => random.Next(3) switch
    {
        0 => UInt64Edges[random.Next(UInt64Edges.Length)],
        1 => (ulong)random.NextInt64() << 1 >> random.Next(64),
        _ => UInt64Edges[random.Next(UInt64Edges.Length)] + (ulong)random.Next(0, 3),
    };

    public static double Double(Random random) => random.Next(4) switch
    {
        0 => DoubleEdges[random.Next(DoubleEdges.Length)],
        1 => BitConverter.Int64BitsToDouble(random.NextInt64() | ((long)random.Next(2) << 63)),
        2 => Math.Round((random.NextDouble() - 0.5) * Math.Pow(10, random.Next(-5, 6)), random.Next(0, 4)),
        _ => random.Next(-50, 50),
    };

    public static double NearDouble(Random random, double value) => random.Next(3) switch
    {
        0 => value,
        1 => Math.BitIncrement(value),
        _ => Math.BitDecrement(value),
    };

    public static float Single(Random random) => random.Next(3) switch
    {
        0 => (float)DoubleEdges[random.Next(DoubleEdges.Length)],
        1 => BitConverter.Int32BitsToSingle(random.Next() | (random.Next(2) << 31)),
        _ => random.Next(-50, 50) / 4f,
    };

    public static decimal Decimal(Random random)
    {
        switch (random.Next(4))
        {
            case 0:
                return DecimalEdges[random.Next(DecimalEdges.Length)];
            case 1:
                return new decimal(random.Next(-20, 21)) / new decimal(1, 0, 0, false, (byte)random.Next(0, 4));
            default:
                var bits = random.Next(1, 97);
                var low = (uint)random.NextInt64();
                var mid = bits > 32 ? (uint)random.NextInt64() : 0u;
                var high = bits > 64 ? (uint)random.NextInt64() >> (96 - bits) : 0u;
                if (bits <= 32)
                {
                    low >>= 32 - bits;
                }

                return new decimal((int)low, (int)mid, (int)high, random.Next(2) == 0, (byte)random.Next(0, 29));
        }
    }

    /// <summary>The same value with a different scale when one exists (1.5m and 1.500m), or a close value.</summary>
    public static decimal NearDecimal(Random random, decimal value)
    {
        if (random.Next(2) == 0)
        {
            return value + (random.Next(2) == 0 ? 0.0000000000000000000000000001m : -0.0000000000000000000000000001m) * random.Next(0, 2);
        }

        var scaled = value;
        for (var zeros = random.Next(1, 6); zeros > 0; zeros--)
        {
            if (scaled.Scale >= 28)
            {
                break;
            }

            scaled *= 1.0m;
        }

        return scaled;
    }

    public static string String(Random random)
    {
        var builder = new StringBuilder();
        var length = random.Next(5) == 0 ? 0 : random.Next(1, 10);
        for (var i = 0; i < length; i++)
        {
            builder.Append(random.Next(5) switch
            {
                0 => ((char)random.Next(0, 0x10000)).ToString(),
                1 => char.ConvertFromUtf32(random.Next(0x10000, 0x110000)),
                _ => StringAtoms[random.Next(StringAtoms.Length)],
            });
        }

        return builder.ToString();
    }

    /// <summary>Equal, a prefix, an extension, or a change of the last character: the cases prefix handling gets wrong.</summary>
    public static string NearString(Random random, string value) => random.Next(4) switch
    {
        0 => value,
        1 => value[..random.Next(value.Length + 1)],
        2 => value + String(random),
        _ => value.Length == 0 ? String(random) : value[..^1] + StringAtoms[random.Next(StringAtoms.Length)],
    };

    public static byte[] Bytes(Random random)
    {
        var bytes = new byte[random.Next(4) == 0 ? 0 : random.Next(1, 10)];
        for (var i = 0; i < bytes.Length; i++)
        {
            bytes[i] = random.Next(2) == 0 ? ByteAtoms[random.Next(ByteAtoms.Length)] : (byte)random.Next(256);
        }

        return bytes;
    }

    public static byte[] NearBytes(Random random, byte[] value) => random.Next(3) switch
    {
        0 => value[..random.Next(value.Length + 1)],
        1 => [.. value, .. Bytes(random)],
        _ => (byte[])value.Clone(),
    };

    public static Guid Guid(Random random)
    {
        Span<byte> bytes = stackalloc byte[16];
        switch (random.Next(4))
        {
            case 0:
                bytes.Fill(random.Next(2) == 0 ? (byte)0x00 : (byte)0xFF);
                break;
            default:
                random.NextBytes(bytes);
                break;
        }

        return new Guid(bytes, bigEndian: true);
    }

    /// <summary>A Guid that differs in one byte only, so that every byte position decides some comparisons.</summary>
    public static Guid NearGuid(Random random, Guid value)
    {
        Span<byte> bytes = stackalloc byte[16];
        value.TryWriteBytes(bytes, bigEndian: true, out _);
        bytes[random.Next(16)] = (byte)random.Next(256);
        return new Guid(bytes, bigEndian: true);
    }

    public static ObjectId ObjectId(Random random)
    {
        Span<byte> bytes = stackalloc byte[12];
        if (random.Next(5) == 0)
        {
            bytes.Fill(random.Next(2) == 0 ? (byte)0x00 : (byte)0xFF);
        }
        else
        {
            random.NextBytes(bytes);
        }

        return new ObjectId(bytes);
    }

    public static ObjectId NearObjectId(Random random, ObjectId value)
    {
        var bytes = value.ToByteArray();
        bytes[random.Next(12)] = (byte)random.Next(256);
        return new ObjectId(bytes);
    }

    public static long Ticks(Random random, long max) => random.Next(4) switch
    {
        0 => 0,
        1 => max,
        _ => random.NextInt64(0, max + 1),
    };

    public static DateTime DateTime(Random random) =>
        new(Ticks(random, System.DateTime.MaxValue.Ticks), (DateTimeKind)random.Next(3));

    public static DateTime NearDateTime(Random random, DateTime value) =>
        new(Math.Clamp(value.Ticks + random.Next(-1, 2), 0, System.DateTime.MaxValue.Ticks), (DateTimeKind)random.Next(3));

    public static DateTimeOffset DateTimeOffset(Random random)
    {
        var offset = System.TimeSpan.FromMinutes(random.Next(3) == 0 ? 0 : random.Next(-840, 841));
        var minLocal = Math.Max(0, offset.Ticks);
        var maxLocal = Math.Min(System.DateTime.MaxValue.Ticks, System.DateTime.MaxValue.Ticks + offset.Ticks);
        var local = random.Next(4) switch
        {
            0 => minLocal,
            1 => maxLocal,
            _ => random.NextInt64(minLocal, maxLocal + 1),
        };
        return new DateTimeOffset(local, offset);
    }

    /// <summary>The same instant seen from another offset, or an instant one tick away.</summary>
    public static DateTimeOffset NearDateTimeOffset(Random random, DateTimeOffset value)
    {
        var offset = System.TimeSpan.FromMinutes(random.Next(-840, 841));
        var utc = Math.Clamp(value.UtcTicks + random.Next(-1, 2), 0, System.DateTime.MaxValue.Ticks);
        var local = utc + offset.Ticks;
        return local < 0 || local > System.DateTime.MaxValue.Ticks ? value : new DateTimeOffset(local, offset);
    }

    public static DateOnly DateOnly(Random random) =>
        System.DateOnly.FromDayNumber((int)Ticks(random, System.DateOnly.MaxValue.DayNumber));

    public static TimeOnly TimeOnly(Random random) => new(Ticks(random, System.TimeOnly.MaxValue.Ticks));

    public static TimeSpan TimeSpan(Random random) => random.Next(5) switch
    {
        0 => System.TimeSpan.MinValue,
        1 => System.TimeSpan.MaxValue,
        2 => new TimeSpan(random.Next(-3, 4)),
        _ => new TimeSpan(random.NextInt64(long.MinValue, long.MaxValue)),
    };
}
