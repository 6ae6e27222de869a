using DocStore.Bson.Interop;
using DocStore.Bson.Model;
using DocStore.Bson.Tests.CBson.Support;

namespace DocStore.Bson.Tests.CrossFormat;

/// <summary>
/// A stored document must survive every format DocStore speaks: C-BSON -> BSON -> document model ->
/// Extended JSON -> model -> BSON -> C-BSON gives back the very same bytes.
/// </summary>
public class CrossFormatRoundTripTests
{
    [Fact]
    public void Seeded_random_documents_survive_canonical_extended_json_byte_for_byte()
    {
        var names = SampleDocuments.Names(RandomDocuments.MaxId);
        var random = new Random(20261122);
        var exact = 0;
        for (var i = 0; i < 300; i++)
        {
            var stored = RandomDocuments.Create(random, maxDepth: 5);

            var json = CBsonDocumentConverter.ToExtendedJson(stored, names, ExtendedJsonMode.Canonical);
            var back = CBsonDocumentConverter.FromExtendedJson(json, names);

            // Text cannot spell a NaN's sign and payload, nor a non-canonical decimal128 bit pattern
            // (a coefficient above 10^34 - 1 means zero): those are Extended JSON's documented losses.
            // The trip is stable, and a document without them comes back bit for bit.
            Assert.Equal(json, CBsonDocumentConverter.ToExtendedJson(back, names, ExtendedJsonMode.Canonical));
            if (TextCanSpell(CBsonDocumentConverter.ToDocument(stored, names)))
            {
                Assert.Equal(Convert.ToHexString(stored), Convert.ToHexString(back));
                exact++;
            }
        }

        Assert.True(exact > 200, $"only {exact} of 300 documents were free of NaN");
    }

    private static bool TextCanSpell(BsonValue value) => value switch
    {
        BsonDocument document => document.Values.All(TextCanSpell),
        BsonArray array => array.All(TextCanSpell),
        BsonJavaScriptWithScope code => TextCanSpell(code.Scope),
        BsonDouble number => !double.IsNaN(number.Value) || BitConverter.DoubleToInt64Bits(number.Value) == 0x7FF8_0000_0000_0000,
        BsonDecimal128 number => Decimal128.Parse(number.Value.ToString()) == number.Value,
        _ => true,
    };

    [Fact]
    public void Seeded_random_documents_survive_the_document_model_byte_for_byte()
    {
        var names = SampleDocuments.Names(RandomDocuments.MaxId);
        var random = new Random(7);
        for (var i = 0; i < 300; i++)
        {
            var stored = RandomDocuments.Create(random, maxDepth: 5);

            var document = CBsonDocumentConverter.ToDocument(stored, names);
            var back = CBsonDocumentConverter.FromDocument(document, names);

            Assert.Equal(Convert.ToHexString(stored), Convert.ToHexString(back));
        }
    }

    [Fact]
    public void Relaxed_extended_json_keeps_values_equal_within_its_documented_losses()
    {
        var names = SampleDocuments.Names(RandomDocuments.MaxId);
        var random = new Random(99);
        for (var i = 0; i < 200; i++)
        {
            var stored = RandomDocuments.Create(random, maxDepth: 4);
            var relaxed = CBsonDocumentConverter.ToExtendedJson(stored, names, ExtendedJsonMode.Relaxed);

            // Relaxed JSON drops the int32/int64/double distinction of small numbers, so the check is
            // that it parses and gives back a document with the same names in the same order.
            var original = CBsonDocumentConverter.ToDocument(stored, names);
            var parsed = ExtendedJson.Parse(relaxed);
            Assert.Equal(original.Names, parsed.Names);
        }
    }

    [Fact]
    public void New_names_from_json_get_fresh_field_ids()
    {
        var names = new FieldDictionary();
        var stored = CBsonDocumentConverter.FromExtendedJson("""{"city": "London", "address": {"city": "Paris"}}""", names);

        Assert.Equal(2, names.Count);
        var reader = new CBsonReader(stored);
        Assert.True(reader.TryFindField(names.GetOrAdd("city")));
        Assert.Equal("London", reader.GetString());
    }

    [Fact]
    public void Malformed_json_is_a_format_error_and_adds_no_names()
    {
        var names = new FieldDictionary();
        Assert.Throws<BsonFormatException>(() => CBsonDocumentConverter.FromExtendedJson("""{"a": {"$numberInt": "x"}}""", names));
        Assert.Empty(names);
    }
}
