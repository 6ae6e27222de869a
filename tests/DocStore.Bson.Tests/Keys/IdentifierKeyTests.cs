using DocStore.Bson.Keys;
using DocStore.Bson.Tests.Keys.Support;

namespace DocStore.Bson.Tests.Keys;

public class IdentifierKeyTests
{
    [Fact]
    public void Guid_keys_sort_in_RFC_4122_byte_order_and_round_trip() => OrderProperty.Check(KeyCases.Guid, seed: 601);

    [Fact]
    public void ObjectId_keys_sort_in_byte_order_and_round_trip() => OrderProperty.Check(KeyCases.ObjectId, seed: 602);

    [Fact]
    public void Guid_layout_is_its_big_endian_bytes_as_in_its_text_form()
    {
        var guid = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff");
        Assert.Equal("3800112233445566778899AABBCCDDEEFF", TestKeys.Hex((ref w) => w.WriteGuid(guid)));
    }

    [Fact]
    public void Guid_key_order_differs_from_the_little_endian_ToByteArray_order()
    {
        // ToByteArray() stores the first three fields little-endian, so its byte order is not the key order.
        var small = Guid.Parse("00000001-0000-0000-0000-000000000000");
        var large = Guid.Parse("00000100-0000-0000-0000-000000000000");
        Assert.True(small.ToByteArray().AsSpan().SequenceCompareTo(large.ToByteArray()) > 0);
        Assert.True(TestKeys.Encode((ref w) => w.WriteGuid(small)).AsSpan().SequenceCompareTo(TestKeys.Encode((ref w) => w.WriteGuid(large))) < 0);
    }

    [Fact]
    public void Guid_key_order_agrees_with_Guid_CompareTo_on_this_runtime()
    {
        var random = new Random(603);
        for (var i = 0; i < 10_000; i++)
        {
            var left = EdgeGenerators.Guid(random);
            var right = random.Next(2) == 0 ? EdgeGenerators.NearGuid(random, left) : EdgeGenerators.Guid(random);
            var keyOrder = TestKeys.Encode((ref w) => w.WriteGuid(left)).AsSpan().SequenceCompareTo(TestKeys.Encode((ref w) => w.WriteGuid(right)));
            Assert.Equal(Math.Sign(left.CompareTo(right)), Math.Sign(keyOrder));
        }
    }

    [Fact]
    public void Version_7_guids_sort_by_creation_time()
    {
        var earlier = Guid.CreateVersion7(new DateTimeOffset(2024, 1, 1, 0, 0, 0, TimeSpan.Zero));
        var later = Guid.CreateVersion7(new DateTimeOffset(2024, 1, 1, 0, 0, 1, TimeSpan.Zero));
        Assert.True(TestKeys.Encode((ref w) => w.WriteGuid(earlier)).AsSpan().SequenceCompareTo(TestKeys.Encode((ref w) => w.WriteGuid(later))) < 0);
    }

    [Fact]
    public void ObjectId_layout_is_its_12_bytes()
    {
        var id = ObjectId.Parse("56e1fc72e0c917e9c4714161");
        Assert.Equal("4056E1FC72E0C917E9C4714161", TestKeys.Hex((ref w) => w.WriteObjectId(id)));
    }
}
