using DocStore.Bson.Keys;
using DocStore.Bson.Tests.Keys.Support;

namespace DocStore.Bson.Tests.Keys;

public class MalformedKeyTests
{
    [Theory]
    [InlineData("", "Int32", "ends where component 0")]
    [InlineData("00", "Int32", "unknown tag 0x00")]
    [InlineData("FF", "Int32", "unknown tag 0xFF")]
    [InlineData("02", "Null", "unknown tag 0x02")]
    [InlineData("20", "String", "ends inside a String")]
    [InlineData("206162", "String", "ends inside a String")]
    [InlineData("20616200", "String", "ends inside a String")]
    [InlineData("2061000162", "String", "0x00 followed by 0x01")]
    [InlineData("DF9EFFFD", "StringDescending", "0x00 followed by 0x02")]
    [InlineData("20C0800000", "String", "invalid UTF-8")]
    [InlineData("20800000", "String", "invalid UTF-8")]
    [InlineData("20EDA0BDEDB8800000", "String", "surrogate pair written as two 3-byte sequences")]
    [InlineData("30610001", "Binary", "0x00 followed by 0x01")]
    [InlineData("1089", "Int64", "length header 0x89")]
    [InlineData("1077", "Int64", "length header 0x77")]
    [InlineData("1082", "Int64", "ends inside a Integer")]
    [InlineData("10820001", "Int64", "leading zero byte")]
    [InlineData("107EFFFE", "Int64", "not in its minimal length")]
    [InlineData("10777FFFFFFFFFFFFFFFFF", "Int64", "length header 0x77")]
    [InlineData("10787FFFFFFFFFFFFFFE", "Int64", "below Int64.MinValue")]
    [InlineData("108480000000", "Int32", "outside the range")]
    [InlineData("11800000000000", "Double", "ends inside a Double")]
    [InlineData("117FFFFFFFFFFFFFFF", "Double", "-0.0")]
    [InlineData("110007FFFFFFFFFFFF", "Double", "NaN other than")]
    [InlineData("1204", "Decimal", "sign class 0x04")]
    [InlineData("1203800B", "Decimal", "ends inside a Decimal")]
    [InlineData("1203800100", "Decimal", "leading zero digit")]
    [InlineData("1203800C0100", "Decimal", "trailing zero digits")]
    [InlineData("1203806500", "Decimal", "digit byte 0x65")]
    [InlineData("1203FF0B00", "Decimal", "exponent 127")]
    [InlineData("12039C6400", "Decimal", "beyond the decimal range")]
    [InlineData("1203640B0B00", "Decimal", "more significant digits")]
    [InlineData("1203800B0B0B0B0B0B0B0B0B0B0B0B0B0B0B0B00", "Decimal", "more than 29 digits")]
    [InlineData("4802", "Boolean", "neither 0x00 nor 0x01")]
    [InlineData("50FFFFFFFFFFFFFFFF", "DateTime", "out of range")]
    [InlineData("500000000000000003", "DateTime", "kind 3")]
    [InlineData("510000000000000000FFFF", "DateTimeOffset", "outside ±14 hours")]
    [InlineData("5100000000000000000000", "DateTimeOffset", "outside the DateTime range")]
    [InlineData("52FFFFFF", "DateOnly", "after DateOnly.MaxValue")]
    [InlineData("53FFFFFFFFFF", "TimeOnly", "a day or more")]
    [InlineData("3800112233", "Guid", "ends inside a Guid")]
    [InlineData("40001122", "ObjectId", "ends inside a ObjectId")]
    [InlineData("1081", "String", "is an ascending Integer where an ascending String was expected")]
    [InlineData("EF7EFE", "Int32", "is a descending Integer where an ascending Integer was expected")]
    [InlineData("10810108", "Int32", "1 bytes after its 1 expected components")]
    public void Malformed_keys_throw_BsonFormatException_naming_the_fault(string hex, string read, string message)
    {
        var key = Convert.FromHexString(hex);
        var exception = Assert.Throws<BsonFormatException>(() => Read(key, read));
        Assert.Contains(message, exception.Message, StringComparison.Ordinal);
        Assert.InRange(exception.Offset, 0, Math.Max(0, key.Length));
    }

