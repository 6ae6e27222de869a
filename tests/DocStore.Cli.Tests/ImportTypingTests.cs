namespace DocStore.Cli.Tests;

/// <summary>`docstore import` is all or nothing, --skip-invalid reports and skips refused documents, and `docstore check` finds stored values that do not fit the recorded types.</summary>
public sealed class ImportTypingTests : IDisposable
{
    private readonly TempFolder _dir = new();

    public void Dispose() => _dir.Dispose();

    [Fact]
    public void A_failed_import_into_a_new_collection_leaves_no_collection_behind()
    {
        using (var db = DocStoreDatabase.Open(_dir["app.db"]))
        {
            db.GetCollection("Other").Insert(new Bson.Model.BsonDocument { { "_id", 1 } });
        }

        File.WriteAllText(_dir["dup.jsonl"], "{\"_id\": 1}\n{\"_id\": 2}\n{\"_id\": 1}\n");

        var result = _dir.Run("import", "app.db", "Fresh", "dup.jsonl");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("dup.jsonl: line 3:", result.Error, StringComparison.Ordinal);
        using var after = DocStoreDatabase.Open(_dir["app.db"]);
        Assert.Equal(["Other"], after.GetCollectionNames());
    }

    [Fact]
    public void Skip_invalid_reports_each_refused_document_and_stores_the_rest()
    {
        using (DoorDb.Open(_dir["app.db"]))
        {
        }

        File.WriteAllText(_dir["people.jsonl"], """
            {"Id": 1, "I": 1}
            {"Id": 2, "I": "forty"}
            {"Id": 3, "T": "2024-05-06T07:08:09Z"}
            {"Id": 1, "I": 5}
            {"Id": 4, "Day": "someday"}
            """);

        var result = _dir.Run("import", "app.db", "Samples", "people.jsonl", "--skip-invalid");

        Assert.Equal(0, result.ExitCode);
        Assert.Contains("imported 2 documents into Samples (1 transaction, 3 invalid documents skipped)", result.Output, StringComparison.Ordinal);
        var lines = result.Error.Trim().Split('\n');
        Assert.Equal(3, lines.Length);
        Assert.StartsWith("people.jsonl: line 2: skipped: Document 2 of collection 'Samples': field 'I' cannot hold a string 'forty'", lines[0], StringComparison.Ordinal);
        Assert.StartsWith("people.jsonl: line 4: skipped: ", lines[1], StringComparison.Ordinal);
        Assert.StartsWith("people.jsonl: line 5: skipped: ", lines[2], StringComparison.Ordinal);
        Assert.Contains("dateonly", lines[2], StringComparison.Ordinal);
        using var db = DoorDb.Open(_dir["app.db"]);
        Assert.Equal([1, 3], db.Samples.FindAll().Select(s => s.Id));
        Assert.Equal(1, db.Samples.Get(1)!.I);
    }

    [Fact]
    public void Without_skip_invalid_one_refused_document_fails_the_whole_import()
    {
        using (DoorDb.Open(_dir["app.db"]))
        {
        }

        File.WriteAllText(_dir["people.csv"], "Id,I,D\n1,2,2.5\n2,forty,1\n");

        var result = _dir.Run("import", "app.db", "Samples", "people.csv");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("people.csv: line 3: Document 2 of collection 'Samples': field 'I' cannot hold a string 'forty': the collection's typed model declares it int32", result.Error, StringComparison.Ordinal);
        using var db = DoorDb.Open(_dir["app.db"]);
        Assert.Equal(0, db.Samples.Count());
    }

    [Fact]
    public void Check_reports_a_stored_value_that_does_not_fit_its_declared_type()
    {
        using (var db = DocStoreDatabase.Open(_dir["app.db"]))
        {
            // Written before any typed model recorded types, so nothing converted it.
            db.GetCollection("Samples", new BsonCollectionOptions { KeyField = "Id", KeyGeneration = KeyGeneration.Sequence })
                .Insert(new Bson.Model.BsonDocument { { "Id", 5002 }, { "I", "forty" }, { "T", "2024-05-06T07:08:09Z" } });
        }

        Assert.Equal(0, _dir.Run("check", "app.db").ExitCode);
        using (DoorDb.Open(_dir["app.db"]))
        {
        }

        var result = _dir.Run("check", "app.db");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("collection 'Samples': document 5002: field 'I' holds a string 'forty', which does not fit its declared type int32", result.Output, StringComparison.Ordinal);
        Assert.Contains("collection 'Samples': document 5002: field 'T' holds a string '2024-05-06T07:08:09Z', which does not fit its declared type datetime", result.Output, StringComparison.Ordinal);
        Assert.Contains("2 problems found", result.Error, StringComparison.Ordinal);
    }
}
