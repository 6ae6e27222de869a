using DocStore.Collections.Changes;

namespace DocStore.Tests.Collections.Changes;

/// <summary>The stored key of a change log's field-name copy: eight zero bytes, the names tag (2), the id big-endian.</summary>
public sealed class ChangeLogFieldsKeyTests
{
    [Fact]
    public void A_names_key_is_the_tag_after_eight_zero_bytes_then_the_id_big_endian()
    {
        Assert.Equal(new byte[] { 0, 0, 0, 0, 0, 0, 0, 0, 2, 0x01, 0x02, 0x03, 0x04 }, ChangeLogFields.NamesKey(0x01020304));
        Assert.True(ChangeLogFields.NamesKey(1).AsSpan().SequenceCompareTo(ChangeLogFields.NamesKey(256)) < 0);
    }
}
