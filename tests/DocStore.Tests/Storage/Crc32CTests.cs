using System.Text;
using DocStore.Storage.Pages;

namespace DocStore.Tests.Storage;

public sealed class Crc32CTests
{
    [Fact]
    public void The_standard_check_value_comes_out()
    {
        // CRC-32C of "123456789" is 0xE3069283 (the catalogue check value of the Castagnoli polynomial).
        Assert.Equal(0xE3069283u, ~Crc32C.Append(0xFFFFFFFFu, Encoding.ASCII.GetBytes("123456789")));
    }

    [Fact]
    public void Three_streams_give_the_single_stream_result_for_every_length_and_start()
    {
        var random = new Random(32);
        var data = new byte[(11 * 3 * Crc32C.BlockSize) + 77];
        random.NextBytes(data);
        var lengths = Enumerable.Range(0, 40).Concat([3 * Crc32C.BlockSize - 1, 3 * Crc32C.BlockSize, 3 * Crc32C.BlockSize + 1, 8188, 8192, data.Length]);
        foreach (var length in lengths.Concat(Enumerable.Range(0, 200).Select(_ => random.Next(data.Length + 1))))
        {
            var start = (uint)random.NextInt64(0, uint.MaxValue + 1L);
            var slice = data.AsSpan(0, length);
            Assert.Equal(Crc32C.OneStream(start, slice), Crc32C.Append(start, slice));
        }
    }

    [Fact]
    public void A_page_checksum_catches_a_single_flipped_bit_anywhere_in_the_page()
    {
        var page = new byte[8192];
        new Random(5).NextBytes(page);
        PageChecksum.Stamp(page, 17);
        Assert.True(PageChecksum.IsValid(page, 17));
        Assert.False(PageChecksum.IsValid(page, 18));
        for (var bit = 32; bit < page.Length * 8; bit += 61)
        {
            page[bit / 8] ^= (byte)(1 << (bit % 8));
            Assert.False(PageChecksum.IsValid(page, 17));
            page[bit / 8] ^= (byte)(1 << (bit % 8));
        }
    }
}
