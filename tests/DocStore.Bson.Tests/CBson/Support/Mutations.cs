using System.Buffers.Binary;

namespace DocStore.Bson.Tests.CBson.Support;

/// <summary>Seeded corruptions of valid documents: byte flips, truncations and int32 length fields that lie.</summary>
internal static class Mutations
{
    private static readonly int[] EdgeLengths = [-1, 0, 1, 2, 3, 4, 5, 13, 14, int.MaxValue, int.MinValue, int.MaxValue - 3, CBsonLimits.MaxDocumentSize + 1];

    public static byte[] FlipBytes(byte[] valid, Random random)
    {
        var bytes = (byte[])valid.Clone();
        var flips = random.Next(1, 5);
        for (var i = 0; i < flips; i++)
        {
            var position = random.Next(bytes.Length);
            bytes[position] = random.Next(3) switch
            {
                0 => (byte)random.Next(256),
                1 => (byte)(bytes[position] ^ (1 << random.Next(8))),
                _ => 0,
            };
        }

        return bytes;
    }

    /// <summary>Cuts the document short; half the time the top-level length is patched to match so the damage is inside.</summary>
    public static byte[] Truncate(byte[] valid, Random random)
    {
        var bytes = valid.AsSpan(0, random.Next(valid.Length)).ToArray();
        if (bytes.Length >= 4 && random.Next(2) == 0)
        {
            BinaryPrimitives.WriteInt32LittleEndian(bytes, bytes.Length);
        }

        return bytes;
    }

    /// <summary>Rewrites one int32 length field (found by walking the valid document) to an edge or random value.</summary>
    public static byte[] LieAboutALength(byte[] valid, List<int> lengthFields, Random random)
    {
        var bytes = (byte[])valid.Clone();
        var position = lengthFields[random.Next(lengthFields.Count)];
        var original = BinaryPrimitives.ReadInt32LittleEndian(bytes.AsSpan(position));
        var lie = random.Next(4) switch
        {
            0 => EdgeLengths[random.Next(EdgeLengths.Length)],
            1 => original + 1,
            2 => original - 1,
            _ => random.Next(int.MinValue, int.MaxValue),
        };
        BinaryPrimitives.WriteInt32LittleEndian(bytes.AsSpan(position), lie);
        return bytes;
    }

    /// <summary>The offsets of every int32 length field in a valid C-BSON document.</summary>
    public static List<int> LengthFields(byte[] valid)
    {
        var fields = new List<int> { 0 };
        var reader = new CBsonReader(valid);
        Collect(ref reader, valid, fields);
        return fields;
    }

    private static void Collect(ref CBsonReader reader, byte[] bytes, List<int> fields)
    {
        while (reader.Read())
        {
            switch (reader.Type)
            {
                case BsonType.Document:
                    fields.Add(reader.ValueOffset);
                    var document = reader.GetDocumentReader();
                    Collect(ref document, bytes, fields);
                    break;
                case BsonType.Array:
                    fields.Add(reader.ValueOffset);
                    var array = reader.GetArrayReader();
                    Collect(ref array, bytes, fields);
                    break;
                case BsonType.String:
                case BsonType.JavaScript:
                case BsonType.Symbol:
                case BsonType.DBPointer:
                case BsonType.Binary:
                    fields.Add(reader.ValueOffset);
                    break;
                case BsonType.JavaScriptWithScope:
                    fields.Add(reader.ValueOffset);
                    fields.Add(reader.ValueOffset + 4);
                    fields.Add(reader.ValueOffset + 8 + BinaryPrimitives.ReadInt32LittleEndian(bytes.AsSpan(reader.ValueOffset + 4)));
                    reader.GetJavaScriptWithScope(out var scope);
                    Collect(ref scope, bytes, fields);
                    break;
            }
        }
    }
}
