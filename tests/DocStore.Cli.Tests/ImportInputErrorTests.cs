using System.Text;
using DocStore.Bson.Model;

namespace DocStore.Cli.Tests;

/// <summary>Input the import cannot store fails with one line naming the file, the line and what is wrong, never as an unexpected error.</summary>
public sealed class ImportInputErrorTests : IDisposable
{
    private readonly TempFolder _dir = new();

    public void Dispose() => _dir.Dispose();

    [Fact]
    public void Invalid_utf8_in_a_csv_header_names_the_file()
    {
        File.WriteAllBytes(_dir["bad.csv"], [.. "name,"u8, 0xFF, 0xFE, .. "\nAda,1\n"u8]);

        var result = _dir.Run("import", "app.db", "p", "bad.csv");

        Assert.Equal(1, result.ExitCode);
        Assert.DoesNotContain("unexpected", result.Error, StringComparison.Ordinal);
        Assert.Contains("bad.csv", result.Error, StringComparison.Ordinal);
        Assert.Contains("not valid UTF-8", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void A_nul_in_a_csv_header_names_the_column()
    {
        File.WriteAllText(_dir["nul.csv"], "name,a\0b\nAda,1\n", Encoding.UTF8);

        var result = _dir.Run("import", "app.db", "p", "nul.csv");

        Assert.Equal(1, result.ExitCode);
        Assert.DoesNotContain("unexpected", result.Error, StringComparison.Ordinal);
        Assert.Contains("nul.csv: line 1: column 2", result.Error, StringComparison.Ordinal);
        Assert.Contains("NUL", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void A_mongoexport_date_outside_datetime_range_is_refused_naming_collection_key_and_field()
    {
        using (var db = DocStoreDatabase.Open(_dir["app.db"]))
        {
            db.GetCollection("events", IndexDefinition.On("d"));
        }

        File.WriteAllText(_dir["events.jsonl"], """{"_id":1,"d":{"$date":{"$numberLong":"-99999999999999999"}}}""" + "\n");
        var result = _dir.Run("import", "app.db", "events", "events.jsonl");

        Assert.Equal(1, result.ExitCode);
        Assert.DoesNotContain("unexpected", result.Error, StringComparison.Ordinal);
        Assert.Contains("Document 1 of collection 'events': field 'd'", result.Error, StringComparison.Ordinal);

        File.WriteAllText(_dir["ids.jsonl"], """{"_id":{"$date":{"$numberLong":"-99999999999999999"}}}""" + "\n");
        result = _dir.Run("import", "app.db", "ids", "ids.jsonl");

        Assert.Equal(1, result.ExitCode);
        Assert.DoesNotContain("unexpected", result.Error, StringComparison.Ordinal);
        Assert.Contains("of collection 'ids': field '_id'", result.Error, StringComparison.Ordinal);
    }
}
