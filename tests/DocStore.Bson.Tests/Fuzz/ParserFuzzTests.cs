using System.Globalization;
using System.Text;
using DocStore.Bson.Interop;
using DocStore.Bson.Keys;
using DocStore.Bson.Model;
using DocStore.Bson.Tests.Keys;
using DocStore.Bson.Tests.Model;
using DocStore.Tests.Fuzzing;
using Xunit.Abstractions;

namespace DocStore.Bson.Tests.Fuzzing;

/// <summary>
/// Seeded fuzzing of every public entry point that parses bytes or text, besides the C-BSON reader and
/// validator (<see cref="CBson.MalformedInputFuzzTests"/>): standard BSON into the document model, Extended
/// JSON, index keys, decimal128 text and conversions, and ObjectId text. Malformed input may only raise the
/// entry point's documented exception (<see cref="BsonFormatException"/>, exactly; <see cref="FormatException"/>
/// for <see cref="ObjectId.Parse(string)"/>, <see cref="OverflowException"/> for
/// <see cref="Decimal128.ToDecimal"/>), valid input must round-trip, and no input may hang.
/// docs/format.md, "Fuzzing", says how to run longer.
/// </summary>
public class ParserFuzzTests(ITestOutputHelper output)
{
    private void Report(string target, (int Cases, int Rejected) result) =>
        output.WriteLine($"{target}: {result.Cases} cases, {result.Rejected} rejected");

    [Fact]
    public void Standard_bson_read_into_the_model_throws_only_BsonFormatException_and_round_trips()
    {
        var seeds = new RandomDocuments(0xB50, RandomDocumentTarget.Bson);
        var valid = Enumerable.Range(0, 60).Select(_ => BsonBinary.Write(seeds.Document(maxDepth: 4))).ToList();
        var result = Fuzz.Run("BSON to model", 0xB51, 20_000, r => MutateBytes(r, valid[r.Next(valid.Count)]), input =>
        {
            BsonDocument document;
            try
            {
                document = BsonBinary.Read(input);
            }
            catch (Exception e) when (Fuzz.Is<BsonFormatException>(e))
            {
                return true;
            }

            // What reads must write back to bytes that read as the same document.
            Assert.Equal(document, BsonBinary.Read(BsonBinary.Write(document)));
            return false;
        }, Fuzz.Hex);
        Assert.True(result.Rejected > result.Cases / 10, $"only {result.Rejected} of {result.Cases} were rejected");
        Report("BSON to model", result);
    }

    [Fact]
    public void Extended_json_parsing_throws_only_BsonFormatException()
    {
        var canonical = new RandomDocuments(0xE10, RandomDocumentTarget.CanonicalJson);
        var relaxed = new RandomDocuments(0xE11, RandomDocumentTarget.RelaxedJson);
        var valid = Enumerable.Range(0, 30).Select(_ => ExtendedJson.ToJson(canonical.Document(maxDepth: 3), ExtendedJsonMode.Canonical))
            .Concat(Enumerable.Range(0, 30).Select(_ => ExtendedJson.ToJson(relaxed.Document(maxDepth: 3), ExtendedJsonMode.Relaxed)))
            .Append("""{"a": {"$oid": "56e1fc72e0c917e9c4714161"}, "b": {"$numberDecimal": "1.5E+3"}, "c": {"$date": "2020-01-01T00:00:00Z"}, "d": {"$binary": {"base64": "AQI=", "subType": "04"}}, "e": {"$regularExpression": {"pattern": "x", "options": "i"}}, "f": {"$timestamp": {"t": 1, "i": 2}}, "g": {"$numberLong": "-5"}, "h": {"$numberDouble": "-Infinity"}, "i": {"$code": "x", "$scope": {}}, "j": {"$dbPointer": {"$ref": "c", "$id": {"$oid": "56e1fc72e0c917e9c4714161"}}}, "k": {"$minKey": 1}, "l": {"$undefined": true}, "m": {"$date": {"$numberLong": "12"}}, "n": {"$binary": "AQI=", "$type": "00"}}""")
            .ToList();
        var result = Fuzz.Run("Extended JSON", 0xE12, 6_000, r => MutateText(r, valid[r.Next(valid.Count)]), json =>
        {
            var rejected = Fuzz.Rejects(() => ExtendedJson.Parse(json), Fuzz.Is<BsonFormatException>);
            var legacyRejected = Fuzz.Rejects(() => ExtendedJson.Parse(json, allowLegacyForms: true), Fuzz.Is<BsonFormatException>);
            Fuzz.Rejects(() => ExtendedJson.Parse(Encoding.UTF8.GetBytes(json)), Fuzz.Is<BsonFormatException>);
            Fuzz.Rejects(() => CBsonDocumentConverter.FromExtendedJson(json, new FieldDictionary()), Fuzz.Is<BsonFormatException>);
            Assert.True(legacyRejected ? rejected : true, "Legacy forms rejected input the strict parser accepted.");
            return rejected;
        }, Fuzz.Escape);
        Assert.True(result.Rejected > result.Cases / 10, $"only {result.Rejected} of {result.Cases} were rejected");
        Report("Extended JSON", result);
    }

