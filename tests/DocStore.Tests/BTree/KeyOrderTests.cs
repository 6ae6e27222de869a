using DocStore.BTree;

namespace DocStore.Tests.BTree;

public sealed class KeyOrderTests
{
    [Fact]
    public void Word_compares_order_keys_as_unsigned_bytes_with_a_prefix_first()
    {
        // Small alphabets and shared prefixes make equal words, ties decided in the tail and prefix pairs common.
        var random = new Random(8);
        for (var round = 0; round < 20_000; round++)
        {
            var shared = RandomKey(random, random.Next(0, 20));
            var left = shared.Concat(RandomKey(random, random.Next(0, 12))).ToArray();
            var right = shared.Concat(RandomKey(random, random.Next(0, 12))).ToArray();
            var expected = Math.Sign(left.AsSpan().SequenceCompareTo(right));
            Assert.Equal(expected, Math.Sign(KeyOrder.Compare(left, right)));
            Assert.Equal(-expected, Math.Sign(KeyOrder.Compare(right, left)));
        }
    }

    [Theory]
    [InlineData(new byte[] { }, new byte[] { }, 0)]
    [InlineData(new byte[] { }, new byte[] { 0 }, -1)]
    [InlineData(new byte[] { 1, 2, 3, 4, 5, 6, 7, 8 }, new byte[] { 1, 2, 3, 4, 5, 6, 7, 8, 0 }, -1)]
    [InlineData(new byte[] { 1, 2, 3, 4, 5, 6, 7, 0x80 }, new byte[] { 1, 2, 3, 4, 5, 6, 7, 0x7F, 0xFF }, 1)]
    [InlineData(new byte[] { 0x01, 0, 0, 0, 0, 0, 0, 0 }, new byte[] { 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF }, 1)]
    [InlineData(new byte[] { 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 0xFF }, new byte[] { 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 0x01 }, 1)]
    public void Edge_cases_follow_the_byte_order(byte[] left, byte[] right, int expected)
    {
        Assert.Equal(expected, Math.Sign(KeyOrder.Compare(left, right)));
    }

    private static byte[] RandomKey(Random random, int length)
    {
        var key = new byte[length];
        for (var i = 0; i < length; i++)
        {
            // 0x00, 0x7F, 0x80 and 0xFF: the signed/unsigned boundaries a wrong word compare would get wrong.
            key[i] = (byte)(random.Next(4) switch { 0 => 0x00, 1 => 0x7F, 2 => 0x80, _ => 0xFF });
        }

        return key;
    }
}
