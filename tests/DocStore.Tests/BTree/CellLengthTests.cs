using DocStore.BTree;

namespace DocStore.Tests.BTree;

/// <summary>The varint lengths that start every cell: sizes at each boundary, round trips, damaged bytes.</summary>
public sealed class CellLengthTests
{
    [Theory]
    [InlineData(0, 1)]
    [InlineData(127, 1)]
    [InlineData(128, 2)]
    [InlineData(16_383, 2)]
    [InlineData(16_384, 3)]
    [InlineData(2_097_151, 3)]
    [InlineData(2_097_152, 4)]
    [InlineData(64 * 1024 * 1024, 4)]
    public void A_length_takes_the_bytes_its_size_says_and_reads_back(int value, int size)
    {
        var buffer = new byte[8];
        Assert.Equal(size, CellLength.Size(value));
        Assert.Equal(size, CellLength.Write(buffer.AsSpan(2), value));
        Assert.Equal(value, CellLength.Read(buffer, 2, out var next));
        Assert.Equal(2 + size, next);
        Assert.True(CellLength.TryRead(buffer, 2, out var checkedValue, out var checkedNext));
        Assert.Equal((value, next), (checkedValue, checkedNext));
    }

    [Fact]
    public void A_length_cut_off_by_the_page_end_or_longer_than_four_bytes_is_refused_by_the_checked_read()
    {
        Assert.False(CellLength.TryRead([0x80, 0x80], 0, out _, out _));
        Assert.False(CellLength.TryRead([0x80, 0x80, 0x80, 0x80, 0x01], 0, out _, out _));
        Assert.False(CellLength.TryRead([0x05], 1, out _, out _));
    }

    [Fact]
    public void Index_cells_take_two_bytes_of_lengths_and_a_document_cell_three()
    {
        // A 20-byte index key with no value, and a 500-byte document under an 8-byte key.
        Assert.Equal(2 + 20, Node.LeafCellSize(20, 0, 8192));
        Assert.Equal(3 + 8 + 500, Node.LeafCellSize(8, 500, 8192));
        Assert.Equal(1 + 20 + 4, Node.BranchCellSize(20));
    }
}
