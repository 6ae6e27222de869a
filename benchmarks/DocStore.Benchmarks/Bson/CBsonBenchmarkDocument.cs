using DocStore.Bson;

namespace DocStore.Benchmarks.Bson;

/// <summary>A ~20-field customer document shared by the C-BSON writer and reader benchmarks.</summary>
internal static class CBsonBenchmarkDocument
{
    public const ushort LastFieldId = 20;

    private static readonly ObjectId Id = ObjectId.Parse("56e1fc72e0c917e9c4714161");
    private static readonly Guid Tenant = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff");
    private static readonly DateTime Created = new(2024, 5, 6, 7, 8, 9, DateTimeKind.Utc);

    public static void Write(ref CBsonWriter writer)
    {
        writer.WriteStartDocument();
        writer.WriteObjectId(1, Id);
        writer.WriteString(2, "Ada Lovelace");
        writer.WriteString(3, "ada@example.org");
        writer.WriteInt32(4, 36);
        writer.WriteDecimal(5, 1234.50m);
        writer.WriteDateTime(6, Created);
        writer.WriteGuid(7, Tenant);
        writer.WriteBoolean(8, true);
        writer.WriteStartDocument(9);
        writer.WriteString(10, "12 Analytical Row");
        writer.WriteString(11, "London");
        writer.WriteString(12, "EC1A 1BB");
        writer.WriteEndDocument();
        writer.WriteStartArray(13);
        writer.WriteString("vip");
        writer.WriteString("early-adopter");
        writer.WriteString("newsletter");
        writer.WriteEndArray();
        writer.WriteDouble(14, 51.5072);
        writer.WriteDouble(15, -0.1276);
        writer.WriteInt64(16, 10_000_000_000L);
        writer.WriteTimeSpan(17, TimeSpan.FromMinutes(90));
        writer.WriteDateOnly(18, new DateOnly(1815, 12, 10));
        writer.WriteNull(19);
        writer.WriteInt32(LastFieldId, 42);
        writer.WriteEndDocument();
    }

    public static byte[] Create()
    {
        var buffer = new byte[1024];
        var writer = new CBsonWriter(buffer);
        Write(ref writer);
        return buffer[..writer.BytesWritten];
    }
}
