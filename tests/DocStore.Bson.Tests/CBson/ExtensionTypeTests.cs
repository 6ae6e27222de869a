using System.Buffers.Binary;

namespace DocStore.Bson.Tests.CBson;

public class ExtensionTypeTests
{
    public static TheoryData<DateTime> DateTimes => new()
    {
        DateTime.MinValue,
        new DateTime(DateTime.MaxValue.Ticks, DateTimeKind.Utc),
        new DateTime(638_000_000_000_000_001, DateTimeKind.Unspecified),
        new DateTime(638_000_000_000_000_009, DateTimeKind.Utc),
        new DateTime(638_000_000_000_000_007, DateTimeKind.Local),
    };

    public static TheoryData<DateTimeOffset> DateTimeOffsets => new()
    {
        new DateTimeOffset(2024, 2, 29, 23, 59, 59, TimeSpan.FromMinutes(345)).AddTicks(9_999_999),
        new DateTimeOffset(2024, 1, 1, 0, 0, 0, TimeSpan.FromMinutes(-570)).AddTicks(1),
        new DateTimeOffset(DateTime.MinValue.AddHours(14), TimeSpan.FromHours(14)),
        new DateTimeOffset(DateTime.MaxValue.AddHours(-14), TimeSpan.FromHours(-14)),
        DateTimeOffset.MinValue,
        DateTimeOffset.MaxValue,
    };

    [Theory]
    [MemberData(nameof(DateTimes))]
    public void DateTime_keeps_every_tick_and_its_kind(DateTime value)
    {
        var read = RoundTrip((ref CBsonWriter w) => w.WriteDateTime(1, value), (ref CBsonReader r) => r.GetDateTime(), out var payload, out var subtype);
        Assert.Equal(value.Ticks, read.Ticks);
        Assert.Equal(value.Kind, read.Kind);
        Assert.Equal(BsonBinarySubtype.DateTime, subtype);
        Assert.Equal(9, payload.Length);
        Assert.Equal(value.Ticks, BinaryPrimitives.ReadInt64LittleEndian(payload));
        Assert.Equal((byte)value.Kind, payload[8]);
    }

    [Theory]
    [MemberData(nameof(DateTimeOffsets))]
    public void DateTimeOffset_keeps_local_ticks_and_odd_offsets(DateTimeOffset value)
    {
        var read = RoundTrip((ref CBsonWriter w) => w.WriteDateTimeOffset(1, value), (ref CBsonReader r) => r.GetDateTimeOffset(), out var payload, out var subtype);
        Assert.Equal(value.Ticks, read.Ticks);
        Assert.Equal(value.Offset, read.Offset);
        Assert.Equal(BsonBinarySubtype.DateTimeOffset, subtype);
        Assert.Equal(10, payload.Length);
        Assert.Equal((short)value.TotalOffsetMinutes, BinaryPrimitives.ReadInt16LittleEndian(payload.AsSpan(8)));
    }

    [Theory]
    [InlineData(long.MinValue)]
    [InlineData(-1L)]
    [InlineData(0L)]
    [InlineData(-864_000_000_001L)]
    [InlineData(long.MaxValue)]
    public void TimeSpan_keeps_negative_and_extreme_ticks(long ticks)
    {
        var value = TimeSpan.FromTicks(ticks);
        var read = RoundTrip((ref CBsonWriter w) => w.WriteTimeSpan(1, value), (ref CBsonReader r) => r.GetTimeSpan(), out var payload, out var subtype);
        Assert.Equal(value, read);
        Assert.Equal(BsonBinarySubtype.TimeSpan, subtype);
        Assert.Equal(8, payload.Length);
    }

    [Fact]
    public void DateOnly_and_TimeOnly_keep_their_minimum_and_maximum()
    {
        foreach (var date in new[] { DateOnly.MinValue, DateOnly.MaxValue, new DateOnly(2024, 2, 29) })
        {
            Assert.Equal(date, RoundTrip((ref CBsonWriter w) => w.WriteDateOnly(1, date), (ref CBsonReader r) => r.GetDateOnly(), out var payload, out _));
            Assert.Equal(4, payload.Length);
        }

        foreach (var time in new[] { TimeOnly.MinValue, TimeOnly.MaxValue, new TimeOnly(13, 14, 15).Add(TimeSpan.FromTicks(1)) })
        {
            Assert.Equal(time, RoundTrip((ref CBsonWriter w) => w.WriteTimeOnly(1, time), (ref CBsonReader r) => r.GetTimeOnly(), out var payload, out _));
            Assert.Equal(8, payload.Length);
        }
    }

    [Fact]
    public void Bson_utc_datetime_reads_as_DateTime_with_utc_kind()
    {
        var read = RoundTrip((ref CBsonWriter w) => w.WriteUtcDateTime(1, 1_700_000_000_123), (ref CBsonReader r) => r.GetDateTime(), out _, out _);
        Assert.Equal(DateTimeKind.Utc, read.Kind);
        Assert.Equal(DateTimeOffset.FromUnixTimeMilliseconds(1_700_000_000_123).UtcDateTime, read);
    }

