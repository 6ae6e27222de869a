using System.Text.Json;

namespace DocStore.Cli.Tests;

/// <summary>
/// Every output of `docstore sql`, the shell and CSV export shows the .NET values of a typed collection as
/// ISO 8601 or invariant text, at the top level and inside documents and arrays, never as base64 binaries.
/// </summary>
public sealed class DotNetValueDisplayTests : IDisposable
{
    private const string Select = "SELECT * FROM Moments ORDER BY UtcMs DESC";

    // The first sample's members as they must read (Moment.Samples).
    private static readonly (string Field, string Text)[] Expected =
    [
        ("UtcMs", "2024-02-29T13:45:30.1230000Z"),
        ("UtcTicks", "2024-02-29T13:45:30.1234567Z"),
        ("Unspecified", "2023-12-31T23:59:59.0000000"),
        ("Offset", "2024-03-01T08:00:00.0000005+02:00"),
        ("Day", "2024-02-29"),
        ("Time", "13:45:30.5"),
        ("Duration", "1.02:03:04.5000000"),
        ("Ref", "0f8fad5b-d9cb-469f-a165-70867728950e"),
        ("Price", "1.50"),
    ];

    private readonly TempFolder _dir = new();

    public DotNetValueDisplayTests()
    {
        using var db = MomentDb.Open(_dir["app.db"]);
        foreach (var moment in Moment.Samples())
        {
            db.Moments.Insert(moment);
        }
    }

    public void Dispose() => _dir.Dispose();

    [Theory]
    [InlineData("table")]
    [InlineData("line")]
    [InlineData("csv")]
    [InlineData("json")]
    public void Sql_output_shows_each_value_as_text(string format)
    {
        var result = _dir.Run("sql", "app.db", Select, "--format", format);

        Assert.True(result.ExitCode == 0, result.Error);
        AllShown(result.Output);
    }

    [Fact]
    public void Json_output_has_strings_where_the_values_were_binaries()
    {
        var result = _dir.Run("sql", "app.db", Select, "--format", "json");

        using var json = JsonDocument.Parse(result.Output);
        var first = json.RootElement[0];
        foreach (var (field, text) in Expected)
        {
            Assert.Equal(text, first.GetProperty(field).GetString());
        }

        Assert.Equal("2000-06-15T12:00:00.0000000", first.GetProperty("History")[1].GetString());
        Assert.Equal("-01:30:00", first.GetProperty("Inner").GetProperty("For").GetString());
    }

    [Fact]
    public void Selected_columns_and_nested_values_show_as_text()
    {
        var result = _dir.Run("sql", "app.db", "SELECT Day, \"Inner\" AS Nested, History FROM Moments ORDER BY Day DESC", "--format", "csv");
        Assert.True(result.ExitCode == 0, result.Error);

        var lines = result.Output.ReplaceLineEndings("\n").Split('\n');
        Assert.Equal("Day,Nested,History", lines[0]);
        Assert.StartsWith("2024-02-29,", lines[1], StringComparison.Ordinal);
        Assert.Contains("\"\"For\"\":\"\"-01:30:00\"\"", lines[1], StringComparison.Ordinal);
        Assert.Contains("\"\"1999-01-01T00:00:00.0000000Z\"\",\"\"2000-06-15T12:00:00.0000000\"\"", lines[1], StringComparison.Ordinal);
        Assert.DoesNotContain("$binary", result.Output, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("table")]
    [InlineData("csv")]
    [InlineData("json")]
    [InlineData("line")]
    public void The_shell_shows_each_value_as_text_in_every_mode(string mode)
    {
        var result = _dir.RunWithInput($".mode {mode}\n{Select};\n", "shell", "app.db");

        Assert.True(result.ExitCode == 0, result.Error);
        AllShown(result.Output);
    }

    [Fact]
    public void Csv_export_writes_each_value_as_text()
    {
        var fields = string.Join(',', Expected.Select(e => e.Field)) + ",Inner.At,History.1";
        var result = _dir.Run("export", "app.db", "Moments", "out.csv", "--fields", fields);

        Assert.True(result.ExitCode == 0, result.Error);
        var lines = File.ReadAllLines(_dir["out.csv"]);
        Assert.Equal(fields, lines[0]);
        Assert.Equal(string.Join(',', Expected.Select(e => e.Text)) + ",1960-05-04T03:02:01.0000000Z,2000-06-15T12:00:00.0000000", lines[1]);
        Assert.DoesNotContain("$binary", File.ReadAllText(_dir["out.csv"]), StringComparison.Ordinal);
    }

    // Each text appears as it is: no CSV quoting is needed for any of them, and JSON writes them as strings.
    private static void AllShown(string output)
    {
        foreach (var (_, text) in Expected)
        {
            Assert.Contains(text, output, StringComparison.Ordinal);
        }

        Assert.Contains("2000-06-15T12:00:00.0000000", output, StringComparison.Ordinal);
        Assert.DoesNotContain("$binary", output, StringComparison.Ordinal);
        Assert.DoesNotContain("$numberDecimal", output, StringComparison.Ordinal);
    }
}
