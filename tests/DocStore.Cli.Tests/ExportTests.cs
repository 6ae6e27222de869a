using DocStore.Bson.Interop;
using DocStore.Bson.Model;

namespace DocStore.Cli.Tests;

public sealed class ExportTests : IDisposable
{
    private readonly TempFolder _dir = new();

    public void Dispose() => _dir.Dispose();

    [Fact]
    public void Export_to_standard_output_writes_relaxed_json_lines_in_key_order()
    {
        Seed("""{"_id": 2, "n": {"$numberLong": "5"}, "s": "é"}""", """{"_id": 1, "when": {"$date": "2024-01-02T03:04:05.678Z"}}""");

        var result = _dir.Run("export", "app.db", "items");

        Assert.Equal(0, result.ExitCode);
        Assert.Equal(
            "{\"_id\":1,\"when\":{\"$date\":\"2024-01-02T03:04:05.678Z\"}}\n{\"_id\":2,\"n\":5,\"s\":\"é\"}\n",
            result.Output);
    }

    [Fact]
    public void Canonical_and_array_json_keep_every_type()
    {
        Seed("""{"_id": 1, "n": {"$numberLong": "5"}, "d": 1.0}""");

        var canonical = _dir.Run("export", "app.db", "items", "--canonical");
        var array = _dir.Run("export", "app.db", "items", "out.json", "--json-array");

        Assert.Equal("{\"_id\":{\"$numberInt\":\"1\"},\"n\":{\"$numberLong\":\"5\"},\"d\":{\"$numberDouble\":\"1.0\"}}\n", canonical.Output);
        Assert.Equal(0, array.ExitCode);
        Assert.Equal("[\n{\"_id\":1,\"n\":5,\"d\":1.0}\n]\n", File.ReadAllText(_dir["out.json"]));
    }

    [Fact]
    public void Export_then_import_gives_the_same_bson_bytes()
    {
        Seed(
            """{"_id": {"$oid": "64b7f0c2a1b2c3d4e5f60718"}, "a": [1, {"b": []}, ""], "z": {"$numberDecimal": "1.10"}}""",
            """{"_id": {"$oid": "64b7f0c2a1b2c3d4e5f60719"}, "other": {"shape": true}, "bin": {"$binary": {"base64": "AQI=", "subType": "80"}}}""");

        Assert.Equal(0, _dir.Run("export", "app.db", "items", "one.bson").ExitCode);
        Assert.Equal(0, _dir.Run("import", "copy.db", "items", "one.bson").ExitCode);
        Assert.Equal(0, _dir.Run("export", "copy.db", "items", "two.bson").ExitCode);

        Assert.Equal(File.ReadAllBytes(_dir["one.bson"]), File.ReadAllBytes(_dir["two.bson"]));
        Assert.Equal(2, CountDocuments(File.ReadAllBytes(_dir["one.bson"])));
    }

    [Fact]
    public void Csv_export_writes_the_fields_asked_for()
    {
        Seed("""{"_id": 1, "name": "Lovelace, Ada", "address": {"city": "London"}, "tags": ["a"]}""", """{"_id": 2, "name": "Grace"}""");

        var result = _dir.Run("export", "app.db", "items", "out.csv", "--fields", "_id,name,address.city,tags");

        Assert.Equal(0, result.ExitCode);
        Assert.Equal("_id,name,address.city,tags\n1,\"Lovelace, Ada\",London,\"[\"\"a\"\"]\"\n2,Grace,,\n", File.ReadAllText(_dir["out.csv"]));
        Assert.Equal(2, _dir.Run("export", "app.db", "items", "out.csv").ExitCode);
    }

    [Fact]
    public void An_unknown_collection_fails_and_writes_no_file()
    {
        Seed("""{"_id": 1}""");

        var result = _dir.Run("export", "app.db", "nothing", "out.jsonl");

        Assert.Equal(1, result.ExitCode);
        Assert.Equal("docstore: The database 'app.db' has no collection 'nothing' (it has items).\n", result.Error);
        Assert.False(File.Exists(_dir["out.jsonl"]));
        Assert.False(File.Exists(_dir["out.jsonl.partial"]));
    }

    [Fact]
    public void A_missing_database_is_a_failure_not_a_new_file()
    {
        var result = _dir.Run("export", "none.db", "items");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("There is no database at 'none.db'", result.Error);
        Assert.False(File.Exists(_dir["none.db"]));
    }