    [Fact]
    public void Bson_utc_datetime_outside_the_DateTime_range_throws_overflow_when_read_as_DateTime()
    {
        var document = Write((ref CBsonWriter w) => w.WriteUtcDateTime(1, long.MaxValue));
        var reader = new CBsonReader(document);
        reader.Read();
        Assert.Equal(long.MaxValue, reader.GetUtcDateTime());
        try
        {
            reader.GetDateTime();
            Assert.Fail("expected OverflowException");
        }
        catch (OverflowException)
        {
        }
    }

    [Theory]
    [InlineData(BsonBinarySubtype.DateTime, "0000000000000000")]
    [InlineData(BsonBinarySubtype.DateTime, "000000000000000003")]
    [InlineData(BsonBinarySubtype.DateTime, "FFFFFFFFFFFFFFFF00")]
    [InlineData(BsonBinarySubtype.DateTime, "00C0FFFFFFFFFF7F00")]
    [InlineData(BsonBinarySubtype.DateTimeOffset, "00000000000000004903")]
    [InlineData(BsonBinarySubtype.DateTimeOffset, "0000000000000000B7FC")]
    [InlineData(BsonBinarySubtype.DateTimeOffset, "00000000000000000100")]
    [InlineData(BsonBinarySubtype.DateTimeOffset, "000000000000000000")]
    [InlineData(BsonBinarySubtype.TimeSpan, "00000000000000")]
    [InlineData(BsonBinarySubtype.DateOnly, "FFFFFFFF")]
    [InlineData(BsonBinarySubtype.DateOnly, "0000000000")]
    [InlineData(BsonBinarySubtype.TimeOnly, "00C0692AC9000000")]
    [InlineData(BsonBinarySubtype.TimeOnly, "FFFFFFFFFFFFFFFF")]
    public void Wrong_length_or_out_of_range_extension_payload_is_a_format_error_when_read_as_its_type(BsonBinarySubtype subtype, string payloadHex)
    {
        var payload = Convert.FromHexString(payloadHex);
        var document = Write((ref CBsonWriter w) => w.WriteBinary(1, payload, subtype));

        // Any binary is valid BSON, so the document itself validates ...
        CBsonValidator.Validate(document);
        var reader = new CBsonReader(document);
        reader.Read();

        // ... but reading it as the extension type fails clearly.
        var error = Assert.Throws<BsonFormatException>(() =>
        {
            var r = new CBsonReader(document);
            r.Read();
            switch (subtype)
            {
                case BsonBinarySubtype.DateTime: r.GetDateTime(); break;
                case BsonBinarySubtype.DateTimeOffset: r.GetDateTimeOffset(); break;
                case BsonBinarySubtype.TimeSpan: r.GetTimeSpan(); break;
                case BsonBinarySubtype.DateOnly: r.GetDateOnly(); break;
                default: r.GetTimeOnly(); break;
            }
        });
        Assert.Equal(reader.ValueOffset, error.Offset);
    }

    [Fact]
    public void Reading_an_extension_type_from_another_subtype_is_misuse()
    {
        var document = Write((ref CBsonWriter w) => w.WriteTimeSpan(1, TimeSpan.FromDays(1)));
        var error = Assert.Throws<InvalidOperationException>(() =>
        {
            var r = new CBsonReader(document);
            r.Read();
            r.GetTimeOnly();
        });
        Assert.Contains("0x82", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Guid_is_stored_as_subtype_4_in_rfc_4122_byte_order()
    {
        var guid = Guid.Parse("01020304-0506-0708-090a-0b0c0d0e0f10");
        var read = RoundTrip((ref CBsonWriter w) => w.WriteGuid(1, guid), (ref CBsonReader r) => r.GetGuid(), out var payload, out var subtype);
        Assert.Equal(guid, read);
        Assert.Equal(BsonBinarySubtype.Uuid, subtype);
        Assert.Equal(Convert.FromHexString("0102030405060708090A0B0C0D0E0F10"), payload);
    }

    [Fact]
    public void Decimal_is_stored_as_exact_decimal128_keeping_its_scale()
    {
        var read = RoundTrip((ref CBsonWriter w) => w.WriteDecimal(1, 1.50m), (ref CBsonReader r) => r.GetDecimal(), out _, out _);
        Assert.Equal("1.50", read.ToString(System.Globalization.CultureInfo.InvariantCulture));
        var reader = new CBsonReader(Write((ref CBsonWriter w) => w.WriteDecimal(1, 1.50m)));
        reader.Read();
        Assert.Equal(BsonType.Decimal128, reader.Type);
        Assert.Equal(Decimal128.FromDecimal(1.50m), reader.GetDecimal128());
    }

    private delegate void WriteAction(ref CBsonWriter writer);

    private delegate T ReadFunc<out T>(ref CBsonReader reader);

    private static byte[] Write(WriteAction write)
    {
        var buffer = new byte[128];
        var writer = new CBsonWriter(buffer);
        writer.WriteStartDocument();
        write(ref writer);
        writer.WriteEndDocument();
        return buffer[..writer.BytesWritten];
    }

    private static T RoundTrip<T>(WriteAction write, ReadFunc<T> read, out byte[] payload, out BsonBinarySubtype subtype)
    {
        var document = Write(write);
        var reader = new CBsonReader(document);
        Assert.True(reader.Read());
        subtype = 0;
        payload = reader.Type == BsonType.Binary ? reader.GetBinary(out subtype).ToArray() : [];
        return read(ref reader);
    }
}
