using DocStore.Bson.Tests.CBson.Support;

namespace DocStore.Bson.Tests.CBson;

public class TryFindFieldTests
{
    [Fact]
    public void Finds_a_field_after_nested_documents_and_arrays_and_continues_from_there()
    {
        var reader = new CBsonReader(SampleDocuments.Order());
        Assert.True(reader.TryFindField(17));
        Assert.Equal(BsonType.Array, reader.Type);
        Assert.True(reader.Read());
        Assert.Equal(18, reader.FieldId);
        Assert.False(reader.Read());
    }

    [Fact]
    public void Searches_from_the_start_even_when_the_reader_has_moved_past_the_field()
    {
        var reader = new CBsonReader(SampleDocuments.Order());
        Assert.True(reader.TryFindField(18));
        Assert.True(reader.TryFindField(2));
        Assert.Equal("Ada Lovelace", reader.GetString());
    }

    [Fact]
    public void Ids_that_exist_only_in_nested_documents_are_not_found_at_the_top_level()
    {
        var reader = new CBsonReader(SampleDocuments.Order());
        Assert.False(reader.TryFindField(10));
        Assert.Equal(BsonType.EndOfDocument, reader.Type);
        Assert.True(reader.TryFindField(9));
        var address = reader.GetDocumentReader();
        Assert.True(address.TryFindField(11));
        Assert.Equal("London", address.GetString());
    }

    [Fact]
    public void Skipping_does_not_decode_values_it_jumps_over()
    {
        // Field 1 holds invalid UTF-8: skipping it is fine, decoding it is a format error.
        var buffer = new byte[64];
        var writer = new CBsonWriter(buffer);
        writer.WriteStartDocument();
        writer.WriteString(1, "ab");
        writer.WriteInt32(2, 77);
        writer.WriteEndDocument();
        var document = buffer[..writer.BytesWritten];
        document[4 + 3 + 4] = 0xFF;

        var reader = new CBsonReader(document);
        Assert.True(reader.TryFindField(2));
        Assert.Equal(77, reader.GetInt32());
        Assert.True(reader.TryFindField(1));
        var copy = document;
        Assert.Throws<BsonFormatException>(() =>
        {
            var r = new CBsonReader(copy);
            r.TryFindField(1);
            r.GetString();
        });
    }

    [Fact]
    public void Arrays_have_no_field_ids_to_find()
    {
        var document = SampleDocuments.Order();
        Assert.Throws<InvalidOperationException>(() =>
        {
            var reader = new CBsonReader(document);
            reader.TryFindField(17);
            reader.GetArrayReader().TryFindField(1);
        });
    }
}