    [Fact]
    public void Every_truncation_of_a_valid_key_throws_BsonFormatException()
    {
        var random = new Random(1201);
        for (var i = 0; i < 3_000; i++)
        {
            var schema = CompositeKeyTests.RandomSchema(random);
            var values = schema.Select(c => c.Case.Generate(random)).ToArray();
            var key = CompositeKeyTests.Encode(schema, values);
            var length = random.Next(key.Length);
            Assert.Throws<BsonFormatException>(() => ReadAll(schema, key[..length], values));
        }
    }

    [Fact]
    public void Mutated_and_random_bytes_either_decode_or_throw_BsonFormatException_and_nothing_else()
    {
        var random = new Random(1202);
        for (var i = 0; i < 10_000; i++)
        {
            var schema = CompositeKeyTests.RandomSchema(random);
            var values = schema.Select(c => c.Case.Generate(random)).ToArray();
            var key = Mutate(random, CompositeKeyTests.Encode(schema, values));
            try
            {
                ReadAll(schema, key, values);
            }
            catch (BsonFormatException)
            {
                // The documented outcome for malformed bytes.
            }

            try
            {
                var reader = new KeyReader(key);
                while (!reader.IsEnd)
                {
                    reader.Skip();
                }
            }
            catch (BsonFormatException)
            {
                // The documented outcome for malformed bytes.
            }
        }
    }

    private static byte[] Mutate(Random random, byte[] key)
    {
        var bytes = key.ToList();
        for (var n = random.Next(1, 4); n > 0; n--)
        {
            switch (random.Next(5))
            {
                case 0 when bytes.Count > 0:
                    bytes[random.Next(bytes.Count)] = (byte)random.Next(256);
                    break;
                case 1 when bytes.Count > 0:
                    bytes.RemoveAt(random.Next(bytes.Count));
                    break;
                case 2:
                    bytes.Insert(random.Next(bytes.Count + 1), random.Next(2) == 0 ? (byte)0 : (byte)random.Next(256));
                    break;
                case 3 when bytes.Count > 0:
                    bytes[random.Next(bytes.Count)] ^= 0xFF;
                    break;
                default:
                    var garbage = new byte[random.Next(0, 24)];
                    random.NextBytes(garbage);
                    return garbage;
            }
        }

        return [.. bytes];
    }

    private static void ReadAll((IKeyCase Case, bool Descending)[] schema, byte[] key, object[] originals)
    {
        var reader = new KeyReader(key);
        for (var c = 0; c < schema.Length; c++)
        {
            schema[c].Case.Read(ref reader, schema[c].Descending, originals[c]);
        }

        reader.ExpectEnd();
    }

    private static void Read(byte[] key, string what)
    {
        var reader = new KeyReader(key);
        switch (what)
        {
            case "Int32": reader.ReadInt32(); break;
            case "Int64": reader.ReadInt64(); break;
            case "Null": reader.ReadNull(); break;
            case "String": reader.ReadString(); break;
            case "StringDescending": reader.ReadString(descending: true); break;
            case "Binary": reader.ReadBinary(); break;
            case "Double": reader.ReadDouble(); break;
            case "Decimal": reader.ReadDecimal(); break;
            case "Boolean": reader.ReadBoolean(); break;
            case "DateTime": reader.ReadDateTime(); break;
            case "DateTimeOffset": reader.ReadDateTimeOffset(); break;
            case "DateOnly": reader.ReadDateOnly(); break;
            case "TimeOnly": reader.ReadTimeOnly(); break;
            case "Guid": reader.ReadGuid(); break;
            case "ObjectId": reader.ReadObjectId(); break;
            default: throw new ArgumentOutOfRangeException(nameof(what), what, "No such reader in this test.");
        }

        reader.ExpectEnd();
    }
}
