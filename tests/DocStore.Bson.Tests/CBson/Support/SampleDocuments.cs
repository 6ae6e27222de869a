namespace DocStore.Bson.Tests.CBson.Support;

/// <summary>Documents used across tests, written through a writer passed by reference so that the Span and IBufferWriter paths run the same code.</summary>
internal static class SampleDocuments
{
    public static readonly ObjectId Id = ObjectId.Parse("56e1fc72e0c917e9c4714161");
    public static readonly Guid Guid = new("00112233-4455-6677-8899-aabbccddeeff");

    /// <summary>A realistic order document: strings, nested document, array of documents, ObjectId, decimal, DateTime, Guid.</summary>
    public static void WriteOrder(ref CBsonWriter writer)
    {
        writer.WriteStartDocument();
        writer.WriteObjectId(1, Id);
        writer.WriteString(2, "Ada Lovelace");
        writer.WriteString(3, "ada@example.org");
        writer.WriteInt32(4, 36);
        writer.WriteDecimal(5, 1234.50m);
        writer.WriteDateTime(6, new DateTime(2024, 5, 6, 7, 8, 9, DateTimeKind.Utc).AddTicks(1234567));
        writer.WriteGuid(7, Guid);
        writer.WriteBoolean(8, true);
        writer.WriteStartDocument(9);
        writer.WriteString(10, "12 Analytical Row");
        writer.WriteString(11, "London");
        writer.WriteDouble(12, 51.5072);
        writer.WriteEndDocument();
        writer.WriteStartArray(13);
        for (var i = 0; i < 3; i++)
        {
            writer.WriteStartDocument();
            writer.WriteString(14, "widget");
            writer.WriteInt64(15, 10_000_000_000L + i);
            writer.WriteDecimal(16, 9.99m);
            writer.WriteEndDocument();
        }

        writer.WriteEndArray();
        writer.WriteStartArray(17);
        writer.WriteString("red");
        writer.WriteString("green");
        writer.WriteEndArray();
        writer.WriteNull(18);
        writer.WriteEndDocument();
    }

    public static byte[] Order()
    {
        var buffer = new byte[1024];
        var writer = new CBsonWriter(buffer);
        WriteOrder(ref writer);
        return buffer[..writer.BytesWritten];
    }

    /// <summary>The names of the ids used by <see cref="WriteOrder"/> and <see cref="RandomDocuments"/>.</summary>
    public static FieldDictionary Names(int count = 64)
    {
        var names = new FieldDictionary();
        for (var i = 1; i <= count; i++)
        {
            names.GetOrAdd($"f{i}");
        }

        return names;
    }

    /// <summary>
    /// A C-BSON document nested <paramref name="levels"/> deep (1 = just the top level), each level holding
    /// one element: the next level, a document (field id 1) or, with <paramref name="arrays"/>, an array.
    /// Built as raw bytes so that it can be deeper than any writer allows.
    /// </summary>
    public static byte[] Nested(int levels, bool arrays)
    {
        var sizes = new int[levels];
        sizes[levels - 1] = 5;
        for (var level = levels - 2; level >= 0; level--)
        {
            sizes[level] = 4 + HeaderSize(level, arrays) + sizes[level + 1] + 1;
        }

        var bytes = new byte[sizes[0]];
        var start = 0;
        for (var level = 0; level < levels; level++)
        {
            var span = bytes.AsSpan(start, sizes[level]);
            System.Buffers.Binary.BinaryPrimitives.WriteInt32LittleEndian(span, sizes[level]);
            span[^1] = 0;
            if (level == levels - 1)
            {
                break;
            }

            span[4] = (byte)(arrays ? BsonType.Array : BsonType.Document);
            if (HeaderSize(level, arrays) == 3)
            {
                span[5] = 1;
                span[6] = 0;
            }

            start += 4 + HeaderSize(level, arrays);
        }

        return bytes;
    }

    // The top level is always a document (elements carry ids); deeper levels are arrays when asked.
    private static int HeaderSize(int level, bool arrays) => level == 0 || !arrays ? 3 : 1;
}
