using DocStore.Bson;
using DocStore.Generators.RuntimeTests.Infrastructure;
using DocStore.Generators.RuntimeTests.Models;
using DocStore.Metadata;

namespace DocStore.Generators.RuntimeTests.RoundTrip;

/// <summary>Generated field readers and index-key extractors over stored bytes.</summary>
public class FieldReaderTests
{
    private static readonly Person Ada = new() { Email = "ada@example.org", Age = 36, Address = new() { City = "London", Street = "Square" }, Tags = { "math", "poetry" } };

    [Fact]
    public void Field_readers_read_one_value_including_nested_paths()
    {
        var fields = new FieldDictionary();
        byte[] stored = Bytes.Write(PersonCollection.DocumentModel, Ada, fields);

        Assert.True(PersonCollection.TryReadAge(stored, fields, out int age));
        Assert.Equal(36, age);
        Assert.True(PersonCollection.TryReadAddressCity(stored, fields, out string? city));
        Assert.Equal("London", city);
        Assert.True(PersonCollection.TryReadTags(stored, fields, out List<string>? tags));
        Assert.Equal(["math", "poetry"], tags);
    }

    [Fact]
    public void Field_reader_by_path_reads_boxed_values_and_rejects_unknown_paths()
    {
        var fields = new FieldDictionary();
        byte[] stored = Bytes.Write(PersonCollection.DocumentModel, Ada, fields);

        Assert.Contains("Address.City", PersonCollection.DocumentModel.FieldPaths);
        Assert.True(PersonCollection.DocumentModel.TryReadField(stored, fields, "Address.City", out object? city));
        Assert.Equal("London", city);
        Assert.True(PersonCollection.DocumentModel.TryReadField(stored, fields, "Age", out object? age));
        Assert.Equal(36, age);
        ArgumentException e = Assert.Throws<ArgumentException>(() => PersonCollection.DocumentModel.TryReadField(stored, fields, "Address.Town", out _));
        Assert.Contains("'Address.Town'", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Field_reader_returns_false_for_a_field_the_document_lacks()
    {
        var fields = new FieldDictionary();
        var v1 = new ContactV1 { Id = 1, Name = "x" };
        byte[] stored = Bytes.Write(ContactV1Collection.DocumentModel, v1, fields);
        Assert.False(ContactV2Collection.TryReadEmail(stored, fields, out _));
        Assert.True(ContactV2Collection.TryReadYears(stored, fields, out _));
    }

    [Fact]
    public void Field_reader_returns_false_for_null()
    {
        var fields = new FieldDictionary();
        byte[] stored = Bytes.Write(EverythingCollection.DocumentModel, new Everything { Required = "r", MaybeInt = null }, fields);
        Assert.False(EverythingCollection.TryReadMaybeInt(stored, fields, out _));
    }

    [Fact]
    public void Index_keys_from_stored_bytes_equal_index_keys_from_the_object()
    {
        var fields = new FieldDictionary();
        byte[] stored = Bytes.Write(PersonCollection.DocumentModel, Ada, fields);
        for (int index = 0; index < PersonCollection.DocumentModel.Indexes.Count; index++)
        {
            List<byte[]> fromObject = Bytes.IndexKeys(PersonCollection.DocumentModel, index, Ada);
            List<byte[]> fromBytes = Bytes.StoredIndexKeys(PersonCollection.DocumentModel, index, stored, fields);
            Assert.NotEmpty(fromObject);
            Assert.Equal(fromObject, fromBytes);
        }

        Assert.Equal(2, Bytes.IndexKeys(PersonCollection.DocumentModel, 1, Ada).Count);
    }

    [Fact]
    public void Missing_and_null_index_values_index_as_null_and_empty_sequences_yield_no_key()
    {
        var fields = new FieldDictionary();
        var person = new Person { Email = null!, Address = null!, Tags = [] };
        byte[] stored = Bytes.Write(PersonCollection.DocumentModel, person, fields);

        Assert.Empty(Bytes.IndexKeys(PersonCollection.DocumentModel, 1, person));
        Assert.Empty(Bytes.StoredIndexKeys(PersonCollection.DocumentModel, 1, stored, fields));
        byte[] nullKey = Assert.Single(Bytes.IndexKeys(PersonCollection.DocumentModel, 0, person));
        Assert.Equal(nullKey, Assert.Single(Bytes.StoredIndexKeys(PersonCollection.DocumentModel, 0, stored, fields)));
        var builder = new IndexKeyBuilder();
        builder.AppendNull();
        Assert.Equal(builder.ToArray(), nullKey);
    }
}
