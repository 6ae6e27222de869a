using DocStore.Bson.Keys;
using DocStore.Bson.Tests.Keys.Support;

namespace DocStore.Bson.Tests.Keys;

public class BinaryKeyTests
{
    [Fact]
    public void Binary_keys_sort_lexicographically_and_round_trip() => OrderProperty.Check(KeyCases.Binary, seed: 501);

    [Theory]
    [InlineData("", "300000")]
    [InlineData("00", "3000FF0000")]
    [InlineData("FF00", "30FF00FF0000")]
    public void Binary_layout_escapes_zero_bytes_and_ends_with_two_zero_bytes(string value, string hex)
    {
        var bytes = Convert.FromHexString(value);
        Assert.Equal(hex, TestKeys.Hex((ref w) => w.WriteBinary(bytes.AsSpan())));
        Assert.Equal(KeyEncoding.GetBinaryByteCount(bytes), hex.Length / 2);
    }

    [Fact]
    public void A_null_array_is_written_as_a_null_component()
    {
        byte[]? missing = null;
        Assert.Equal(TestKeys.Encode((ref w) => w.WriteNull(true)), TestKeys.Encode((ref w) => w.WriteBinary(missing, true)));
    }
}
