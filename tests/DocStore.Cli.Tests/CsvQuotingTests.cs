namespace DocStore.Cli.Tests;

/// <summary>
/// Malformed CSV quoting is refused with the file and line, never read as some other text: the reason the
/// tool keeps its own RFC 4180 reader (docs/decisions.md, "CSV stays hand-written").
/// </summary>
public sealed class CsvQuotingTests : IDisposable
{
    private readonly TempFolder _dir = new();

    public void Dispose() => _dir.Dispose();

    [Theory]
    [InlineData("name,note\nAda,\"never closed\n", "line 2: a quoted field is not closed before the end of the file")]
    [InlineData("name,note\nAda,ok\nGrace,say \"hi\"\n", "line 3: a quote inside an unquoted field")]
    [InlineData("name,note\nAda,\"quoted\"tail\n", "line 2: unexpected 't' after a closing quote")]
    public void Bad_quoting_names_the_file_and_line_and_imports_nothing(string csv, string message)
    {
        File.WriteAllText(_dir["bad.csv"], csv);

        var result = _dir.Run("import", "app.db", "people", "bad.csv");

        Assert.Equal(1, result.ExitCode);
        Assert.StartsWith($"docstore: bad.csv: {message}", result.Error);
        using var db = DocStoreDatabase.Open(_dir["app.db"]);
        Assert.Equal(0, db.GetCollectionNames().Contains("people") ? db.GetCollection("people").Count() : 0);
    }

    [Fact]
    public void Quotes_commas_and_line_breaks_survive_an_export_and_an_import()
    {
        File.WriteAllText(_dir["in.jsonl"], "{\"_id\": 1, \"note\": \"a, \\\"b\\\"\\nc\"}\n");
        Assert.Equal(0, _dir.Run("import", "app.db", "notes", "in.jsonl").ExitCode);

        Assert.Equal(0, _dir.Run("export", "app.db", "notes", "out.csv", "--fields", "_id,note").ExitCode);
        Assert.Equal("_id,note\n1,\"a, \"\"b\"\"\nc\"\n", File.ReadAllText(_dir["out.csv"]));
        Assert.Equal(0, _dir.Run("import", "app.db", "back", "out.csv").ExitCode);
        var note = _dir.Run("sql", "app.db", "SELECT note FROM back", "--format", "json").Output;
        Assert.Contains("\"note\": \"a, \\\"b\\\"\\nc\"", note);
    }
}
