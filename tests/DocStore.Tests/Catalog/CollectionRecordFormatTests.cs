using DocStore.Catalog;
using DocStore.Metadata;

namespace DocStore.Tests.Catalog;

/// <summary>The collection record's byte layout: format 3 carries member types; formats 1 and 2, as older versions wrote them, still decode.</summary>
public class CollectionRecordFormatTests
{
    [Fact]
    public void A_record_with_types_round_trips_as_format_3()
    {
        var record = new CollectionRecord("Orders", "c/Orders", "Id", KeyGeneration.Sequence, [new("Id", "int32"), new("Lines[].Amount", "decimal"), new("Tags", "array<string?>?")]);
        var bytes = CatalogRecords.EncodeCollection(record);
        Assert.Equal(3, bytes[0]);
        var decoded = CatalogRecords.DecodeCollection("Orders", bytes, "test.db");
        Assert.Equal(record.Types, decoded.Types);
        Assert.Equal(("c/Orders", "Id", KeyGeneration.Sequence, "int32"), (decoded.PrimaryTree, decoded.KeyField, decoded.KeyGeneration, decoded.KeyType));
    }

    [Fact]
    public void Records_written_by_older_versions_decode_without_types()
    {
        // Format 2: tree "c/A", key field "Id", generation 3; format 1: only the tree.
        byte[] keyed = [2, 3, 0, (byte)'c', (byte)'/', (byte)'A', 2, 0, (byte)'I', (byte)'d', 3];
        byte[] bare = [1, 3, 0, (byte)'c', (byte)'/', (byte)'A'];

        var two = CatalogRecords.DecodeCollection("A", keyed, "test.db");
        Assert.Equal(("c/A", "Id", KeyGeneration.Sequence), (two.PrimaryTree, two.KeyField, two.KeyGeneration));
        Assert.Null(two.Types);
        Assert.Null(two.KeyType);
        Assert.Equal(keyed, CatalogRecords.EncodeCollection(two));

        var one = CatalogRecords.DecodeCollection("A", bare, "test.db");
        Assert.Null(one.KeyField);
        Assert.Null(one.Types);
        Assert.Equal(bare, CatalogRecords.EncodeCollection(one));
    }

    [Fact]
    public void A_truncated_type_list_is_reported_as_corruption_naming_the_collection()
    {
        var bytes = CatalogRecords.EncodeCollection(new CollectionRecord("A", "c/A", "Id", KeyGeneration.None, [new("Id", "string?")]));
        var error = Assert.Throws<DatabaseCorruptException>(() => CatalogRecords.DecodeCollection("A", bytes.AsSpan(0, bytes.Length - 3), "test.db"));
        Assert.Contains("collection 'A'", error.Message, StringComparison.Ordinal);
        Assert.Throws<DatabaseCorruptException>(() => CatalogRecords.DecodeCollection("A", [4, 0, 0], "test.db"));
    }

    [Theory]
    [InlineData("int32", "Int32", false)]
    [InlineData("datetime?", "DateTime", true)]
    [InlineData("array<document?>?", "Array", true)]
    [InlineData("Int32", "Unknown", false)]
    [InlineData("vector<int32>", "Unknown", false)]
    public void Type_texts_parse_and_unknown_ones_are_kept(string text, string kindName, bool nullable)
    {
        var kind = Enum.Parse<FieldTypeKind>(kindName);
        var type = FieldType.Parse(text);
        Assert.Equal((kind, nullable, text), (type.Kind, type.Nullable, type.Text));
        if (kind == FieldTypeKind.Array)
        {
            Assert.Equal((FieldTypeKind.Document, true), (type.Element!.Kind, type.Element.Nullable));
        }
    }
}
