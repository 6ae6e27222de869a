using DocStore.Bson.Interop;

namespace DocStore.Cli.Tests;

public sealed class ImportTests : IDisposable
{
    private readonly TempFolder _dir = new();

    public void Dispose() => _dir.Dispose();

    [Fact]
    public void Json_lines_import_keeps_the_id_and_generates_a_missing_one()
    {
        File.WriteAllText(_dir["people.jsonl"], """
            {"_id": 1, "name": "Ada", "langs": ["en", "fr"]}

            {"name": "Grace", "address": {"city": "Arlington"}}
            """);

        var result = _dir.Run("import", "app.db", "people", "people.jsonl");

        Assert.Equal(0, result.ExitCode);
        Assert.Contains("imported 2 documents into people (1 transaction)", result.Output);
        using var db = DocStoreDatabase.Open(_dir["app.db"]);
        var documents = db.GetCollection("people").FindAll().ToList();
        Assert.Equal(2, documents.Count);
        Assert.Equal("Ada", documents.Single(d => d["_id"].Equals((Bson.Model.BsonValue)1))["name"].AsString);
        var grace = documents.Single(d => d["name"].AsString == "Grace");
        Assert.Equal(Bson.BsonType.ObjectId, grace["_id"].BsonType);
        Assert.Equal("_id", grace[0].Name);
    }

    [Fact]
    public void A_line_of_bad_json_names_its_line_and_leaves_the_collection_as_it_was()
    {
        Seed(3);
        File.WriteAllText(_dir["bad.jsonl"], "{\"a\": 1}\n{\"a\": 2}\n{\"a\": 3,,}\n{\"a\": 4}\n");

        var result = _dir.Run("import", "app.db", "items", "bad.jsonl");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("bad.jsonl: line 3:", result.Error);
        Assert.Single(result.Error.Trim().Split('\n'));
        Assert.DoesNotContain("   at ", result.Error);
        Assert.Equal(3, Count("items"));
    }

    [Fact]
    public void A_bad_wrapper_in_a_line_fails_the_import_with_the_line()
    {
        File.WriteAllText(_dir["bad.jsonl"], "{\"a\": 1}\n{\"when\": {\"$date\": \"yesterday\"}}\n");

        var result = _dir.Run("import", "app.db", "items", "bad.jsonl");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("line 2", result.Error);
    }

    [Fact]
    public void A_truncated_bson_file_fails_with_the_byte_offset_and_stores_nothing()
    {
        Seed(2);
        var one = BsonBinary.Write(ExtendedJson.Parse("""{"_id": 10, "text": "first"}"""));
        var two = BsonBinary.Write(ExtendedJson.Parse("""{"_id": 11, "text": "second, cut short"}"""));
        File.WriteAllBytes(_dir["dump.bson"], [.. one, .. two.AsSpan(0, two.Length - 6)]);

        var result = _dir.Run("import", "app.db", "items", "dump.bson");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains($"dump.bson: byte offset {one.Length}: the file ends inside a document", result.Error);
        Assert.Equal(2, Count("items"));
    }

    [Fact]
    public void A_malformed_bson_document_is_reported_at_its_offset()
    {
        var good = BsonBinary.Write(ExtendedJson.Parse("""{"_id": 1}"""));
        var bad = BsonBinary.Write(ExtendedJson.Parse("""{"_id": 2, "s": "x"}"""));
        bad[bad.Length - 1] = 7; // the terminator of the document
        File.WriteAllBytes(_dir["dump.bson"], [.. good, .. bad]);

        var result = _dir.Run("import", "app.db", "items", "dump.bson");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains($"byte offset {good.Length}: malformed BSON document", result.Error);
    }

    [Fact]
    public void A_json_array_imports_with_the_flag_and_a_bad_element_names_its_line()
    {
        File.WriteAllText(_dir["a.json"], "[\n  {\"_id\": 1, \"x\": [1, {\"y\": \"z\"}]},\n  {\"_id\": 2}\n]\n");
        File.WriteAllText(_dir["b.json"], "[\n  {\"_id\": 1},\n  {\"_id\": 2, \"d\": {\"$numberInt\": \"x\"}}\n]\n");

        var plain = _dir.Run("import", "app.db", "a", "a.json");
        var ok = _dir.Run("import", "app.db", "a", "a.json", "--json-array");
        var bad = _dir.Run("import", "app.db", "b", "b.json", "--json-array");

        Assert.Equal(1, plain.ExitCode);
        Assert.Contains("--json-array", plain.Error);
        Assert.Equal(0, ok.ExitCode);
        Assert.Equal(2, Count("a"));
        Assert.Equal(1, bad.ExitCode);
        Assert.Contains("element 2, line 3", bad.Error);
    }

