using System.Buffers;

namespace DocStore.Bson.Tests.CBson.Support;

/// <summary>Seeded random C-BSON documents covering every value type, nested documents, arrays and code-with-scope.</summary>
internal static class RandomDocuments
{
    /// <summary>Field ids drawn from 1..MaxId; <see cref="SampleDocuments.Names"/> names them.</summary>
    public const int MaxId = 40;

    private static readonly string[] Words = ["", "a", "hello", "naïve café", "中文字符", "emoji 😀 pair", "tab\tnew\nline", "quote\"back\\slash", "nul\0inside"];

    public static byte[] Create(Random random, int maxDepth = 4, int maxFields = 8)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new CBsonWriter(output);
        Write(ref writer, random, maxDepth, maxFields);
        return output.WrittenSpan.ToArray();
    }

    public static void Write(ref CBsonWriter writer, Random random, int maxDepth = 4, int maxFields = 8)
    {
        writer.WriteStartDocument();
        WriteFields(ref writer, random, maxDepth - 1, maxFields);
        writer.WriteEndDocument();
    }

    private static void WriteFields(ref CBsonWriter writer, Random random, int depthLeft, int maxFields)
    {
        var count = random.Next(maxFields + 1);
        for (var i = 0; i < count; i++)
        {
            writer.WriteFieldId((ushort)random.Next(1, MaxId + 1));
            WriteValue(ref writer, random, depthLeft, maxFields);
        }
    }

    private static void WriteValue(ref CBsonWriter writer, Random random, int depthLeft, int maxFields)
    {
        var choice = random.Next(depthLeft > 0 ? 31 : 28);
        switch (choice)
        {
            case 0: writer.WriteDouble(random.NextDouble() * 1e6 - 5e5); break;
            case 1: writer.WriteString(Word(random, allowNul: true)); break;
            case 2: writer.WriteInt32(random.Next(int.MinValue, int.MaxValue)); break;
            case 3: writer.WriteInt64(random.NextInt64(long.MinValue, long.MaxValue)); break;
            case 4: writer.WriteBoolean(random.Next(2) == 1); break;
            case 5: writer.WriteNull(); break;
            case 6: writer.WriteUndefined(); break;
            case 7: writer.WriteMinKey(); break;
            case 8: writer.WriteMaxKey(); break;
            case 9: writer.WriteObjectId(new ObjectId((uint)random.Next(), random.NextInt64(), random.Next())); break;
            case 10: writer.WriteDecimal(new decimal(random.Next(), random.Next(), random.Next(), random.Next(2) == 1, (byte)random.Next(29))); break;
            case 11: writer.WriteGuid(new Guid(RandomBytes(random, 16))); break;
            case 12: writer.WriteBinary(RandomBytes(random, random.Next(20)), (BsonBinarySubtype)random.Next(0, 2)); break;
            case 13: writer.WriteUtcDateTime(random.NextInt64(-62_135_596_800_000L, 253_402_300_799_999L)); break;
            case 14: writer.WriteDateTime(new DateTime(random.NextInt64(DateTime.MaxValue.Ticks + 1), (DateTimeKind)random.Next(3))); break;
            case 15: writer.WriteDateTimeOffset(new DateTimeOffset(random.NextInt64(DateTime.MaxValue.Ticks / 4, DateTime.MaxValue.Ticks / 2), TimeSpan.FromMinutes(random.Next(-840, 841)))); break;
            case 16: writer.WriteTimeSpan(new TimeSpan(random.NextInt64(long.MinValue, long.MaxValue))); break;
            case 17: writer.WriteDateOnly(DateOnly.FromDayNumber(random.Next(DateOnly.MaxValue.DayNumber + 1))); break;
            case 18: writer.WriteTimeOnly(new TimeOnly(random.NextInt64(TimeOnly.MaxValue.Ticks + 1))); break;
            case 19: writer.WriteTimestamp((uint)random.Next(), (uint)random.Next()); break;
            case 20: writer.WriteRegularExpression(Word(random, allowNul: false), "imsx".AsSpan(0, random.Next(5))); break;
            case 21: writer.WriteJavaScript(Word(random, allowNul: true)); break;
            case 22: writer.WriteSymbol(Word(random, allowNul: true)); break;
            case 23: writer.WriteDBPointer(Word(random, allowNul: true), new ObjectId((uint)random.Next(), 7, 9)); break;
            case 24: writer.WriteDecimal128(new Decimal128((ulong)random.NextInt64(), (ulong)random.NextInt64())); break;
            case 25: writer.WriteBinary(RandomBytes(random, random.Next(1, 9)), BsonBinarySubtype.DateTime); break;
            case 26: writer.WriteBinary([4, 0, 0, 0, 1, 2, 3, 4], BsonBinarySubtype.OldBinary); break;
            case 27: writer.WriteDouble(double.NaN); break;
            case 28:
                writer.WriteStartDocument();
                WriteFields(ref writer, random, depthLeft - 1, maxFields);
                writer.WriteEndDocument();
                break;
            case 29:
                writer.WriteStartArray();
                var items = random.Next(maxFields + 1);
                for (var i = 0; i < items; i++)
                {
                    WriteValue(ref writer, random, depthLeft - 1, maxFields);
                }

                writer.WriteEndArray();
                break;
            default:
                writer.WriteStartJavaScriptWithScope(Word(random, allowNul: false));
                WriteFields(ref writer, random, depthLeft - 1, maxFields);
                writer.WriteEndDocument();
                break;
        }
    }

    private static string Word(Random random, bool allowNul)
    {
        var word = Words[random.Next(Words.Length)];
        return allowNul || !word.Contains('\0', StringComparison.Ordinal) ? word : "no-nul";
    }

    private static byte[] RandomBytes(Random random, int length)
    {
        var bytes = new byte[length];
        random.NextBytes(bytes);
        return bytes;
    }
}