    [Fact]
    public void Extended_json_of_random_utf8_bytes_throws_only_BsonFormatException()
    {
        var result = Fuzz.Run("Extended JSON bytes", 0xE13, 10_000, r =>
        {
            var bytes = new byte[r.Next(0, 64)];
            r.NextBytes(bytes);
            if (bytes.Length > 0 && r.Next(2) == 0)
            {
                bytes[0] = (byte)'{';
            }

            return bytes;
        }, bytes => Fuzz.Rejects(() => ExtendedJson.Parse(bytes), Fuzz.Is<BsonFormatException>), Fuzz.Hex);
        Report("Extended JSON bytes", result);
    }

    [Fact]
    public void Index_key_decoding_throws_only_BsonFormatException()
    {
        var result = Fuzz.Run("index keys", 0x4E1, 20_000, r =>
        {
            var schema = CompositeKeyTests.RandomSchema(r);
            var values = schema.Select(c => c.Case.Generate(r)).ToArray();
            var key = CompositeKeyTests.Encode(schema, values);
            return r.Next(10) == 0 ? key : MutateBytes(r, key);
        }, key =>
        {
            var walked = Fuzz.Rejects(() => ReadEveryComponent(key), Fuzz.Is<BsonFormatException>);
            var skipped = Fuzz.Rejects(
                () =>
                {
                    var reader = new KeyReader(key);
                    while (!reader.IsEnd)
                    {
                        reader.Skip();
                    }
                },
                Fuzz.Is<BsonFormatException>);
            Assert.True(!skipped || walked, "Skip rejected a key that every typed read accepted.");
            return walked;
        }, Fuzz.Hex);
        Assert.True(result.Rejected > result.Cases / 10, $"only {result.Rejected} of {result.Cases} were rejected");
        Report("index keys", result);
    }

    [Fact]
    public void Decimal128_text_parses_or_throws_only_BsonFormatException_and_TryParse_agrees()
    {
        var valid = new[] { "0", "-0", "1.5", "-1.5E+3", "1E-6176", "9999999999999999999999999999999999E+6111", "0.000001", "123456789012345678901234567890123.4", "NaN", "-Infinity", "+Inf", "1e10", "7.E-2", "100000000000000000000000000000" };
        var result = Fuzz.Run("decimal128 text", 0xDEC, 20_000, r => MutateDecimalText(r, valid[r.Next(valid.Length)]), text =>
        {
            Decimal128 parsed = default;
            var rejected = Fuzz.Rejects(() => parsed = Decimal128.Parse(text), Fuzz.Is<BsonFormatException>);
            var accepted = Decimal128.TryParse(text, CultureInfo.InvariantCulture, out var tried);
            Assert.Equal(!rejected, accepted);
            if (accepted)
            {
                Assert.Equal(parsed, tried);
                AssertConversions(parsed);
            }

            return rejected;
        }, Fuzz.Escape);
        Report("decimal128 text", result);
    }

