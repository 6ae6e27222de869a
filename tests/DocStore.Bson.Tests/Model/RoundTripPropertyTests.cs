using System.Text.Json;
using DocStore.Bson.Interop;
using DocStore.Bson.Model;

namespace DocStore.Bson.Tests.Model;

/// <summary>Seeded random documents of every type survive each format exactly.</summary>
public class RoundTripPropertyTests
{
    private const int Documents = 400;

    [Fact]
    public void Random_documents_round_trip_through_standard_bson()
    {
        var generator = new RandomDocuments(1, RandomDocumentTarget.Bson);
        for (var i = 0; i < Documents; i++)
        {
            var document = generator.Document(maxDepth: 6);
            var bytes = BsonBinary.Write(document);
            var back = BsonBinary.Read(bytes);
            Assert.True(document.Equals(back), $"document {i} changed: {document}");
            Assert.Equal(bytes, BsonBinary.Write(back));
        }
    }

    [Fact]
    public void Random_documents_round_trip_through_canonical_extended_json()
    {
        var generator = new RandomDocuments(2, RandomDocumentTarget.CanonicalJson);
        for (var i = 0; i < Documents; i++)
        {
            var document = generator.Document(maxDepth: 6);
            var json = ExtendedJson.ToJson(document, ExtendedJsonMode.Canonical);
            var back = ExtendedJson.Parse(json);
            Assert.True(document.Equals(back), $"document {i} changed: {json}");
            Assert.Equal(BsonBinary.Write(document), BsonBinary.Write(back));
        }
    }

    [Fact]
    public void Random_documents_of_the_lossless_subset_round_trip_through_relaxed_extended_json()
    {
        var generator = new RandomDocuments(3, RandomDocumentTarget.RelaxedJson);
        for (var i = 0; i < Documents; i++)
        {
            var document = generator.Document(maxDepth: 6);
            var json = ExtendedJson.ToJson(document, ExtendedJsonMode.Relaxed);
            var back = ExtendedJson.Parse(json);
            Assert.True(document.Equals(back), $"document {i} changed: {json}");
        }
    }

    [Fact]
    public void Indented_utf8_output_with_default_escaping_parses_back_the_same()
    {
        var generator = new RandomDocuments(4, RandomDocumentTarget.CanonicalJson);
        for (var i = 0; i < 100; i++)
        {
            var document = generator.Document(maxDepth: 5);
            var buffer = new System.Buffers.ArrayBufferWriter<byte>();
            using (var writer = new Utf8JsonWriter(buffer, new JsonWriterOptions { Indented = true }))
            {
                ExtendedJson.Write(writer, document, ExtendedJsonMode.Canonical);
            }

            Assert.True(document.Equals(ExtendedJson.Parse(buffer.WrittenSpan)), $"document {i} changed");
        }
    }

    [Fact]
    public void Deep_clones_are_equal_and_independent()
    {
        var generator = new RandomDocuments(5, RandomDocumentTarget.Bson);
        for (var i = 0; i < 100; i++)
        {
            var document = generator.Document(maxDepth: 6);
            var clone = document.DeepClone();
            Assert.Equal(document, clone);
            Assert.Equal(document.GetHashCode(), clone.GetHashCode());
            clone.Add("extra", 1);
            Assert.NotEqual(document, clone);
        }
    }
}
