using System.Globalization;
using DocStore.Bson.Interop;
using DocStore.Sql;
using MongoDB.Bson;
using MongoDB.Bson.IO;
using MongoDB.Bson.Serialization;
using Model = DocStore.Bson.Model;

namespace DocStore.Cli.Tests;

/// <summary>
/// A typed collection's .NET values exported for MongoDB: a UTC DateTime of whole milliseconds is a BSON date,
/// the rest ISO 8601 text, Guids and decimals BSON's own types; MongoDB's library reads the files, and the files
/// written back into an empty typed collection store the same bytes. --exact keeps the stored binaries.
/// </summary>
public sealed class DotNetValueExportTests : IDisposable
{
    private readonly TempFolder _dir = new();

    public DotNetValueExportTests()
    {
        using var db = MomentDb.Open(_dir["app.db"]);
        foreach (var moment in Moment.Samples())
        {
            db.Moments.Insert(moment);
        }
    }

    public void Dispose() => _dir.Dispose();

    [Theory]
    [InlineData("out.bson")]
    [InlineData("out.jsonl")]
    [InlineData("out.json")]
    public void MongoDB_reads_dates_as_dates_and_the_rest_as_iso_text(string file)
    {
        Succeed(_dir.Run("export", "app.db", "Moments", file));
        var documents = file.EndsWith(".bson", StringComparison.Ordinal) ? ReadBson(_dir[file]) : ReadJson(_dir[file]);
        var samples = Moment.Samples();
        Assert.Equal(samples.Length, documents.Count);
        for (var i = 0; i < samples.Length; i++)
        {
            var expected = samples[i];
            var actual = documents[i];
            Assert.Equal(expected.UtcMs, actual["UtcMs"].AsBsonDateTime.ToUniversalTime());
            Assert.Equal(expected.UtcTicks.ToString("o", CultureInfo.InvariantCulture), actual["UtcTicks"].AsString);
            Assert.Equal(expected.Unspecified.ToString("o", CultureInfo.InvariantCulture), actual["Unspecified"].AsString);
            Assert.Equal(expected.Offset.ToString("o", CultureInfo.InvariantCulture), actual["Offset"].AsString);
            Assert.Equal(expected.Day.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture), actual["Day"].AsString);
            Assert.Equal(expected.Time, TimeOnly.Parse(actual["Time"].AsString, CultureInfo.InvariantCulture));
            Assert.Equal(expected.Duration.ToString("c", CultureInfo.InvariantCulture), actual["Duration"].AsString);
            Assert.Equal(expected.Ref, actual["Ref"].AsBsonBinaryData.ToGuid(GuidRepresentation.Standard));
            Assert.Equal(expected.Price.ToString(CultureInfo.InvariantCulture), actual["Price"].AsDecimal128.ToString());
            Assert.Equal(expected.Inner.At.Ticks % TimeSpan.TicksPerMillisecond == 0, actual["Inner"]["At"].IsBsonDateTime);
            Assert.Equal(expected.Inner.For.ToString("c", CultureInfo.InvariantCulture), actual["Inner"]["For"].AsString);
            Assert.Equal(expected.History.Count, actual["History"].AsBsonArray.Count);
        }