    [Fact]
    public void Decimal128_bit_patterns_convert_format_and_parse_back_without_unexpected_exceptions()
    {
        var result = Fuzz.Run("decimal128 bits", 0xDED, 25_000, RandomDecimal128, value =>
        {
            AssertConversions(value);
            return false;
        }, v => $"{v.HighBits:X16}{v.LowBits:X16}");
        Report("decimal128 bits", result);
    }

    [Fact]
    public void Decimal_values_round_trip_through_decimal128_bit_for_bit()
    {
        var result = Fuzz.Run("decimal round trip", 0xDEE, 50_000, r =>
            new decimal(r.Next(), r.Next(), r.Next(), r.Next(2) == 0, (byte)r.Next(29)), value =>
            {
                var back = Decimal128.FromDecimal(value).ToDecimal();
                Assert.Equal(decimal.GetBits(value), decimal.GetBits(back));
                Assert.Equal(value, Decimal128.Parse(Decimal128.FromDecimal(value).ToString()).ToDecimal());
                return false;
            }, v => v.ToString(CultureInfo.InvariantCulture));
        Report("decimal round trip", result);
    }

    [Fact]
    public void ObjectId_text_parses_or_throws_only_FormatException_and_round_trips()
    {
        const string hex = "0123456789abcdefABCDEF";
        var result = Fuzz.Run("ObjectId text", 0x0B1, 20_000, r =>
        {
            var id = new ObjectId((uint)r.Next(), r.NextInt64(), r.Next()).ToString().ToCharArray().ToList();
            for (var n = r.Next(0, 3); n > 0; n--)
            {
                switch (r.Next(4))
                {
                    case 0 when id.Count > 0: id.RemoveAt(r.Next(id.Count)); break;
                    case 1: id.Insert(r.Next(id.Count + 1), hex[r.Next(hex.Length)]); break;
                    case 2 when id.Count > 0: id[r.Next(id.Count)] = (char)r.Next(0, 0x3000); break;
                    default: id.Insert(r.Next(id.Count + 1), " -xg\u0660\uFF10"[r.Next(6)]); break;
                }
            }

            return new string([.. id]);
        }, text =>
        {
            ObjectId parsed = default;
            var rejected = Fuzz.Rejects(() => parsed = ObjectId.Parse(text), Fuzz.Is<FormatException>);
            Assert.Equal(!rejected, ObjectId.TryParse(text, CultureInfo.InvariantCulture, out var tried));
            if (!rejected)
            {
                Assert.Equal(parsed, tried);
                Assert.Equal(parsed, ObjectId.Parse(parsed.ToString()));
                Assert.Equal(text.ToLowerInvariant(), parsed.ToString());
            }

            return rejected;
        }, Fuzz.Escape);
        Report("ObjectId text", result);
    }

    // Formats, parses back and converts: only documented outcomes, and canonical values come back bit for bit.
    private static void AssertConversions(Decimal128 value)
    {
        var text = value.ToString();
        var reparsed = Decimal128.Parse(text);
        Assert.Equal(text, reparsed.ToString());
        if (value.IsNaN)
        {
            Assert.True(reparsed.IsNaN);
        }
        else if (value.IsInfinity)
        {
            // Bits below the combination field are ignored in an infinity; only its sign survives the text.
            Assert.True(reparsed.IsInfinity && reparsed.IsNegative == value.IsNegative);
        }
        else if (IsCanonical(value))
        {
            Assert.Equal(value, reparsed);
        }

        if (value.TryToDecimal(out var converted))
        {
            Assert.Equal(converted, value.ToDecimal());
            Assert.True(SameNumber(value, Decimal128.FromDecimal(converted)), $"{value} converted to {converted}");
        }
        else
        {
            Assert.Equal(0m, converted);
            Assert.Throws<OverflowException>(() => value.ToDecimal());
        }
    }

    private static bool IsCanonical(Decimal128 value)
    {
        if ((value.HighBits & 0x6000_0000_0000_0000UL) == 0x6000_0000_0000_0000UL)
        {
            return false;
        }

        var (coefficient, _) = value;
        return coefficient != UInt128.Zero || (value.HighBits & 0x0001_FFFF_FFFF_FFFFUL) == 0 && value.LowBits == 0;
    }

