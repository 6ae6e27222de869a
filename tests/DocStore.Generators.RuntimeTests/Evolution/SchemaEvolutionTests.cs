using DocStore.Bson;
using DocStore.Generators.RuntimeTests.Infrastructure;
using DocStore.Generators.RuntimeTests.Models;
using DocStore.Metadata;

namespace DocStore.Generators.RuntimeTests.Evolution;

/// <summary>Documents written by one version of a type, read by the next.</summary>
public class SchemaEvolutionTests
{
    private static (byte[] Bytes, FieldDictionary Fields) StoredV1(int score = 70000)
    {
        var fields = new FieldDictionary();
        var v1 = new ContactV1 { Id = 5, Name = "Ada", Age = 36, Nickname = "Enchantress", Score = score, Home = new() { City = "London", Zip = 12345 } };
        return (Bytes.Write(ContactV1Collection.DocumentModel, v1, fields), fields);
    }

    [Fact]
    public void A_stored_field_the_type_no_longer_has_is_skipped()
    {
        (byte[] bytes, FieldDictionary fields) = StoredV1();
        ContactV2 v2 = ContactV2Collection.DocumentModel.Read(bytes, fields);
        Assert.Equal(5, v2.Id);
        Assert.Equal("Ada", v2.Name);
        Assert.True(fields.TryGetId("Nickname", out _));
    }

    [Fact]
    public void A_member_the_document_lacks_keeps_its_default()
    {
        (byte[] bytes, FieldDictionary fields) = StoredV1();
        ContactV2 v2 = ContactV2Collection.DocumentModel.Read(bytes, fields);
        Assert.Equal("unknown@example.org", v2.Email);
        Assert.Equal("UK", v2.Home.Country);
        Assert.Equal("London", v2.Home.City);
    }

    [Fact]
    public void A_renamed_member_with_Field_reads_the_old_stored_name()
    {
        (byte[] bytes, FieldDictionary fields) = StoredV1();
        Assert.Equal(36, ContactV2Collection.DocumentModel.Read(bytes, fields).Years);
    }

    [Fact]
    public void A_widened_number_reads_the_narrower_stored_value()
    {
        (byte[] bytes, FieldDictionary fields) = StoredV1();
        Assert.Equal(70000L, ContactV2Collection.DocumentModel.Read(bytes, fields).Score);
    }

    [Fact]
    public void A_narrowed_number_reads_values_in_range()
    {
        (byte[] bytes, FieldDictionary fields) = StoredV1(score: 200);
        Assert.Equal((byte)200, ContactV4Collection.DocumentModel.Read(bytes, fields).Score);
    }

    [Fact]
    public void An_incompatible_stored_type_names_collection_key_and_field()
    {
        (byte[] bytes, FieldDictionary fields) = StoredV1();
        DocumentSchemaException e = Assert.Throws<DocumentSchemaException>(() => ContactV3Collection.DocumentModel.Read(bytes, fields));
        Assert.Equal("ContactsV3", e.Collection);
        Assert.Equal("5", e.Key);
        Assert.Equal("Name", e.FieldPath);
        Assert.Contains("'ContactsV3'", e.Message, StringComparison.Ordinal);
        Assert.Contains("field 'Name'", e.Message, StringComparison.Ordinal);
        Assert.Contains("Document 5", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void An_out_of_range_number_is_a_schema_error_not_an_overflow()
    {
        (byte[] bytes, FieldDictionary fields) = StoredV1(score: 70000);
        DocumentSchemaException e = Assert.Throws<DocumentSchemaException>(() => ContactV4Collection.DocumentModel.Read(bytes, fields));
        Assert.Equal("Score", e.FieldPath);
        Assert.Contains("out of range for byte", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void An_incompatible_nested_value_names_the_full_path()
    {
        (byte[] bytes, FieldDictionary fields) = StoredV1(score: 1);
        DocumentSchemaException e = Assert.Throws<DocumentSchemaException>(() => ContactV5Collection.DocumentModel.Read(bytes, fields));
        Assert.Equal("Home.Zip", e.FieldPath);
        Assert.Equal("ContactsV5", e.Collection);
        Assert.Equal("5", e.Key);
    }
}
