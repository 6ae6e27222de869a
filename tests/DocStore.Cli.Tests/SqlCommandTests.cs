using System.Text.Json;

namespace DocStore.Cli.Tests;

public sealed class SqlCommandTests : IDisposable
{
    private readonly TempFolder _dir = new();

    public SqlCommandTests()
    {
        File.WriteAllLines(_dir["people.jsonl"], Enumerable.Range(1, 30).Select(i => $"{{\"_id\": {i}, \"name\": \"p{i}\", \"city\": \"{(i % 3 == 0 ? "Oslo" : "Lima")}\", \"tags\": [\"t{i % 2}\"]}}"));
        Assert.Equal(0, _dir.Run("import", "app.db", "people", "people.jsonl").ExitCode);
    }

    public void Dispose() => _dir.Dispose();

    [Fact]
    public void Sql_prints_a_table_by_default()
    {
        var result = _dir.Run("sql", "app.db", "SELECT city, COUNT(*) AS n FROM people GROUP BY city ORDER BY city");

        Assert.Equal(0, result.ExitCode);
        Assert.Equal("""
            +-----------+
            | city | n  |
            |------+----|
            | Lima | 20 |
            | Oslo | 10 |
            +-----------+
            (2 rows)

            """, result.Output.ReplaceLineEndings("\n"));
    }

    [Fact]
    public void Sql_json_is_an_array_of_row_objects_in_relaxed_extended_json()
    {
        var result = _dir.Run("sql", "app.db", "SELECT _id, name, tags FROM people WHERE _id <= 2 ORDER BY _id", "--format", "json");

        Assert.Equal(0, result.ExitCode);
        using var json = JsonDocument.Parse(result.Output);
        var rows = json.RootElement.EnumerateArray().ToList();
        Assert.Equal(2, rows.Count);
        Assert.Equal(1, rows[0].GetProperty("_id").GetInt32());
        Assert.Equal("p2", rows[1].GetProperty("name").GetString());
        Assert.Equal("t1", rows[0].GetProperty("tags")[0].GetString());
    }

    [Fact]
    public void Sql_csv_has_a_header_then_rows()
    {
        var result = _dir.Run("sql", "app.db", "SELECT _id, name FROM people WHERE city = 'Oslo' AND _id < 10 ORDER BY _id", "--format", "csv");

        Assert.Equal(0, result.ExitCode);
        Assert.Equal("_id,name\n3,p3\n6,p6\n9,p9\n", result.Output.ReplaceLineEndings("\n"));
    }

    [Fact]
    public void A_syntax_error_shows_the_caret_and_exits_1()
    {
        var result = _dir.Run("sql", "app.db", "SELECT name FROM");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("line 1, column 17", result.Error);
        Assert.Contains("  SELECT name FROM\n", result.Error.ReplaceLineEndings("\n"));
        Assert.Contains("                  ^", result.Error);
    }

    [Fact]
    public void An_unknown_collection_is_named()
    {
        var result = _dir.Run("sql", "app.db", "SELECT * FROM nobody");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("nobody", result.Error);
    }

    [Fact]
    public void The_shell_runs_a_script_from_standard_input()
    {
        var script = """
            SELECT COUNT(*) AS n
              FROM people;   -- a statement over two lines
            .mode csv
            SELECT name FROM people WHERE _id = 7;
            SELECT 'a;b' AS s FROM people WHERE _id = 1;
            .collections
            SELECT nope FROM;
            SELECT 1 AS after_error FROM people WHERE _id = 1;
            """;

        // A separate process, its standard input a pipe: the shell reads a script instead of prompting.
        var result = _dir.RunProcessWithInput(script, "shell", "app.db");

        var output = result.Output.ReplaceLineEndings("\n");
        Assert.Contains("| n  |\n|----|\n| 30 |\n+----+\n(1 row)\n", output);
        Assert.Contains("name\np7\n", output);
        Assert.Contains("s\na;b\n", output);
        Assert.Contains("name\npeople\n", output);
        Assert.Contains("after_error\n1\n", output);
        Assert.Contains("Error: Syntax error at line 1, column 17", result.Error);
        Assert.Equal(1, result.ExitCode);
    }
}