    private static bool SameNumber(Decimal128 a, Decimal128 b)
    {
        var (ca, ea) = a;
        var (cb, eb) = b;
        if (ca == UInt128.Zero || cb == UInt128.Zero)
        {
            return ca == cb;
        }

        (ca, ea) = Strip(ca, ea);
        (cb, eb) = Strip(cb, eb);
        return ca == cb && ea == eb && a.IsNegative == b.IsNegative;
    }

    private static (UInt128, int) Strip(UInt128 coefficient, int exponent)
    {
        while (coefficient % 10 == UInt128.Zero)
        {
            coefficient /= 10;
            exponent++;
        }

        return (coefficient, exponent);
    }

    private static Decimal128 RandomDecimal128(Random random)
    {
        switch (random.Next(4))
        {
            case 0:
                return new Decimal128((ulong)random.NextInt64() ^ ((ulong)random.Next(2) << 63), (ulong)random.NextInt64() ^ ((ulong)random.Next(2) << 63));
            case 1:
                // Integers and fractions around decimal's range, where trimming and scaling decide.
                var digits = random.Next(1, 35);
                var coefficient = UInt128.Parse(string.Concat(Enumerable.Range(0, digits).Select(i => i == 0 ? (char)('1' + random.Next(9)) : random.Next(3) == 0 ? '0' : (char)('0' + random.Next(10)))), CultureInfo.InvariantCulture);
                return Decimal128.FromParts(random.Next(2) == 0, coefficient, random.Next(-40, 12));
            case 2:
                return Decimal128.FromParts(random.Next(2) == 0, UInt128.Parse("1" + new string('0', random.Next(0, 34)), CultureInfo.InvariantCulture), random.Next(Decimal128.MinExponent, Decimal128.MaxExponent + 1));
            default:
                var high = ((ulong)random.Next(2) << 63) | ((ulong)random.Next(0, 4) << 61) | ((ulong)random.NextInt64() & 0x1FFF_FFFF_FFFF_FFFFUL);
                return new Decimal128(high, (ulong)random.NextInt64());
        }
    }

    /// <summary>Reads each component with the typed reads its type allows (several widths on copies of the reader), then skips it.</summary>
    private static void ReadEveryComponent(byte[] key)
    {
        var reader = new KeyReader(key);
        while (!reader.IsEnd)
        {
            var type = reader.PeekType();
            var descending = reader.PeekIsDescending();
            var copy = reader;
            switch (type)
            {
                case KeyType.MinKey: copy.ReadMinKey(descending); break;
                case KeyType.MaxKey: copy.ReadMaxKey(descending); break;
                case KeyType.Null: copy.ReadNull(descending); break;
                case KeyType.Integer:
                    Widths(reader, descending);
                    copy.ReadInt64(descending);
                    break;
                case KeyType.Double:
                    TryRead(reader, (ref KeyReader r) => r.ReadSingle(descending));
                    copy.ReadDouble(descending);
                    break;
                case KeyType.Decimal: copy.ReadDecimal(descending); break;
                case KeyType.String: copy.ReadString(descending); break;
                case KeyType.Binary: copy.ReadBinary(descending); break;
                case KeyType.Guid: copy.ReadGuid(descending); break;
                case KeyType.ObjectId: copy.ReadObjectId(descending); break;
                case KeyType.Boolean: copy.ReadBoolean(descending); break;
                case KeyType.DateTime: copy.ReadDateTime(descending); break;
                case KeyType.DateTimeOffset: copy.ReadDateTimeOffset(descending); break;
                case KeyType.DateOnly: copy.ReadDateOnly(descending); break;
                case KeyType.TimeOnly: copy.ReadTimeOnly(descending); break;
                case KeyType.TimeSpan: copy.ReadTimeSpan(descending); break;
            }

            Assert.Equal(copy.Position, Skipped(reader));
            reader.Skip();
        }

        reader.ExpectEnd();
    }

