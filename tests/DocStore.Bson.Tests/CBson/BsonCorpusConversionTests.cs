using System.Text.Json;
using DocStore.Bson.Tests.CBson.Support;

namespace DocStore.Bson.Tests.CBson;

/// <summary>
/// MongoDB's BSON corpus through the byte-level converter: valid BSON imports to C-BSON that validates
/// and exports back to the same bytes; malformed BSON is rejected with BsonFormatException only.
/// </summary>
public class BsonCorpusConversionTests
{
    public static TheoryData<string> Files()
    {
        var data = new TheoryData<string>();
        foreach (var file in Directory.GetFiles(DocStore.Bson.Tests.Corpus.CorpusLocation.Folder, "*.json").Order(StringComparer.Ordinal))
        {
            data.Add(Path.GetFileName(file));
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Files))]
    public void Valid_bson_imports_validates_and_exports_to_the_same_bytes(string file)
    {
        foreach (var (description, canonical, degenerate) in Valid(file))
        {
            var names = new FieldDictionary();
            if (HasEmptyFieldName(canonical))
            {
                // Field names must be non-empty in C-BSON: refused clearly rather than mangled.
                Assert.Throws<BsonFormatException>(() => CBsonBsonConverter.FromBson(canonical, names));
                continue;
            }

            var cbson = CBsonBsonConverter.FromBson(canonical, names);
            CBsonValidator.Validate(cbson);
            Assert.True(canonical.AsSpan().SequenceEqual(CBsonBsonConverter.ToBson(cbson, names)), $"{file}: {description}");

            // Array keys are dropped on import, so degenerate array keys import as the canonical document.
            if (degenerate is not null && file == "array.json")
            {
                Assert.Equal(cbson, CBsonBsonConverter.FromBson(degenerate, names));
            }
        }
    }

    [Theory]
    [MemberData(nameof(Files))]
    public void Malformed_bson_is_rejected_with_BsonFormatException_only(string file)
    {
        foreach (var (description, bson) in DecodeErrors(file))
        {
            var names = new FieldDictionary();
            try
            {
                CBsonBsonConverter.FromBson(bson, names);
                Assert.Fail($"{file}: '{description}' was accepted");
            }
            catch (BsonFormatException)
            {
            }
        }
    }

    private static IEnumerable<(string Description, byte[] Canonical, byte[]? Degenerate)> Valid(string file)
    {
        using var json = JsonDocument.Parse(File.ReadAllText(Path.Combine(DocStore.Bson.Tests.Corpus.CorpusLocation.Folder, file)));
        if (!json.RootElement.TryGetProperty("valid", out var valid))
        {
            yield break;
        }

        foreach (var test in valid.EnumerateArray())
        {
            var degenerate = test.TryGetProperty("degenerate_bson", out var d) ? Convert.FromHexString(d.GetString()!) : null;
            yield return (test.GetProperty("description").GetString()!, Convert.FromHexString(test.GetProperty("canonical_bson").GetString()!), degenerate);
        }
    }

    private static IEnumerable<(string Description, byte[] Bson)> DecodeErrors(string file)
    {
        using var json = JsonDocument.Parse(File.ReadAllText(Path.Combine(DocStore.Bson.Tests.Corpus.CorpusLocation.Folder, file)));
        if (!json.RootElement.TryGetProperty("decodeErrors", out var errors))
        {
            yield break;
        }

        foreach (var test in errors.EnumerateArray())
        {
            yield return (test.GetProperty("description").GetString()!, Convert.FromHexString(test.GetProperty("bson").GetString()!));
        }
    }

    // The only documents in the corpus with an empty name, found by a plain BSON walk.
    private static bool HasEmptyFieldName(byte[] bson) => BsonFraming.Names(bson, "\0").Exists(name => name.Length == 0 || name.EndsWith('\0'));
}