        // The instant of a BSON date is the DateTime's; an Unspecified DateTime in the array stays text without a zone.
        Assert.Equal(new DateTime(1999, 1, 1, 0, 0, 0, DateTimeKind.Utc), documents[0]["History"][0].ToUniversalTime());
        Assert.Equal("2000-06-15T12:00:00.0000000", documents[0]["History"][1].AsString);
        Assert.Equal(new DateTime(1960, 5, 4, 3, 2, 1, DateTimeKind.Utc), documents[0]["Inner"]["At"].ToUniversalTime());
    }

    [Theory]
    [InlineData("out.bson")]
    [InlineData("out.jsonl")]
    public void Written_back_into_an_empty_typed_collection_the_export_stores_the_same_bytes(string file)
    {
        Succeed(_dir.Run("export", "app.db", "Moments", file));
        using (MomentDb.Open(_dir["copy.db"]))
        {
            // Creates the empty collection with its recorded types.
        }

        // The tool converts the MongoDB forms (dates, ISO text) back by the collection's recorded types.
        Succeed(_dir.Run("import", "copy.db", "Moments", file));

        Assert.Equal(StoredBytes("app.db"), StoredBytes("copy.db"));
        Assert.Equal(CBsonBytes("app.db"), CBsonBytes("copy.db"));
    }

    [Theory]
    [InlineData("out.bson")]
    [InlineData("out.jsonl")]
    public void An_exact_export_keeps_the_stored_binaries_and_imports_byte_for_byte(string file)
    {
        Succeed(_dir.Run("export", "app.db", "Moments", file, "--exact"));
        var text = File.ReadAllText(_dir[file]);
        if (file.EndsWith(".jsonl", StringComparison.Ordinal))
        {
            Assert.Contains("\"subType\":\"80\"", text, StringComparison.Ordinal);
        }

        using (MomentDb.Open(_dir["copy.db"]))
        {
        }

        Succeed(_dir.Run("import", "copy.db", "Moments", file));
        Assert.Equal(StoredBytes("app.db"), StoredBytes("copy.db"));
        Assert.Equal(CBsonBytes("app.db"), CBsonBytes("copy.db"));
    }

    [Fact]
    public void Exact_is_refused_for_csv()
    {
        var result = _dir.Run("export", "app.db", "Moments", "out.csv", "--fields", "UtcMs", "--exact");
        Assert.NotEqual(0, result.ExitCode);
        Assert.Contains("--exact", result.Error, StringComparison.Ordinal);
    }

    // Each stored document as BSON bytes, read untyped in key order.
    private List<byte[]> StoredBytes(string database)
    {
        using var db = DocStoreDatabase.Open(_dir[database]);
        return [.. db.GetCollection("Moments").FindAll().Select(BsonBinary.Write)];
    }

    // The stored C-BSON of each sample, read through the typed model.
    private List<byte[]> CBsonBytes(string database)
    {
        using var db = MomentDb.Open(_dir[database]);
        return [.. Moment.Samples().Select(m => db.Moments.GetDocumentBytes(m.Id) ?? throw new InvalidOperationException($"{database} lacks moment {m.Id}"))];
    }

    private static List<Model.BsonDocument> ReadOwn(string path)
    {
        if (!path.EndsWith(".bson", StringComparison.Ordinal))
        {
            return [.. File.ReadAllLines(path).Where(l => l.Length > 0).Select(ExtendedJson.Parse)];
        }

        var bytes = File.ReadAllBytes(path);
        var documents = new List<Model.BsonDocument>();
        for (var at = 0; at < bytes.Length;)
        {
            var length = BitConverter.ToInt32(bytes, at);
            documents.Add(BsonBinary.Read(bytes.AsSpan(at, length)));
            at += length;
        }

        return documents;
    }

    private static List<BsonDocument> ReadBson(string path)
    {
        var documents = new List<BsonDocument>();
        using var stream = File.OpenRead(path);
        using var reader = new BsonBinaryReader(stream);
        while (stream.Position < stream.Length)
        {
            documents.Add(BsonSerializer.Deserialize<BsonDocument>(reader));
        }

        return documents;
    }

    private static List<BsonDocument> ReadJson(string path)
    {
        var text = File.ReadAllText(path);
        if (path.EndsWith(".jsonl", StringComparison.Ordinal))
        {
            return [.. text.Split('\n', StringSplitOptions.RemoveEmptyEntries).Select(BsonDocument.Parse)];
        }

        // A .json export is one document per line too, unless --json-array; read it with MongoDB's JSON reader either way.
        using var reader = new JsonReader(text);
        var documents = new List<BsonDocument>();
        while (!reader.IsAtEndOfFile())
        {
            documents.Add(BsonSerializer.Deserialize<BsonDocument>(reader));
        }

        return documents;
    }

    private static void Succeed(ToolResult result) =>
        Assert.True(result.ExitCode == 0, $"exit {result.ExitCode}: {result.Error}");
}