    private static int Skipped(KeyReader reader)
    {
        reader.Skip();
        return reader.Position;
    }

    // An integer may be out of a narrower type's range, a double out of float's: a BsonFormatException
    // like any other fault (the read of the widest type then decides whether the key is malformed).
    private static void Widths(KeyReader reader, bool descending)
    {
        TryRead(reader, (ref KeyReader r) => r.ReadSByte(descending));
        TryRead(reader, (ref KeyReader r) => r.ReadByte(descending));
        TryRead(reader, (ref KeyReader r) => r.ReadInt16(descending));
        TryRead(reader, (ref KeyReader r) => r.ReadUInt16(descending));
        TryRead(reader, (ref KeyReader r) => r.ReadInt32(descending));
        TryRead(reader, (ref KeyReader r) => r.ReadUInt32(descending));
        TryRead(reader, (ref KeyReader r) => r.ReadUInt64(descending));
    }

    private static void TryRead<T>(KeyReader reader, ReadOne<T> read)
    {
        try
        {
            read(ref reader);
        }
        catch (Exception e) when (Fuzz.Is<BsonFormatException>(e))
        {
            // Refused by this width; any other exception escapes.
        }
    }

    private delegate T ReadOne<T>(ref KeyReader reader);

    private static byte[] MutateBytes(Random random, byte[] valid)
    {
        var bytes = valid.ToList();
        for (var n = random.Next(1, 4); n > 0; n--)
        {
            switch (random.Next(6))
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
                    bytes[random.Next(bytes.Count)] ^= (byte)(1 << random.Next(8));
                    break;
                case 4 when bytes.Count > 4:
                    bytes.RemoveRange(random.Next(bytes.Count / 2, bytes.Count), 1);
                    break;
                default:
                    if (bytes.Count >= 4)
                    {
                        // A lying length field wherever an int32 might be.
                        var at = random.Next(bytes.Count - 3);
                        var lie = BitConverter.GetBytes(random.Next(3) switch { 0 => -1, 1 => random.Next(0, 64), _ => random.Next() });
                        for (var i = 0; i < 4; i++)
                        {
                            bytes[at + i] = lie[i];
                        }
                    }

                    break;
            }
        }

        return [.. bytes];
    }

    private static string MutateText(Random random, string valid)
    {
        const string significant = "{}[]\":,$\\u0123456789.eE+-tfn \t\n";
        var text = new StringBuilder(valid);
        for (var n = random.Next(1, 4); n > 0; n--)
        {
            var at = random.Next(text.Length + 1);
            switch (random.Next(5))
            {
                case 0 when at < text.Length:
                    text.Remove(at, Math.Min(random.Next(1, 6), text.Length - at));
                    break;
                case 1:
                    text.Insert(at, significant[random.Next(significant.Length)]);
                    break;
                case 2 when at < text.Length:
                    text[at] = significant[random.Next(significant.Length)];
                    break;
                case 3:
                    text.Insert(at, random.Next(4) switch { 0 => "\"$numberInt\"", 1 => "\\ud800", 2 => "1e999999", _ => new string('[', random.Next(1, 300)) });
                    break;
                default:
                    text.Length = Math.Min(text.Length, at);
                    break;
            }
        }

        return text.ToString();
    }

    private static string MutateDecimalText(Random random, string valid)
    {
        const string alphabet = "0123456789.eE+-NaInfity \u0660";
        var text = new StringBuilder(valid);
        for (var n = random.Next(0, 4); n > 0; n--)
        {
            var at = random.Next(text.Length + 1);
            switch (random.Next(4))
            {
                case 0 when at < text.Length: text.Remove(at, 1); break;
                case 1: text.Insert(at, alphabet[random.Next(alphabet.Length)]); break;
                case 2: text.Insert(at, new string('0', random.Next(1, 40))); break;
                default: text.Insert(at, "E" + random.Next(-7000, 7000).ToString(CultureInfo.InvariantCulture)); break;
            }
        }

        return text.ToString();
    }
}
