using System.Globalization;
using DocStore.Bson.Interop;
using DocStore.Bson.Model;

namespace DocStore.Bson.Tests.ExtendedJsonFormat;

/// <summary>The text and the MongoDB form DotNetValues gives each stored .NET value, and what it leaves alone.</summary>
public class DotNetValuesTests
{
    private static BsonBinaryData Stored(BsonBinarySubtype subtype, int size, Action<byte[]> write)
    {
        var bytes = new byte[size];
        write(bytes);
        return new BsonBinaryData(bytes, subtype);
    }

    private static BsonBinaryData Of(DateTime value) => Stored(BsonBinarySubtype.DateTime, CBsonExtensionTypes.DateTimeSize, b => CBsonExtensionTypes.WriteDateTime(b, value));

    [Fact]
    public void Each_value_has_its_iso_or_invariant_text()
    {
        var local = new DateTime(2024, 5, 1, 10, 0, 0, DateTimeKind.Local);
        var cases = new (BsonValue Value, string Text)[]
        {
            (Of(new DateTime(2024, 2, 29, 13, 45, 30, 123, DateTimeKind.Utc)), "2024-02-29T13:45:30.1230000Z"),
            (Of(new DateTime(2024, 2, 29, 13, 45, 30, DateTimeKind.Unspecified)), "2024-02-29T13:45:30.0000000"),
            (Of(local), local.ToString("o", CultureInfo.InvariantCulture)),
            (Stored(BsonBinarySubtype.DateTimeOffset, CBsonExtensionTypes.DateTimeOffsetSize, b => CBsonExtensionTypes.WriteDateTimeOffset(b, new DateTimeOffset(2024, 3, 1, 8, 0, 0, TimeSpan.FromMinutes(-570)))), "2024-03-01T08:00:00.0000000-09:30"),
            (Stored(BsonBinarySubtype.DateOnly, CBsonExtensionTypes.DateOnlySize, b => CBsonExtensionTypes.WriteDateOnly(b, new DateOnly(1, 1, 1))), "0001-01-01"),
            (Stored(BsonBinarySubtype.TimeOnly, CBsonExtensionTypes.TimeOnlySize, b => CBsonExtensionTypes.WriteTimeOnly(b, new TimeOnly(7, 5, 0))), "07:05:00"),
            (Stored(BsonBinarySubtype.TimeOnly, CBsonExtensionTypes.TimeOnlySize, b => CBsonExtensionTypes.WriteTimeOnly(b, TimeOnly.MaxValue)), "23:59:59.9999999"),
            (Stored(BsonBinarySubtype.TimeSpan, CBsonExtensionTypes.TimeSpanSize, b => CBsonExtensionTypes.WriteTimeSpan(b, TimeSpan.FromTicks(-1))), "-00:00:00.0000001"),
            (BsonBinaryData.FromGuid(Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e")), "0f8fad5b-d9cb-469f-a165-70867728950e"),
            (new BsonDecimal128(1.50m), "1.50"),
            (new BsonDecimal128(0.00m), "0.00"),
            (new BsonDecimal128(-123456789.000m), "-123456789.000"),
        };

        foreach (var (value, text) in cases)
        {
            Assert.True(DotNetValues.TryFormat(value, out var shown));
            Assert.Equal(text, shown);
            Assert.Equal(new BsonString(text), DotNetValues.ToText(value));
        }
    }

    [Fact]
    public void Other_values_and_binaries_that_are_not_valid_values_are_left_alone()
    {
        BsonValue[] others =
        [
            new BsonString("2024-01-01"),
            new BsonInt32(1),
            new BsonDateTime(0),
            new BsonBinaryData([7, 7], BsonBinarySubtype.DateTime),
            new BsonBinaryData(new byte[9] { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f, 0 }, BsonBinarySubtype.DateTime),
            new BsonBinaryData(new byte[15], BsonBinarySubtype.Uuid),
            new BsonBinaryData([1, 2, 3]),
        ];

        foreach (var value in others)
        {
            Assert.False(DotNetValues.TryFormat(value, out _));
            Assert.Same(value, DotNetValues.ToText(value));
            Assert.Same(value, DotNetValues.ToMongo(value));
        }
    }

    [Fact]
    public void ToMongo_writes_a_date_only_for_a_utc_whole_millisecond_DateTime()
    {
        var whole = new DateTime(1960, 5, 4, 3, 2, 1, 999, DateTimeKind.Utc);
        Assert.Equal(new BsonDateTime((long)(whole - DateTime.UnixEpoch).TotalMilliseconds), DotNetValues.ToMongo(Of(whole)));

        var subMillisecond = whole.AddTicks(1);
        Assert.Equal(new BsonString(subMillisecond.ToString("o", CultureInfo.InvariantCulture)), DotNetValues.ToMongo(Of(subMillisecond)));
        var unspecified = DateTime.SpecifyKind(whole, DateTimeKind.Unspecified);
        Assert.Equal(new BsonString("1960-05-04T03:02:01.9990000"), DotNetValues.ToMongo(Of(unspecified)));

        // Guids and decimals are BSON's own types already.
        var guid = BsonBinaryData.FromGuid(Guid.NewGuid());
        Assert.Same(guid, DotNetValues.ToMongo(guid));
        var price = new BsonDecimal128(1.50m);
        Assert.Same(price, DotNetValues.ToMongo(price));
    }

    [Fact]
    public void Documents_and_arrays_are_copied_only_where_a_value_changes()
    {
        var untouched = new BsonDocument { { "a", 1 }, { "b", new BsonArray { "x" } } };
        var document = new BsonDocument
        {
            { "first", 1 },
            { "inner", new BsonDocument { { "at", Of(new DateTime(2000, 1, 1, 0, 0, 0, DateTimeKind.Utc)) } } },
            { "list", new BsonArray { 1, Of(new DateTime(2000, 1, 1, 0, 0, 0, DateTimeKind.Unspecified)) } },
            { "same", untouched },
        };

        var text = (BsonDocument)DotNetValues.ToText(document);
        Assert.Equal(["first", "inner", "list", "same"], text.Select(e => e.Name));
        Assert.Equal("2000-01-01T00:00:00.0000000Z", text["inner"].AsDocument["at"].AsString);
        Assert.Equal("2000-01-01T00:00:00.0000000", text["list"].AsArray[1].AsString);
        Assert.Same(untouched, text["same"]);
        Assert.IsType<BsonBinaryData>(document["inner"].AsDocument["at"]);

        var mongo = (BsonDocument)DotNetValues.ToMongo(document);
        Assert.IsType<BsonDateTime>(mongo["inner"].AsDocument["at"]);
        Assert.Equal("2000-01-01T00:00:00.0000000", mongo["list"].AsArray[1].AsString);
        Assert.Same(untouched, DotNetValues.ToMongo(untouched));
    }

    [Fact]
    public void A_value_nested_too_deep_is_refused()
    {
        BsonValue value = new BsonInt32(1);
        for (var i = 0; i < BsonValue.MaxDepth + 5; i++)
        {
            value = new BsonArray { value };
        }

        Assert.Throws<ArgumentException>(() => DotNetValues.ToText(value));
    }
}