    [Fact]
    public void Where_exports_only_the_matching_documents()
    {
        Seed("""{"_id": 1, "n": 5}""", """{"_id": 2, "n": 50}""", """{"_id": 3, "n": 500, "tags": ["x"]}""");

        var result = _dir.Run("export", "app.db", "items", "--where", "n >= 50 AND _id <> 3");

        Assert.Equal(0, result.ExitCode);
        Assert.Equal("{\"_id\":2,\"n\":50}\n", result.Output.ReplaceLineEndings("\n"));
        Assert.Equal("{\"_id\":3,\"n\":500,\"tags\":[\"x\"]}\n", _dir.Run("export", "app.db", "items", "--where", "tags[] = 'x'").Output.ReplaceLineEndings("\n"));
    }

    [Fact]
    public void A_bad_where_condition_shows_the_sql_error_and_writes_no_file()
    {
        Seed("""{"_id": 1}""");

        var result = _dir.Run("export", "app.db", "items", "out.jsonl", "--where", "_id = = 1");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("Syntax error", result.Error);
        Assert.False(File.Exists(_dir["out.jsonl"]));
        Assert.False(File.Exists(_dir["out.jsonl.partial"]));
    }

    [Fact]
    public void A_typed_collection_key_is_written_as_id_and_read_back_into_its_field()
    {
        using (var db = DocStoreDatabase.Open(_dir["app.db"]))
        {
            var people = db.GetCollection("people", new BsonCollectionOptions { KeyField = "Id", KeyGeneration = KeyGeneration.Sequence });
            people.Insert(new BsonDocument { { "Name", "Ada" }, { "Id", 7 } });
        }

        var exported = _dir.Run("export", "app.db", "people", "p.jsonl");
        Assert.Equal("{\"Name\":\"Ada\",\"_id\":7}\n", File.ReadAllText(_dir["p.jsonl"]));
        File.WriteAllText(_dir["more.jsonl"], "{\"_id\": 8, \"Name\": \"Grace\"}\n");
        var imported = _dir.Run("import", "app.db", "people", "more.jsonl");

        Assert.Equal(0, exported.ExitCode);
        Assert.Equal(0, imported.ExitCode);
        using var reopened = DocStoreDatabase.Open(_dir["app.db"]);
        var grace = reopened.GetCollection("people").Get(8);
        Assert.NotNull(grace);
        Assert.Equal("Grace", grace["Name"].AsString);
    }

    [Fact]
    public void Export_refuses_an_existing_file_unless_forced()
    {
        Seed("""{"_id": 1}""");
        File.WriteAllText(_dir["out.jsonl"], "keep me");

        var refused = _dir.Run("export", "app.db", "items", "out.jsonl");
        var forced = _dir.Run("export", "app.db", "items", "out.jsonl", "--force");

        Assert.Equal(1, refused.ExitCode);
        Assert.Contains("'out.jsonl' already exists; pass --force to replace it.", refused.Error);
        Assert.False(File.Exists(_dir["out.jsonl.partial"]));
        Assert.Equal(0, forced.ExitCode);
        Assert.Equal("{\"_id\":1}\n", File.ReadAllText(_dir["out.jsonl"]));
    }

    [UnixFilesFact]
    public void Export_refuses_a_symbolic_link_at_its_partial_file_and_leaves_what_it_names_alone()
    {
        Seed("""{"_id": 1}""");
        File.WriteAllText(_dir["victim"], "precious");
        File.CreateSymbolicLink(_dir["out.jsonl.partial"], _dir["victim"]);

        var result = _dir.Run("export", "app.db", "items", "out.jsonl");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("'out.jsonl.partial' is a symbolic link", result.Error);
        Assert.Equal("precious", File.ReadAllText(_dir["victim"]));
        Assert.False(File.Exists(_dir["out.jsonl"]));
    }

    [UnixFilesFact]
    public void Export_on_a_full_disk_fails_naming_the_file_and_leaves_nothing_behind()
    {
        Seed([.. Enumerable.Range(1, 2_000).Select(i => $$"""{"_id": {{i}}, "pad": "{{new string('x', 300)}}"}""")]);

        var result = _dir.RunOnFullDisk(128, "export", "app.db", "items", "out.jsonl");

        Assert.Equal(1, result.ExitCode);
        Assert.StartsWith("docstore: Writing 'out.jsonl.partial' failed:", result.Error);
        Assert.False(File.Exists(_dir["out.jsonl.partial"]));
        Assert.False(File.Exists(_dir["out.jsonl"]));
    }

    private void Seed(params string[] documents)
    {
        using var db = DocStoreDatabase.Open(_dir["app.db"]);
        var items = db.GetCollection("items");
        foreach (var json in documents)
        {
            items.Insert(ExtendedJson.Parse(json));
        }
    }

    private static int CountDocuments(byte[] stream)
    {
        var count = 0;
        for (var offset = 0; offset < stream.Length; count++)
        {
            offset += BitConverter.ToInt32(stream, offset);
        }

        return count;
    }
}
