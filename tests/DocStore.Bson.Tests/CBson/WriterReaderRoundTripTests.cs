using System.Buffers;
using DocStore.Bson.Tests.CBson.Support;

namespace DocStore.Bson.Tests.CBson;

public class WriterReaderRoundTripTests
{
    private static readonly DateTime LocalTime = new(2001, 2, 3, 4, 5, 6, DateTimeKind.Local);

    [Fact]
    public void Every_value_type_round_trips_through_a_span()
    {
        var buffer = new byte[4096];
        var writer = new CBsonWriter(buffer);
        WriteEveryType(ref writer);
        Assert.True(writer.IsComplete);
        AssertEveryType(buffer.AsSpan(0, writer.BytesWritten));
    }

    [Fact]
    public void Every_value_type_round_trips_through_a_buffer_writer()
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new CBsonWriter(output);
        WriteEveryType(ref writer);
        Assert.Equal(writer.BytesWritten, output.WrittenCount);
        AssertEveryType(output.WrittenSpan);
    }

    [Fact]
    public void Span_and_buffer_writer_paths_produce_identical_bytes()
    {
        var buffer = new byte[4096];
        var spanWriter = new CBsonWriter(buffer);
        WriteEveryType(ref spanWriter);

        var output = new ArrayBufferWriter<byte>(1);
        var bufferWriter = new CBsonWriter(output);
        WriteEveryType(ref bufferWriter);

        Assert.Equal(buffer.AsSpan(0, spanWriter.BytesWritten).ToArray(), output.WrittenSpan.ToArray());
    }

    [Fact]
    public void Output_grows_past_the_initial_span_by_copying_everything_already_written()
    {
        var big = new string('x', 5000) + "é" + new string('y', 70_000);
        var expected = new byte[200_000];
        var spanWriter = new CBsonWriter(expected);
        WriteLargeDocument(ref spanWriter, big);

        var output = new ChunkyBufferWriter();
        var writer = new CBsonWriter(output);
        WriteLargeDocument(ref writer, big);

        Assert.True(output.GetSpanCalls > 2, "the document should not fit the first span");
        Assert.Equal(1, output.AdvanceCalls);
        Assert.Equal(expected.AsSpan(0, spanWriter.BytesWritten).ToArray(), output.Written);

        var reader = new CBsonReader(output.Written);
        Assert.True(reader.TryFindField(3));
        Assert.Equal(big, reader.GetString());
    }

    [Fact]
    public void Buffer_writer_is_advanced_only_when_the_top_level_document_ends()
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new CBsonWriter(output);
        writer.WriteStartDocument();
        writer.WriteInt32(1, 5);
        writer.WriteStartDocument(2);
        writer.WriteEndDocument();
        Assert.Equal(0, output.WrittenCount);
        writer.WriteEndDocument();
        Assert.Equal(writer.BytesWritten, output.WrittenCount);
    }

    [Fact]
    public void Strings_keep_embedded_nul_empty_text_and_non_ascii_characters()
    {
        string[] values = ["", "a\0b", "\0", "naïve", "中文", "😀"];
        var buffer = new byte[512];
        var writer = new CBsonWriter(buffer);
        writer.WriteStartDocument();
        for (var i = 0; i < values.Length; i++)
        {
            writer.WriteString((ushort)(i + 1), values[i]);
        }

        writer.WriteEndDocument();
        var reader = new CBsonReader(buffer.AsSpan(0, writer.BytesWritten));
        foreach (var value in values)
        {
            Assert.True(reader.Read());
            Assert.Equal(value, reader.GetString());
            Assert.Equal(System.Text.Encoding.UTF8.GetBytes(value), reader.GetStringUtf8().ToArray());
        }
    }

    [Fact]
    public void Raw_values_copied_from_a_reader_rebuild_the_same_document()
    {
        var original = SampleDocuments.Order();
        var copy = new byte[original.Length];
        var writer = new CBsonWriter(copy);
        writer.WriteStartDocument();
        var reader = new CBsonReader(original);
        while (reader.Read())
        {
            writer.WriteRawValue(reader.FieldId, reader.Type, reader.GetRawValue());
        }

        writer.WriteEndDocument();
        Assert.Equal(original, copy);
    }

    [Fact]
    public void A_raw_array_value_is_read_by_a_top_level_array_reader_and_reset_starts_over()
    {
        var reader = new CBsonReader(SampleDocuments.Order());
        Assert.True(reader.TryFindField(17));
        var raw = reader.GetRawValue().ToArray();

        var array = new CBsonReader(raw, isArray: true);
        Assert.Equal(1, array.Depth);
        Assert.True(array.Read());
        Assert.Equal("red", array.GetString());
        Assert.True(array.Read());
        Assert.Equal("green", array.GetString());
        Assert.False(array.Read());
        array.Reset();
        Assert.True(array.Read());
        Assert.Equal("red", array.GetString());
    }

    [Fact]
    public void Code_with_scope_written_field_by_field_equals_code_with_scope_from_a_scope_document()
    {
        var scope = new byte[64];
        var scopeWriter = new CBsonWriter(scope);
        scopeWriter.WriteStartDocument();
        scopeWriter.WriteInt32(7, 42);
        scopeWriter.WriteEndDocument();

        var a = new byte[128];
        var first = new CBsonWriter(a);
        first.WriteStartDocument();
        first.WriteStartJavaScriptWithScope(1, "return x;");
        first.WriteInt32(7, 42);
        first.WriteEndDocument();
        first.WriteEndDocument();

        var b = new byte[128];
        var second = new CBsonWriter(b);
        second.WriteStartDocument();
        second.WriteJavaScriptWithScope(1, "return x;", scope.AsSpan(0, scopeWriter.BytesWritten));
        second.WriteEndDocument();

        Assert.Equal(a.AsSpan(0, first.BytesWritten).ToArray(), b.AsSpan(0, second.BytesWritten).ToArray());
        CBsonValidator.Validate(a.AsSpan(0, first.BytesWritten));
    }

    [Fact]
    public void Seeded_random_documents_are_identical_through_span_and_growing_buffer_writer()
    {
        var buffer = new byte[1 << 20];
        for (var seed = 0; seed < 200; seed++)
        {
            var spanWriter = new CBsonWriter(buffer);
            RandomDocuments.Write(ref spanWriter, new Random(seed));

            var output = new ArrayBufferWriter<byte>(1);
            var bufferWriter = new CBsonWriter(output);
            RandomDocuments.Write(ref bufferWriter, new Random(seed));

            Assert.Equal(buffer.AsSpan(0, spanWriter.BytesWritten).ToArray(), output.WrittenSpan.ToArray());
            CBsonValidator.Validate(output.WrittenSpan);
        }
    }

    [Fact]
    public void Every_value_read_through_its_getter_and_written_back_through_its_writer_method_rebuilds_the_same_bytes()
    {
        var random = new Random(1234);
        var buffer = new byte[1 << 20];
        for (var i = 0; i < 300; i++)
        {
            var document = RandomDocuments.Create(random, maxDepth: 5);
            var reader = new CBsonReader(document);
            var writer = new CBsonWriter(buffer);
            writer.WriteStartDocument();
            Rewrite(ref reader, ref writer);
            writer.WriteEndDocument();
            Assert.Equal(document, buffer.AsSpan(0, writer.BytesWritten).ToArray());
        }
    }

    private static void Rewrite(ref CBsonReader reader, ref CBsonWriter writer)
    {
        while (reader.Read())
        {
            if (!reader.IsArray)
            {
                writer.WriteFieldId(reader.FieldId);
            }

            switch (reader.Type)
            {
                case BsonType.Double: writer.WriteDouble(reader.GetDouble()); break;
                case BsonType.String: writer.WriteString(reader.GetString()); break;
                case BsonType.Document:
                    var document = reader.GetDocumentReader();
                    writer.WriteStartDocument();
                    Rewrite(ref document, ref writer);
                    writer.WriteEndDocument();
                    break;
                case BsonType.Array:
                    var array = reader.GetArrayReader();
                    writer.WriteStartArray();
                    Rewrite(ref array, ref writer);
                    writer.WriteEndArray();
                    break;
                case BsonType.Binary: RewriteBinary(ref reader, ref writer); break;
                case BsonType.Undefined: writer.WriteUndefined(); break;
                case BsonType.ObjectId: writer.WriteObjectId(reader.GetObjectId()); break;
                case BsonType.Boolean: writer.WriteBoolean(reader.GetBoolean()); break;
                case BsonType.DateTime: writer.WriteUtcDateTime(reader.GetUtcDateTime()); break;
                case BsonType.Null: writer.WriteNull(); break;
                case BsonType.RegularExpression:
                    reader.GetRegularExpression(out var pattern, out var options);
                    writer.WriteRegularExpression(pattern, options);
                    break;
                case BsonType.DBPointer:
                    reader.GetDBPointer(out var collection, out var id);
                    writer.WriteDBPointer(collection, id);
                    break;
                case BsonType.JavaScript: writer.WriteJavaScript(reader.GetJavaScript()); break;
                case BsonType.Symbol: writer.WriteSymbol(reader.GetSymbol()); break;
                case BsonType.JavaScriptWithScope:
                    writer.WriteStartJavaScriptWithScope(reader.GetJavaScriptWithScope(out var scope));
                    Rewrite(ref scope, ref writer);
                    writer.WriteEndDocument();
                    break;
                case BsonType.Int32: writer.WriteInt32(reader.GetInt32()); break;
                case BsonType.Timestamp:
                    reader.GetTimestamp(out var seconds, out var increment);
                    writer.WriteTimestamp(seconds, increment);
                    break;
                case BsonType.Int64: writer.WriteInt64(reader.GetInt64()); break;
                case BsonType.Decimal128: writer.WriteDecimal128(reader.GetDecimal128()); break;
                case BsonType.MinKey: writer.WriteMinKey(); break;
                case BsonType.MaxKey: writer.WriteMaxKey(); break;
                default: throw new InvalidOperationException($"unexpected {reader.Type}");
            }
        }
    }

    // Extension and Guid values go through their typed getters and writers; other binaries verbatim.
    private static void RewriteBinary(ref CBsonReader reader, ref CBsonWriter writer)
    {
        var payload = reader.GetBinary(out var subtype);
        switch (subtype)
        {
            case BsonBinarySubtype.Uuid: writer.WriteGuid(reader.GetGuid()); break;
            case BsonBinarySubtype.DateTime when CBsonExtensionTypes.TryReadDateTime(payload, out _): writer.WriteDateTime(reader.GetDateTime()); break;
            case BsonBinarySubtype.DateTimeOffset: writer.WriteDateTimeOffset(reader.GetDateTimeOffset()); break;
            case BsonBinarySubtype.TimeSpan: writer.WriteTimeSpan(reader.GetTimeSpan()); break;
            case BsonBinarySubtype.DateOnly: writer.WriteDateOnly(reader.GetDateOnly()); break;
            case BsonBinarySubtype.TimeOnly: writer.WriteTimeOnly(reader.GetTimeOnly()); break;
            default: writer.WriteBinary(payload, subtype); break;
        }
    }

    private static void WriteLargeDocument(ref CBsonWriter writer, string big)
    {
        writer.WriteStartDocument();
        writer.WriteInt32(1, 1);
        writer.WriteStartArray(2);
        for (var i = 0; i < 500; i++)
        {
            writer.WriteInt64(i);
        }

        writer.WriteEndArray();
        writer.WriteString(3, big);
        writer.WriteEndDocument();
    }

    private static void WriteEveryType(ref CBsonWriter writer)
    {
        writer.WriteStartDocument();
        writer.WriteDouble(1, -1.5);
        writer.WriteString(2, "text é 😀");
        writer.WriteStringUtf8(3, "utf8 text"u8);
        writer.WriteBoolean(4, true);
        writer.WriteBoolean(5, false);
        writer.WriteInt32(6, int.MinValue);
        writer.WriteInt64(7, long.MaxValue);
        writer.WriteNull(8);
        writer.WriteObjectId(9, SampleDocuments.Id);
        writer.WriteDecimal128(10, Decimal128.NaN);
        writer.WriteDecimal(11, -79228162514264337593543950335m);
        writer.WriteGuid(12, SampleDocuments.Guid);
        writer.WriteBinary(13, [1, 2, 3], BsonBinarySubtype.Md5);
        writer.WriteUtcDateTime(14, -1);
        writer.WriteDateTime(15, LocalTime.AddTicks(7));
        writer.WriteDateTimeOffset(16, new DateTimeOffset(2020, 1, 2, 3, 4, 5, TimeSpan.FromMinutes(-210)).AddTicks(3));
        writer.WriteTimeSpan(17, TimeSpan.FromTicks(-123_456_789));
        writer.WriteDateOnly(18, DateOnly.MaxValue);
        writer.WriteTimeOnly(19, TimeOnly.MaxValue);
        writer.WriteTimestamp(20, 4_000_000_000, 17);
        writer.WriteRegularExpression(21, "^a.*b$", "im");
        writer.WriteRegularExpressionUtf8(22, "x"u8, ""u8);
        writer.WriteMinKey(23);
        writer.WriteMaxKey(24);
        writer.WriteUndefined(25);
        writer.WriteJavaScript(26, "function(){}");
        writer.WriteSymbol(27, "sym");
        writer.WriteDBPointer(28, "db.coll", SampleDocuments.Id);
        writer.WriteStartJavaScriptWithScope(29, "x + 1");
        writer.WriteInt32(30, 9);
        writer.WriteEndDocument();
        writer.WriteStartDocument(31);
        writer.WriteString(32, "inner");
        writer.WriteEndDocument();
        writer.WriteStartArray(33);
        writer.WriteInt32(1);
        writer.WriteString("two");
        writer.WriteStartArray();
        writer.WriteEndArray();
        writer.WriteEndArray();
        writer.WriteEndDocument();
    }

    private static void AssertEveryType(ReadOnlySpan<byte> document)
    {
        var reader = new CBsonReader(document);
        Next(ref reader, 1, BsonType.Double);
        Assert.Equal(-1.5, reader.GetDouble());
        Next(ref reader, 2, BsonType.String);
        Assert.Equal("text é 😀", reader.GetString());
        Next(ref reader, 3, BsonType.String);
        Assert.Equal("utf8 text", reader.GetString());
        Next(ref reader, 4, BsonType.Boolean);
        Assert.True(reader.GetBoolean());
        Next(ref reader, 5, BsonType.Boolean);
        Assert.False(reader.GetBoolean());
        Next(ref reader, 6, BsonType.Int32);
        Assert.Equal(int.MinValue, reader.GetInt32());
        Next(ref reader, 7, BsonType.Int64);
        Assert.Equal(long.MaxValue, reader.GetInt64());
        Next(ref reader, 8, BsonType.Null);
        Assert.True(reader.GetRawValue().IsEmpty);
        Next(ref reader, 9, BsonType.ObjectId);
        Assert.Equal(SampleDocuments.Id, reader.GetObjectId());
        Next(ref reader, 10, BsonType.Decimal128);
        Assert.True(reader.GetDecimal128().IsNaN);
        Next(ref reader, 11, BsonType.Decimal128);
        Assert.Equal(-79228162514264337593543950335m, reader.GetDecimal());
        Next(ref reader, 12, BsonType.Binary);
        Assert.Equal(SampleDocuments.Guid, reader.GetGuid());
        Assert.Equal(Convert.FromHexString("00112233445566778899AABBCCDDEEFF"), reader.GetBinary(out var uuid).ToArray());
        Assert.Equal(BsonBinarySubtype.Uuid, uuid);
        Next(ref reader, 13, BsonType.Binary);
        Assert.Equal(new byte[] { 1, 2, 3 }, reader.GetBinary(out var md5).ToArray());
        Assert.Equal(BsonBinarySubtype.Md5, md5);
        Next(ref reader, 14, BsonType.DateTime);
        Assert.Equal(-1, reader.GetUtcDateTime());
        Assert.Equal(DateTime.UnixEpoch.AddMilliseconds(-1), reader.GetDateTime());
        Next(ref reader, 15, BsonType.Binary);
        var dateTime = reader.GetDateTime();
        Assert.Equal(LocalTime.AddTicks(7).Ticks, dateTime.Ticks);
        Assert.Equal(DateTimeKind.Local, dateTime.Kind);
        Next(ref reader, 16, BsonType.Binary);
        var offset = reader.GetDateTimeOffset();
        Assert.Equal(new DateTimeOffset(2020, 1, 2, 3, 4, 5, TimeSpan.FromMinutes(-210)).AddTicks(3).Ticks, offset.Ticks);
        Assert.Equal(TimeSpan.FromMinutes(-210), offset.Offset);
        Next(ref reader, 17, BsonType.Binary);
        Assert.Equal(TimeSpan.FromTicks(-123_456_789), reader.GetTimeSpan());
        Next(ref reader, 18, BsonType.Binary);
        Assert.Equal(DateOnly.MaxValue, reader.GetDateOnly());
        Next(ref reader, 19, BsonType.Binary);
        Assert.Equal(TimeOnly.MaxValue, reader.GetTimeOnly());
        Next(ref reader, 20, BsonType.Timestamp);
        reader.GetTimestamp(out var seconds, out var increment);
        Assert.Equal(4_000_000_000u, seconds);
        Assert.Equal(17u, increment);
        Next(ref reader, 21, BsonType.RegularExpression);
        reader.GetRegularExpression(out var pattern, out var options);
        Assert.Equal("^a.*b$", pattern);
        Assert.Equal("im", options);
        Next(ref reader, 22, BsonType.RegularExpression);
        reader.GetRegularExpressionUtf8(out var patternUtf8, out var optionsUtf8);
        Assert.Equal("x"u8.ToArray(), patternUtf8.ToArray());
        Assert.True(optionsUtf8.IsEmpty);
        Next(ref reader, 23, BsonType.MinKey);
        Next(ref reader, 24, BsonType.MaxKey);
        Next(ref reader, 25, BsonType.Undefined);
        Next(ref reader, 26, BsonType.JavaScript);
        Assert.Equal("function(){}", reader.GetJavaScript());
        Next(ref reader, 27, BsonType.Symbol);
        Assert.Equal("sym", reader.GetSymbol());
        Next(ref reader, 28, BsonType.DBPointer);
        reader.GetDBPointer(out var collection, out var pointerId);
        Assert.Equal("db.coll", collection);
        Assert.Equal(SampleDocuments.Id, pointerId);
        Next(ref reader, 29, BsonType.JavaScriptWithScope);
        Assert.Equal("x + 1", reader.GetJavaScriptWithScope(out var scope));
        Assert.Equal(2, scope.Depth);
        Next(ref scope, 30, BsonType.Int32);
        Assert.Equal(9, scope.GetInt32());
        Assert.False(scope.Read());
        Next(ref reader, 31, BsonType.Document);
        var inner = reader.GetDocumentReader();
        Next(ref inner, 32, BsonType.String);
        Assert.Equal("inner", inner.GetString());
        Assert.False(inner.Read());
        Next(ref reader, 33, BsonType.Array);
        var array = reader.GetArrayReader();
        Assert.True(array.IsArray);
        Next(ref array, 0, BsonType.Int32);
        Assert.Equal(1, array.GetInt32());
        Next(ref array, 0, BsonType.String);
        Assert.Equal("two", array.GetString());
        Next(ref array, 0, BsonType.Array);
        var empty = array.GetArrayReader();
        Assert.False(empty.Read());
        Assert.False(array.Read());
        Assert.False(reader.Read());
        Assert.Equal(BsonType.EndOfDocument, reader.Type);
    }

    private static void Next(ref CBsonReader reader, ushort fieldId, BsonType type)
    {
        Assert.True(reader.Read());
        Assert.Equal(type, reader.Type);
        Assert.Equal(fieldId, reader.FieldId);
    }
}
