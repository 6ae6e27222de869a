using DocStore.Bson;
using DocStore.Generators.RuntimeTests.Models;

namespace DocStore.Generators.RuntimeTests.Infrastructure;

/// <summary>Documents with random values over each member's whole range (any double bits, any decimal scale, any DateTime kind).</summary>
internal static class RandomDocuments
{
    public static Everything Everything(Random random)
    {
        var value = new Everything
        {
            Id = random.NextInt64(),
            First = Text(random),
            Last = Text(random),
            Flag = random.Next(2) == 1,
            Byte = (byte)random.Next(256),
            SByte = (sbyte)random.Next(-128, 128),
            Short = (short)random.Next(short.MinValue, short.MaxValue + 1),
            UShort = (ushort)random.Next(ushort.MaxValue + 1),
            Int = random.Next(int.MinValue, int.MaxValue),
            UInt = (uint)random.NextInt64(uint.MaxValue + 1L),
            Long = random.NextInt64(long.MinValue, long.MaxValue),
            ULong = (ulong)random.NextInt64() * 2 + (ulong)random.Next(2),
            NInt = (nint)random.NextInt64(long.MinValue, long.MaxValue),
            NUInt = (nuint)random.NextInt64(),
            Char = (char)random.Next(0xD800),
            Float = (float)Double(random),
            Double = Double(random),
            Decimal = new decimal(random.Next(), random.Next(), random.Next(), random.Next(2) == 1, (byte)random.Next(29)),
            Text = random.Next(4) == 0 ? null : Text(random),
            Guid = new Guid(Bytes(random, 16)),
            ObjectId = new ObjectId(Bytes(random, 12)),
            DateTime = new DateTime(random.NextInt64(DateTime.MaxValue.Ticks), (DateTimeKind)random.Next(3)),
            DateTimeOffset = new DateTimeOffset(random.NextInt64(TimeSpan.TicksPerDay, DateTime.MaxValue.Ticks - TimeSpan.TicksPerDay), TimeSpan.FromMinutes(random.Next(-840, 841))),
            DateOnly = DateOnly.FromDayNumber(random.Next(DateOnly.MaxValue.DayNumber + 1)),
            TimeOnly = new TimeOnly(random.NextInt64(TimeOnly.MaxValue.Ticks + 1)),
            TimeSpan = new TimeSpan(random.NextInt64(long.MinValue, long.MaxValue)),
            Bytes = random.Next(4) == 0 ? null : Bytes(random, random.Next(40)),
            Color = (Color)random.Next(3),
            Wide = (Wide)(ulong)random.NextInt64(),
            MaybeInt = random.Next(2) == 0 ? null : random.Next(),
            MaybeColor = random.Next(2) == 0 ? null : (Color)random.Next(3),
            MaybeDate = random.Next(2) == 0 ? null : new DateTime(random.NextInt64(DateTime.MaxValue.Ticks), (DateTimeKind)random.Next(3)),
            Point = new Point { X = random.Next(), Y = -random.Next() },
            MaybePoint = random.Next(2) == 0 ? null : new Point { X = random.Next(), Y = random.Next() },
            Price = random.Next(3) == 0 ? null : new Money(new decimal(random.NextDouble() * 1e6), Text(random)),
            Span = new Span2(random.Next(), random.Next()),
            Array = [.. Enumerable.Range(0, random.Next(5)).Select(_ => random.Next(int.MinValue, int.MaxValue))],
            List = [.. Enumerable.Range(0, random.Next(5)).Select(_ => Text(random))],
            ReadOnlyList = [.. Enumerable.Range(0, random.Next(3)).Select(_ => new Money(random.Next(), Text(random)))],
            Set = [.. Enumerable.Range(0, random.Next(3)).Select(_ => new Guid(Bytes(random, 16)))],
            Map = Enumerable.Range(0, random.Next(4)).Select(i => (Key: Text(random) + i, Value: random.Next())).ToDictionary(p => p.Key, p => p.Value),
            // (keys are field names: never empty, never NUL, which Text never gives)
            Nested = new() { [Text(random) + "k"] = [new Point { X = random.Next(), Y = 1 }] },
            Sparse = [.. Enumerable.Range(0, random.Next(5)).Select(_ => random.Next(2) == 0 ? (int?)null : random.Next())],
            Required = Text(random),
            InitOnly = Text(random),
            Field = random.Next(),
            NewName = Text(random),
        };
        value.SetPrivate(Text(random));
        return value;
    }

    /// <summary>Any double: random bits (NaN and the infinities included), or a short decimal fraction.</summary>
    private static double Double(Random random) => random.Next(3) switch
    {
        0 => BitConverter.Int64BitsToDouble(random.NextInt64(long.MinValue, long.MaxValue)),
        1 => Math.Round(random.NextDouble() * 1000, random.Next(6)) * (random.Next(2) == 0 ? -1 : 1),
        _ => random.Next(-1_000_000, 1_000_000),
    };

    /// <summary>Text with quotes, backslashes, control characters, non-ASCII letters and surrogate pairs.</summary>
    private static string Text(Random random)
    {
        string[] pieces = ["a", "Z", "9", " ", "\"", "\\", "\n", "\u0001", "é", "ж", "漢", "😀", "<", "&", "'", "+", "/", "\u2028", "\u007f"];
        var length = random.Next(8);
        var builder = new System.Text.StringBuilder();
        for (int i = 0; i < length; i++)
        {
            builder.Append(pieces[random.Next(pieces.Length)]);
        }

        return builder.ToString();
    }

    private static byte[] Bytes(Random random, int length)
    {
        var bytes = new byte[length];
        random.NextBytes(bytes);
        return bytes;
    }
}