    [Fact]
    public void Csv_imports_typed_columns_and_nested_paths()
    {
        File.WriteAllText(_dir["p.csv"], "_id,name,age,address.city,score\n1,\"Lovelace, Ada\",36,London,1.5\n2,\"Say \"\"hi\"\"\",,\"Multi\nline\",2\n");

        var result = _dir.Run("import", "app.db", "p", "p.csv", "--types", "_id=int32,age=int32,score=double");

        Assert.Equal(0, result.ExitCode);
        using var db = DocStoreDatabase.Open(_dir["app.db"]);
        var rows = db.GetCollection("p").FindAll().ToList();
        Assert.Equal("""{"_id":1,"name":"Lovelace, Ada","age":36,"address":{"city":"London"},"score":1.5}""", ExtendedJson.ToJson(rows[0], ExtendedJsonMode.Relaxed));
        Assert.Equal("""{"_id":2,"name":"Say \"hi\"","address":{"city":"Multi\nline"},"score":2.0}""", ExtendedJson.ToJson(rows[1], ExtendedJsonMode.Relaxed));
    }

    [Fact]
    public void A_csv_cell_that_is_not_its_type_names_line_and_column()
    {
        File.WriteAllText(_dir["p.csv"], "name,age\nAda,36\nGrace,old\n");

        var result = _dir.Run("import", "app.db", "p", "p.csv", "--types", "age=int32");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("p.csv: line 3: column 'age': 'old' is not a int32", result.Error);
    }

    [Fact]
    public void Batches_keep_what_was_committed_before_a_failure()
    {
        var lines = Enumerable.Range(1, 25).Select(i => $"{{\"_id\": {i}}}").Append("{oops").ToArray();
        File.WriteAllLines(_dir["many.jsonl"], lines);

        var result = _dir.Run("import", "app.db", "items", "many.jsonl", "--batch", "10");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("line 26", result.Error);
        Assert.Contains("20 documents were committed by earlier batches", result.Error);
        Assert.Equal(20, Count("items"));
    }

    [Fact]
    public void A_duplicate_id_fails_the_import_and_upsert_replaces()
    {
        Seed(2);
        File.WriteAllText(_dir["dup.jsonl"], "{\"_id\": 100}\n{\"_id\": 1, \"v\": \"new\"}\n");

        var insert = _dir.Run("import", "app.db", "items", "dup.jsonl");
        Assert.Equal(1, insert.ExitCode);
        Assert.Contains("dup.jsonl: line 2:", insert.Error);
        Assert.Equal(2, Count("items"));

        var upsert = _dir.Run("import", "app.db", "items", "dup.jsonl", "--upsert");
        Assert.Equal(0, upsert.ExitCode);
        Assert.Equal(3, Count("items"));
    }

    [Fact]
    public void Usage_errors_exit_with_2()
    {
        File.WriteAllText(_dir["x.txt"], "{}");

        Assert.Equal(2, _dir.Run("import", "app.db", "c", "x.txt").ExitCode);
        Assert.Equal(2, _dir.Run("import", "app.db").ExitCode);
        Assert.Equal(2, _dir.Run("import", "app.db", "c", "x.txt", "--format", "xml").ExitCode);
        Assert.Equal(2, _dir.Run("import", "app.db", "c", "x.txt", "--format", "csv", "--types", "a=int99").ExitCode);
        Assert.Equal(2, _dir.Run("import", "app.db", "c", "x.txt", "--bogus").ExitCode);
        Assert.Equal(0, _dir.Run("import", "app.db", "c", "x.txt", "--format", "json").ExitCode);
    }

    private void Seed(int count)
    {
        using var db = DocStoreDatabase.Open(_dir["app.db"]);
        var items = db.GetCollection("items");
        for (var i = 1; i <= count; i++)
        {
            items.Insert(new Bson.Model.BsonDocument { { "_id", i }, { "v", "seed" } });
        }
    }

    private long Count(string collection)
    {
        using var db = DocStoreDatabase.Open(_dir["app.db"]);
        return db.GetCollection(collection).Count();
    }
}
