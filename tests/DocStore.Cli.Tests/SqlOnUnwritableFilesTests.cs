namespace DocStore.Cli.Tests;

/// <summary>
/// `docstore sql` and `docstore shell` on a database whose files cannot be opened to write (a read-only directory or file system,
/// a backup on read-only media), in this process's own user: it opens them as a reader, so queries run and a write says why it cannot.
/// </summary>
public sealed class SqlOnUnwritableFilesTests : IDisposable
{
    private readonly TempFolder _dir = new();

    public SqlOnUnwritableFilesTests()
    {
        File.WriteAllLines(_dir["people.jsonl"], Enumerable.Range(1, 30).Select(i => $"{{\"_id\": {i}, \"name\": \"p{i}\"}}"));
        Assert.Equal(0, _dir.Run("import", "app.db", "people", "people.jsonl").ExitCode);

        // A folder holds the shared-memory file's name, so the open to write fails with an IOException as in a
        // read-only directory; a directory's mode cannot stand in for it, since root (who runs CI) writes anyway.
        Directory.CreateDirectory(_dir["app.db-shm"]);
    }

    public void Dispose() => _dir.Dispose();

    [Fact]
    public void A_query_reads_the_database()
    {
        var result = _dir.Run("sql", "app.db", "SELECT COUNT(*) AS n FROM people", "--format", "csv");

        Assert.Equal("", result.Error);
        Assert.Equal(0, result.ExitCode);
        Assert.Equal("n\n30\n", result.Output.ReplaceLineEndings("\n"));
    }

    [Fact]
    public void A_write_fails_saying_the_files_cannot_be_opened_to_write_and_changes_nothing()
    {
        var result = _dir.Run("sql", "app.db", "DELETE FROM people");

        Assert.Equal(1, result.ExitCode);
        Assert.StartsWith("docstore: 'app.db' was opened read-only because this user cannot write it or a file beside it (", result.Error);
        Assert.Contains("app.db-shm", result.Error);
        Directory.Delete(_dir["app.db-shm"]);
        Assert.Contains("30", _dir.Run("sql", "app.db", "SELECT COUNT(*) AS n FROM people", "--format", "csv").Output);
    }

    [Fact]
    public void The_shell_runs_queries_and_reports_a_write_saying_why_it_cannot()
    {
        var result = _dir.RunWithInput(".mode csv\nSELECT COUNT(*) AS n FROM people;\nDELETE FROM people;\n", "shell", "app.db");

        Assert.Equal(1, result.ExitCode);
        Assert.Equal("n\n30\n", result.Output.ReplaceLineEndings("\n"));
        Assert.StartsWith("Error: 'app.db' was opened read-only because this user cannot write it or a file beside it (", result.Error);
    }
}
