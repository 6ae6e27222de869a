using System.Text.Json;
using DocStore.Bson.Interop;

namespace DocStore.Bson.Tests.Corpus;

/// <summary>The corpus rules (see the corpus README and the BSON corpus specification), one method per case kind.</summary>
internal static class CorpusRunner
{
    public static void Run(CorpusCase c)
    {
        switch (c.Kind)
        {
            case CorpusCaseKind.Valid:
                RunValid(c);
                break;
            case CorpusCaseKind.DecodeError:
                RunDecodeError(c);
                break;
            default:
                RunParseError(c);
                break;
        }
    }

    private static void RunValid(CorpusCase c)
    {
        var canonicalBson = Hex(c.Text("canonical_bson")!);
        var canonicalJson = c.Text("canonical_extjson");
        var relaxedJson = c.Text("relaxed_extjson");

        // canonical BSON -> model -> the same bytes, and -> canonical / relaxed Extended JSON.
        var decoded = BsonBinary.Read(canonicalBson);
        AssertBytes(canonicalBson, BsonBinary.Write(decoded), c, "canonical_bson re-encoded");
        if (canonicalJson is not null)
        {
            JsonAssert.Equivalent(canonicalJson, ExtendedJson.ToJson(decoded, ExtendedJsonMode.Canonical), $"{c}: canonical_bson to canonical JSON");

            // canonical Extended JSON -> model -> itself, and -> canonical BSON unless lossy.
            var parsed = ExtendedJson.Parse(canonicalJson);
            JsonAssert.Equivalent(canonicalJson, ExtendedJson.ToJson(parsed, ExtendedJsonMode.Canonical), $"{c}: canonical_extjson round trip");
            if (!c.Lossy)
            {
                AssertBytes(canonicalBson, BsonBinary.Write(parsed), c, "canonical_extjson to BSON");
            }
        }

        if (relaxedJson is not null)
        {
            JsonAssert.Equivalent(relaxedJson, ExtendedJson.ToJson(decoded, ExtendedJsonMode.Relaxed), $"{c}: canonical_bson to relaxed JSON");
            JsonAssert.Equivalent(relaxedJson, ExtendedJson.ToJson(ExtendedJson.Parse(relaxedJson), ExtendedJsonMode.Relaxed), $"{c}: relaxed_extjson round trip");
        }

        if (c.Text("degenerate_bson") is { } degenerateHex)
        {
            var degenerate = BsonBinary.Read(Hex(degenerateHex));
            AssertBytes(canonicalBson, BsonBinary.Write(degenerate), c, "degenerate_bson re-encoded");
            if (canonicalJson is not null)
            {
                JsonAssert.Equivalent(canonicalJson, ExtendedJson.ToJson(degenerate, ExtendedJsonMode.Canonical), $"{c}: degenerate_bson to canonical JSON");
            }

            if (relaxedJson is not null)
            {
                JsonAssert.Equivalent(relaxedJson, ExtendedJson.ToJson(degenerate, ExtendedJsonMode.Relaxed), $"{c}: degenerate_bson to relaxed JSON");
            }
        }

        if (c.Text("degenerate_extjson") is { } degenerateJson)
        {
            var parsed = ExtendedJson.Parse(degenerateJson);
            if (canonicalJson is not null)
            {
                JsonAssert.Equivalent(canonicalJson, ExtendedJson.ToJson(parsed, ExtendedJsonMode.Canonical), $"{c}: degenerate_extjson to canonical JSON");
            }

            if (relaxedJson is not null)
            {
                JsonAssert.Equivalent(relaxedJson, ExtendedJson.ToJson(parsed, ExtendedJsonMode.Relaxed), $"{c}: degenerate_extjson to relaxed JSON");
            }

            if (!c.Lossy)
            {
                AssertBytes(canonicalBson, BsonBinary.Write(parsed), c, "degenerate_extjson to BSON");
            }
        }

        // Deprecated types: replacing them by their modern equivalents gives the converted forms.
        var convertedHex = c.Text("converted_bson");
        var convertedJson = c.Text("converted_extjson");
        if (convertedHex is not null || convertedJson is not null)
        {
            var modern = decoded.ReplaceDeprecatedTypes();
            if (convertedHex is not null)
            {
                AssertBytes(Hex(convertedHex), BsonBinary.Write(modern), c, "deprecated types replaced, to BSON");
            }

            if (convertedJson is not null)
            {
                JsonAssert.Equivalent(convertedJson, ExtendedJson.ToJson(modern, ExtendedJsonMode.Canonical), $"{c}: deprecated types replaced, to JSON");
                if (convertedHex is not null)
                {
                    AssertBytes(Hex(convertedHex), BsonBinary.Write(ExtendedJson.Parse(convertedJson)), c, "converted_extjson to BSON");
                }
            }
        }
    }

    private static void RunDecodeError(CorpusCase c)
    {
        var bytes = Hex(c.Text("bson")!);
        var error = Assert.Throws<BsonFormatException>(() => BsonBinary.Read(bytes));
        Assert.False(string.IsNullOrWhiteSpace(error.Message));
    }

    private static void RunParseError(CorpusCase c)
    {
        var text = c.Text("string")!;
        if (c.IsDecimal128File)
        {
            Assert.Throws<BsonFormatException>(() => Decimal128.Parse(text));
            Assert.False(Decimal128.TryParse(text, null, out _));

            // The same string inside $numberDecimal is an Extended JSON parse error too.
            var json = "{\"d\": {\"$numberDecimal\": " + JsonSerializer.Serialize(text) + "}}";
            Assert.Throws<BsonFormatException>(() => ExtendedJson.Parse(json));
        }
        else
        {
            Assert.Throws<BsonFormatException>(() => ExtendedJson.Parse(text));
        }
    }

    private static void AssertBytes(byte[] expected, byte[] actual, CorpusCase c, string step)
    {
        if (!expected.AsSpan().SequenceEqual(actual))
        {
            Assert.Fail($"{c}: {step}\nexpected: {Convert.ToHexString(expected)}\nactual:   {Convert.ToHexString(actual)}");
        }
    }

    private static byte[] Hex(string hex) => Convert.FromHexString(hex);
}
