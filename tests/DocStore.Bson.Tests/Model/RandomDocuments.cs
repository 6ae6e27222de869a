using System.Text;
using DocStore.Bson.Model;

namespace DocStore.Bson.Tests.Model;

/// <summary>What a generated document must be able to survive.</summary>
internal enum RandomDocumentTarget
{
    /// <summary>Standard BSON: any name, any value, any NaN payload.</summary>
    Bson,

    /// <summary>Canonical Extended JSON: no $-prefixed names (they would read as type wrappers), canonical NaNs only.</summary>
    CanonicalJson,

    /// <summary>Relaxed Extended JSON, lossless subset: additionally no int64 that fits in int32.</summary>
    RelaxedJson,
}

/// <summary>Seeded generator of nested documents holding every BSON type.</summary>
internal sealed class RandomDocuments(int seed, RandomDocumentTarget target)
{
    private readonly Random _random = new(seed);

    public BsonDocument Document(int maxDepth) => Document(1, maxDepth);

    private BsonDocument Document(int depth, int maxDepth)
    {
        var document = new BsonDocument();
        var count = _random.Next(0, 8);
        for (var i = 0; i < count; i++)
        {
            // Occasional duplicate names: BSON allows them and the model must keep them.
            var name = i > 0 && _random.Next(10) == 0 ? document[0].Name : Name();
            document.Add(name, Value(depth, maxDepth));
        }

        return document;
    }

    private BsonValue Value(int depth, int maxDepth)
    {
        var kind = _random.Next(depth < maxDepth ? 23 : 20);
        switch (kind)
        {
            case 0: return new BsonDouble(Double());
            case 1: return new BsonString(Text(allowNul: true));
            case 2: return new BsonBinaryData(Bytes(), (BsonBinarySubtype)PickSubtype());
            case 3: return BsonUndefined.Value;
            case 4: return new BsonObjectId(new ObjectId((uint)_random.Next(), _random.NextInt64(), _random.Next()));
            case 5: return BsonBoolean.Create(_random.Next(2) == 0);
            case 6: return new BsonDateTime(DateMilliseconds());
            case 7: return BsonNull.Value;
            case 8: return new BsonRegularExpression(Text(allowNul: false), new string("imsux".Where(_ => _random.Next(2) == 0).ToArray()));
            case 9: return new BsonDBPointer(Text(allowNul: true), new ObjectId((uint)_random.Next(), _random.NextInt64(), _random.Next()));
            case 10: return new BsonJavaScript(Text(allowNul: true));
            case 11: return new BsonSymbol(Text(allowNul: true));
            case 12: return BsonInt32.Create(_random.Next(3) == 0 ? _random.Next(-5, 5) : _random.Next(int.MinValue, int.MaxValue));
            case 13: return new BsonTimestamp((uint)_random.NextInt64(0, 1L << 32), (uint)_random.NextInt64(0, 1L << 32));
            case 14: return new BsonInt64(Int64());
            case 15: return new BsonDecimal128(Decimal());
            case 16: return BsonMinKey.Value;
            case 17: return BsonMaxKey.Value;
            case 18: return new BsonString(string.Empty);
            case 19: return new BsonDouble(_random.Next(3) switch { 0 => 0.0, 1 => -0.0, _ => _random.Next(-1000, 1000) });
            case 20: return Document(depth + 1, maxDepth);
            case 21:
                var array = new BsonArray();
                var count = _random.Next(0, 6);
                for (var i = 0; i < count; i++)
                {
                    array.Add(Value(depth + 1, maxDepth));
                }

                return array;
            default:
                return new BsonJavaScriptWithScope(Text(allowNul: true), Document(depth + 1, maxDepth));
        }
    }

    private string Name()
    {
        var name = Text(allowNul: false);
        if (target != RandomDocumentTarget.Bson && name.StartsWith('$'))
        {
            name = "_" + name;
        }

        return name;
    }

    private string Text(bool allowNul)
    {
        var length = _random.Next(0, 12);
        var builder = new StringBuilder(length);
        for (var i = 0; i < length; i++)
        {
            switch (_random.Next(8))
            {
                case 0:
                    builder.Append(char.ConvertFromUtf32(_random.Next(0x10000, 0x10FFFF)));
                    break;
                case 1:
                    builder.Append((char)_random.Next(0x80, 0xD800));
                    break;
                case 2:
                    builder.Append((char)_random.Next(allowNul ? 0 : 1, 0x20));
                    break;
                case 3:
                    builder.Append("\"\\$./"[_random.Next(5)]);
                    break;
                default:
                    builder.Append((char)_random.Next('a', 'z' + 1));
                    break;
            }
        }

        return builder.ToString();
    }

    private byte[] Bytes()
    {
        var bytes = new byte[_random.Next(0, 40)];
        _random.NextBytes(bytes);
        return bytes;
    }

    private byte PickSubtype() => _random.Next(6) switch
    {
        0 => 2,
        1 => 4,
        2 => 0x80,
        3 => (byte)_random.Next(256),
        _ => 0,
    };

    private double Double()
    {
        var bits = _random.NextInt64();
        var value = BitConverter.Int64BitsToDouble(_random.Next(2) == 0 ? bits : -bits);
        if (double.IsNaN(value) && target != RandomDocumentTarget.Bson)
        {
            // Extended JSON has one NaN; only the canonical quiet NaN survives the trip.
            return BitConverter.Int64BitsToDouble(0x7FF8_0000_0000_0000L);
        }

        return _random.Next(20) switch
        {
            0 => double.PositiveInfinity,
            1 => double.NegativeInfinity,
            2 => _random.NextDouble(),
            _ => value,
        };
    }

    private long Int64()
    {
        var value = _random.Next(3) == 0 ? _random.Next() : _random.NextInt64(long.MinValue, long.MaxValue);
        if (target == RandomDocumentTarget.RelaxedJson && value is >= int.MinValue and <= int.MaxValue)
        {
            value += value < 0 ? int.MinValue : int.MaxValue + 1L;
        }

        return value;
    }

    private long DateMilliseconds() => _random.Next(3) switch
    {
        0 => _random.NextInt64(0, 253402300800000L),
        1 => _random.NextInt64(long.MinValue, long.MaxValue),
        _ => _random.NextInt64(-1000, 1000) * 1000,
    };

    private Decimal128 Decimal()
    {
        switch (_random.Next(12))
        {
            case 0: return Decimal128.NaN;
            case 1: return Decimal128.PositiveInfinity;
            case 2: return Decimal128.NegativeInfinity;
            case 3 when target == RandomDocumentTarget.Bson:
                // Non-canonical encodings (a coefficient above 10^34 - 1) are data too; BSON keeps their bits.
                return new Decimal128((ulong)_random.NextInt64() | 0x6000_0000_0000_0000UL, (ulong)_random.NextInt64());
        }

        var coefficient = new UInt128((ulong)_random.NextInt64(0, 0x1_ED09_BEAD_87C0L), (ulong)_random.NextInt64());
        if (coefficient > Decimal128.MaxCoefficient)
        {
            coefficient = Decimal128.MaxCoefficient;
        }

        return Decimal128.FromParts(_random.Next(2) == 0, coefficient, _random.Next(Decimal128.MinExponent, Decimal128.MaxExponent + 1));
    }
}
