using System.Text.Json;

namespace DocStore.Cli.Tests;

/// <summary>What the shell and `docstore sql` print for whole documents, system tables and counts.</summary>
public sealed class ShellOutputTests : IDisposable
{
    private static readonly string Long = new('x', 80);
    private readonly TempFolder _dir = new();

    public ShellOutputTests()
    {
        // Documents of different shapes: the second lacks "a", holds a stored null in "b" and a long text.
        File.WriteAllLines(_dir["mixed.jsonl"], ["{\"_id\": 1, \"a\": 1}", $"{{\"_id\": 2, \"b\": null, \"c\": \"{Long}\"}}"]);
        Assert.Equal(0, _dir.Run("import", "app.db", "mixed", "mixed.jsonl").ExitCode);
    }

    public void Dispose() => _dir.Dispose();

    // The cells of one table row, "| a | b |", trimmed.
    private static IEnumerable<string> Cells(string line) => line.Trim('|').Split('|').Select(c => c.Trim());

    [Fact]
    public void Select_star_prints_a_column_per_top_level_field_in_a_table()
    {
        var result = _dir.Run("sql", "app.db", "SELECT * FROM mixed ORDER BY _id");

        Assert.Equal(0, result.ExitCode);
        var lines = result.Output.ReplaceLineEndings("\n").Split('\n');
        Assert.Equal(["_id", "a", "b", "c"], Cells(lines[1]));
        Assert.Equal(["1", "1", "", ""], Cells(lines[3]));
        Assert.Equal(["2", "", "NULL", Long], Cells(lines[4]));
        Assert.Equal("(2 rows)", lines[6]);
    }

    [Fact]
    public void Select_star_prints_a_column_per_field_in_csv_and_line_modes()
    {
        var csv = _dir.Run("sql", "app.db", "SELECT * FROM mixed ORDER BY _id", "--format", "csv");
        var line = _dir.Run("sql", "app.db", "SELECT * FROM mixed WHERE _id = 1", "--format", "line");

        Assert.Equal($"_id,a,b,c\n1,1,,\n2,,,{Long}\n", csv.Output.ReplaceLineEndings("\n"));
        Assert.Equal("_id = 1\n  a = 1\n", line.Output.ReplaceLineEndings("\n"));
    }

    [Fact]
    public void Select_star_as_json_prints_the_documents_themselves()
    {
        var result = _dir.Run("sql", "app.db", "SELECT * FROM mixed ORDER BY _id", "--format", "json");

        Assert.Equal(0, result.ExitCode);
        using var json = JsonDocument.Parse(result.Output);
        var documents = json.RootElement.EnumerateArray().ToList();
        Assert.Equal(["_id", "a"], documents[0].EnumerateObject().Select(p => p.Name));
        Assert.Equal(["_id", "b", "c"], documents[1].EnumerateObject().Select(p => p.Name));
        Assert.Equal(JsonValueKind.Null, documents[1].GetProperty("b").ValueKind);
    }

    [Fact]
    public void Indexes_and_schema_list_the_catalog()
    {
        var script = """
            CREATE UNIQUE INDEX ByA ON mixed (a);
            .mode csv
            .indexes
            .schema mixed
            """;

        var result = _dir.RunWithInput(script, "shell", "app.db");

        Assert.Equal("", result.Error);
        Assert.Equal(0, result.ExitCode);
        var output = result.Output.ReplaceLineEndings("\n");
        Assert.Contains("collection,name,path,unique,multikey\nmixed,ByA,a,true,false\n", output);
        Assert.Contains("collection,name,type\n", output);
    }

    [Fact]
    public void Counts_are_singular_for_one_and_plural_otherwise()
    {
        var one = _dir.Run("sql", "app.db", "UPDATE mixed SET a = 5 WHERE _id = 1");
        var two = _dir.Run("sql", "app.db", "UPDATE mixed SET a = 6");
        var row = _dir.Run("sql", "app.db", "SELECT a FROM mixed WHERE _id = 1");
        File.WriteAllText(_dir["one.jsonl"], "{\"_id\": 1}\n");
        var import = _dir.Run("import", "app.db", "single", "one.jsonl");
        var check = _dir.Run("check", "app.db");

        Assert.Equal("1 row affected\n", one.Output.ReplaceLineEndings("\n"));
        Assert.Equal("2 rows affected\n", two.Output.ReplaceLineEndings("\n"));
        Assert.EndsWith("(1 row)\n", row.Output.ReplaceLineEndings("\n"));
        Assert.StartsWith("imported 1 document into single (1 transaction) in ", import.Output);
        Assert.StartsWith("ok: 2 collections, 3 documents, ", check.Output);
        Assert.Contains("  single: 1 document, 0 indexes", check.Output);
        Assert.DoesNotContain("(s)", check.Output + import.Output + one.Output);
    }
}
