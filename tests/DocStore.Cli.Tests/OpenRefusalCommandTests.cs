namespace DocStore.Cli.Tests;

/// <summary>The tool, given something that is not a database path or not a database, fails clearly and creates nothing.</summary>
public sealed class OpenRefusalCommandTests : IDisposable
{
    private readonly TempFolder _dir = new();

    public void Dispose() => _dir.Dispose();

    private string[] Files() => Directory.GetFileSystemEntries(_dir.Path).Select(Path.GetFileName).Order(StringComparer.Ordinal).ToArray()!;

    [Fact]
    public void A_connection_string_is_refused_and_no_file_is_created()
    {
        File.WriteAllText(_dir["a.jsonl"], "{\"_id\": 1}\n");

        // Import is the command that creates a database that is not there.
        var result = _dir.Run("import", "Data Source=cs.db;Mode=ReadOnly", "things", "a.jsonl");

        Assert.NotEqual(0, result.ExitCode);
        Assert.Equal(1, result.ExitCode);
        Assert.DoesNotContain("unexpected", result.Error, StringComparison.Ordinal);
        Assert.Contains("looks like a connection string", result.Error);
        Assert.Contains("DocStoreConnection", result.Error);
        Assert.Equal(["a.jsonl"], Files());
    }

    [Fact]
    public void A_text_file_is_not_a_database_and_gets_no_sidecar()
    {
        File.WriteAllText(_dir["notes.txt"], "a line of text that is long enough to hold a whole DocStore header prefix\n");

        foreach (var command in new[] { "stats", "check", "compact" })
        {
            var result = _dir.Run(command, "notes.txt");

            Assert.NotEqual(0, result.ExitCode);
            Assert.Contains("is not a DocStore database", result.Error);
            Assert.Equal(["notes.txt"], Files());
        }
    }

    [UnixFact]
    public void Compact_and_backup_leave_no_backup_lock_file()
    {
        File.WriteAllLines(_dir["a.jsonl"], Enumerable.Range(1, 300).Select(i => $"{{\"_id\": {i}, \"pad\": \"{new string('x', 300)}\"}}"));
        Assert.Equal(0, _dir.Run("import", "app.db", "things", "a.jsonl").ExitCode);

        Assert.Equal(0, _dir.Run("compact", "app.db").ExitCode);
        Assert.Equal(0, _dir.Run("backup", "app.db", "copy.db").ExitCode);

        Assert.DoesNotContain("app.db-backup", Files());
        Assert.DoesNotContain("copy.db-backup", Files());
    }
}
