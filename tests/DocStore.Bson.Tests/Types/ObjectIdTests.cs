using DocStore.Bson;

namespace DocStore.Bson.Tests.Types;

public class ObjectIdTests
{
    [Fact]
    public void Bytes_follow_mongodb_layout_with_big_endian_seconds_first()
    {
        var id = new ObjectId(0x01020304, 0x05060708090A, 0x0B0C0D);
        Assert.Equal(Convert.FromHexString("0102030406070809" + "0A0B0C0D"), id.ToByteArray());
        Assert.Equal(0x01020304u, id.Timestamp);
    }

    [Fact]
    public void Parse_and_format_round_trip_in_lower_case_hex()
    {
        var id = ObjectId.Parse("56E1FC72E0C917E9C4714161");
        Assert.Equal("56e1fc72e0c917e9c4714161", id.ToString());
        Assert.Equal(id, ObjectId.Parse(id.ToString()));
    }

    [Theory]
    [InlineData("")]
    [InlineData("56e1fc72e0c917e9c471416")]
    [InlineData("56e1fc72e0c917e9c47141611")]
    [InlineData("56e1fc72e0c917e9c471416g")]
    public void Parse_rejects_anything_but_24_hex_digits(string text)
    {
        Assert.False(ObjectId.TryParse(text, null, out _));
        Assert.Throws<FormatException>(() => ObjectId.Parse(text));
    }

    [Fact]
    public void Byte_order_is_creation_order()
    {
        var earlier = new ObjectId(100, 0xFFFFFFFFFF, 0xFFFFFF);
        var later = new ObjectId(101, 0, 0);
        Assert.True(earlier < later);
        Assert.True(earlier.ToByteArray().AsSpan().SequenceCompareTo(later.ToByteArray()) < 0);
    }

    [Fact]
    public void Concurrent_generation_gives_distinct_ids()
    {
        var ids = new System.Collections.Concurrent.ConcurrentBag<ObjectId>();
        Parallel.For(0, 20_000, _ => ids.Add(ObjectId.NewObjectId()));
        Assert.Equal(20_000, ids.Distinct().Count());
        Assert.DoesNotContain(ObjectId.Empty, ids);
    }
}
