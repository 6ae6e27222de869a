using System.Text;
using MongoDB.Bson;
using MongoDB.Bson.IO;
using MongoDB.Bson.Serialization;

namespace DocStore.Cli.Tests;

/// <summary>
/// Files written by MongoDB's own BSON library import, and what the tool exports reads back with it as
/// equal documents: every BSON type, documents of different shapes, Unicode, empty values, nesting.
/// </summary>
public sealed class MongoInteropTests : IDisposable
{
    private static readonly JsonWriterSettings Canonical = new() { OutputMode = JsonOutputMode.CanonicalExtendedJson };
    private static readonly JsonWriterSettings Relaxed = new() { OutputMode = JsonOutputMode.RelaxedExtendedJson };

    private readonly TempFolder _dir = new();

    public void Dispose() => _dir.Dispose();

    [Fact]
    public void Bson_written_by_MongoDB_imports_and_exports_the_same_bytes()
    {
        var documents = Documents();
        var written = documents.SelectMany(d => d.ToBson()).ToArray();
        File.WriteAllBytes(_dir["dump.bson"], written);

        Succeed(_dir.Run("import", "app.db", "all", "dump.bson"));
        Succeed(_dir.Run("export", "app.db", "all", "out.bson"));

        var exported = File.ReadAllBytes(_dir["out.bson"]);
        Same(documents, ReadBson(exported));
        Assert.Equal(written, exported);
    }

    [Fact]
    public void Canonical_json_written_by_MongoDB_imports_exactly()
    {
        var documents = Documents();
        File.WriteAllLines(_dir["dump.json"], documents.Select(d => d.ToJson(Canonical)));

        Succeed(_dir.Run("import", "app.db", "all", "dump.json"));
        Succeed(_dir.Run("export", "app.db", "all", "out.bson"));

        Same(documents, ReadBson(File.ReadAllBytes(_dir["out.bson"])));
    }

    [Fact]
    public void Relaxed_json_written_by_MongoDB_imports_as_MongoDB_reads_it()
    {
        var lines = Documents().Select(d => d.ToJson(Relaxed)).ToList();
        File.WriteAllLines(_dir["dump.jsonl"], lines);

        Succeed(_dir.Run("import", "app.db", "all", "dump.jsonl"));
        Succeed(_dir.Run("export", "app.db", "all", "out.bson"));

        Same(lines.Select(BsonDocument.Parse), ReadBson(File.ReadAllBytes(_dir["out.bson"])));
    }

    [Fact]
    public void A_json_array_written_by_MongoDB_imports()
    {
        var documents = Documents();
        File.WriteAllText(_dir["dump.json"], new BsonArray(documents).ToJson(Canonical));

        Succeed(_dir.Run("import", "app.db", "all", "dump.json", "--json-array"));
        Succeed(_dir.Run("export", "app.db", "all", "out.bson"));

        Same(documents, ReadBson(File.ReadAllBytes(_dir["out.bson"])));
    }

    [Fact]
    public void Json_exported_by_the_tool_reads_back_with_MongoDB()
    {
        var documents = Documents();
        File.WriteAllBytes(_dir["dump.bson"], documents.SelectMany(d => d.ToBson()).ToArray());
        Succeed(_dir.Run("import", "app.db", "all", "dump.bson"));

        var canonical = _dir.Run("export", "app.db", "all", "--canonical");
        var relaxed = _dir.Run("export", "app.db", "all", "--format", "jsonl");
        Succeed(_dir.Run("export", "app.db", "all", "array.json", "--json-array", "--canonical"));

        Same(documents, Lines(canonical).Select(BsonDocument.Parse));
        Same(documents.Select(d => BsonDocument.Parse(d.ToJson(Relaxed))), Lines(relaxed).Select(BsonDocument.Parse));
        var array = BsonSerializer.Deserialize<BsonArray>(File.ReadAllText(_dir["array.json"]));
        Same(documents, array.Select(v => v.AsBsonDocument));
    }

