using System.Buffers.Binary;
using System.Text;

namespace DocStore.Bson.Tests.CBson.Support;

/// <summary>
/// An independent, deliberately simple reading of standard BSON framing (written from the BSON spec, not
/// from the converter): checks every container's length and terminator and lists the element names,
/// nested containers indented by their path.
/// </summary>
internal static class BsonFraming
{
    /// <summary>The element names as paths joined by <paramref name="separator"/> (NUL can never be part of a name).</summary>
    public static List<string> Names(byte[] bson, string separator = ".")
    {
        var names = new List<string>();
        Assert.Equal(bson.Length, BinaryPrimitives.ReadInt32LittleEndian(bson));
        Walk(bson, 0, "", separator, names);
        return names;
    }

    private static void Walk(byte[] bson, int start, string path, string separator, List<string> names)
    {
        var length = BinaryPrimitives.ReadInt32LittleEndian(bson.AsSpan(start));
        var end = start + length - 1;
        Assert.Equal(0, bson[end]);
        var position = start + 4;
        while (position < end)
        {
            var type = (BsonType)bson[position++];
            var nul = Array.IndexOf(bson, (byte)0, position);
            var name = Encoding.UTF8.GetString(bson, position, nul - position);
            names.Add(path + name);
            position = nul + 1;
            var size = type switch
            {
                BsonType.Double or BsonType.DateTime or BsonType.Int64 or BsonType.Timestamp => 8,
                BsonType.Int32 => 4,
                BsonType.Decimal128 => 16,
                BsonType.ObjectId => 12,
                BsonType.Boolean => 1,
                BsonType.Null or BsonType.Undefined or BsonType.MinKey or BsonType.MaxKey => 0,
                BsonType.String or BsonType.JavaScript or BsonType.Symbol => 4 + Int(bson, position),
                BsonType.Binary => 5 + Int(bson, position),
                BsonType.DBPointer => 4 + Int(bson, position) + 12,
                BsonType.Document or BsonType.Array or BsonType.JavaScriptWithScope => Int(bson, position),
                BsonType.RegularExpression => CStrings(bson, position),
                _ => throw new InvalidOperationException($"unexpected type {type}"),
            };
            if (type is BsonType.Document or BsonType.Array)
            {
                Walk(bson, position, path + name + separator, separator, names);
            }
            else if (type == BsonType.JavaScriptWithScope)
            {
                var scope = position + 4 + 4 + Int(bson, position + 4);
                Walk(bson, scope, path + name + "$scope" + separator, separator, names);
                Assert.Equal(position + size, scope + Int(bson, scope));
            }

            position += size;
        }

        Assert.Equal(end, position);
    }

    private static int Int(byte[] bytes, int offset) => BinaryPrimitives.ReadInt32LittleEndian(bytes.AsSpan(offset));

    private static int CStrings(byte[] bytes, int offset)
    {
        var first = Array.IndexOf(bytes, (byte)0, offset);
        var second = Array.IndexOf(bytes, (byte)0, first + 1);
        return second + 1 - offset;
    }
}