    /// <summary>Documents with ascending int32 keys, so that the export's key order is the list's order.</summary>
    private static List<BsonDocument> Documents()
    {
        var scope = new BsonDocument { { "x", 1 }, { "inner", new BsonDocument("y", "z") } };
        return
        [
            new BsonDocument
            {
                { "_id", 1 },
                { "double", 3.25 },
                { "string", "text" },
                { "document", new BsonDocument { { "a", 1 }, { "b", new BsonDocument("c", true) } } },
                { "array", new BsonArray { 1, "two", 3.0, new BsonDocument("four", 4) } },
                { "binary", new BsonBinaryData([1, 2, 3], BsonBinarySubType.Binary) },
                { "function", new BsonBinaryData([4, 5], BsonBinarySubType.Function) },
                { "uuid", new BsonBinaryData(Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e"), GuidRepresentation.Standard) },
                { "legacyUuid", new BsonBinaryData(new byte[16], BsonBinarySubType.UuidLegacy) },
                { "md5", new BsonBinaryData(new byte[16], BsonBinarySubType.MD5) },
                { "encrypted", new BsonBinaryData([9], BsonBinarySubType.Encrypted) },
                { "userDefined", new BsonBinaryData([7, 7], BsonBinarySubType.UserDefined) },
                { "emptyBinary", new BsonBinaryData([], BsonBinarySubType.Binary) },
                { "objectId", MongoDB.Bson.ObjectId.Parse("64b7f0c2a1b2c3d4e5f60718") },
                { "bool", false },
                { "datetime", new BsonDateTime(1_700_000_000_123) },
                { "null", BsonNull.Value },
                { "regex", new BsonRegularExpression("^a.*b$", "imsx") },
                { "int32", int.MinValue },
                { "timestamp", new BsonTimestamp(1_700_000_000, 7) },
                { "int64", long.MaxValue },
                { "smallInt64", new BsonInt64(5) },
                { "decimal128", new BsonDecimal128(Decimal128.Parse("1234567890.123456789012345678901234")) },
                { "minKey", BsonMinKey.Value },
                { "maxKey", BsonMaxKey.Value },
                { "javascript", new BsonJavaScript("function () { return 1; }") },
                { "javascriptWithScope", new BsonJavaScriptWithScope("x + 1", scope) },
                { "symbol", BsonSymbol.Create("sym") },
                { "undefined", BsonUndefined.Value },
            },
            new BsonDocument
            {
                { "_id", 2 },
                { "emptyString", string.Empty },
                { "emptyArray", new BsonArray() },
                { "emptyDocument", new BsonDocument() },
                { "unicode", "Zoë — 東京 — مرحبا — 👩‍💻 — e\u0301" },
                { "ключ", "key in Cyrillic" },
                {
                    "orders", new BsonArray
                    {
                        new BsonDocument { { "sku", "A-1" }, { "lines", new BsonArray { new BsonDocument("q", 1), new BsonDocument("q", new BsonArray { new BsonArray(), new BsonArray { 1 } }) } } },
                        new BsonDocument { { "sku", "B-2" }, { "lines", new BsonArray() } },
                    }
                },
            },
            new BsonDocument("_id", 3),
            new BsonDocument
            {
                { "_id", 4 },
                { "negativeZero", -0.0 },
                { "inf", double.PositiveInfinity },
                { "negInf", double.NegativeInfinity },
                { "nan", double.NaN },
                { "bigDouble", 1.7976931348623157e308 },
                { "tiny", 5e-324 },
                { "int64Min", long.MinValue },
                { "decimalNaN", new BsonDecimal128(Decimal128.QNaN) },
                { "decimalInf", new BsonDecimal128(Decimal128.NegativeInfinity) },
                { "decimalExp", new BsonDecimal128(Decimal128.Parse("1E+6144")) },
                { "before1970", new BsonDateTime(-2_208_988_800_000) },
                { "lastOf9999", new BsonDateTime(253_402_300_799_999) },
            },
        ];
    }

    private static List<BsonDocument> ReadBson(byte[] bytes)
    {
        var documents = new List<BsonDocument>();
        using var stream = new MemoryStream(bytes);
        using var reader = new BsonBinaryReader(stream);
        while (stream.Position < stream.Length)
        {
            documents.Add(BsonSerializer.Deserialize<BsonDocument>(reader));
        }

        return documents;
    }

    /// <summary>
    /// Equal documents, compared as MongoDB's canonical Extended JSON, which keeps every type and value exactly
    /// (BsonDocument.Equals would call two NaNs different).
    /// </summary>
    private static void Same(IEnumerable<BsonDocument> expected, IEnumerable<BsonDocument> actual)
    {
        var left = expected.ToList();
        var right = actual.ToList();
        Assert.Equal(left.Count, right.Count);
        for (var i = 0; i < left.Count; i++)
        {
            Assert.Equal(left[i].ToJson(Canonical), right[i].ToJson(Canonical));
        }
    }

    private static string[] Lines(ToolResult result)
    {
        Succeed(result);
        return result.Output.Split('\n', StringSplitOptions.RemoveEmptyEntries);
    }

    private static void Succeed(ToolResult result) =>
        Assert.True(result.ExitCode == 0, $"exit {result.ExitCode}: {result.Error}");
}
