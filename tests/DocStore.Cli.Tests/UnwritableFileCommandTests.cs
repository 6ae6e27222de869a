using System.Runtime.Versioning;

namespace DocStore.Cli.Tests;

/// <summary>
/// `sql` and `shell` on a database this user may read but not write (a read-only directory, a file owned by
/// another user): queries read it, a statement that writes is refused saying why, and nothing changes.
/// </summary>
[UnsupportedOSPlatform("windows")]
public sealed class UnwritableFileCommandTests : IDisposable
{
    private const UnixFileMode ReadAndList = (UnixFileMode)0b101_101_101;
    private const UnixFileMode ReadOnlyFile = (UnixFileMode)0b100_100_100;
    private readonly TempFolder _dir = new();

    public UnwritableFileCommandTests()
    {
        if (OperatingSystem.IsWindows())
        {
            return;
        }

        File.WriteAllLines(_dir["people.jsonl"], ["{\"_id\": 1, \"name\": \"ada\"}", "{\"_id\": 2, \"name\": \"bob\"}"]);
        Assert.Equal(0, _dir.Run("import", "app.db", "people", "people.jsonl").ExitCode);
    }

    public void Dispose()
    {
        if (OperatingSystem.IsWindows())
        {
            return;
        }

        File.SetUnixFileMode(_dir.Path, (UnixFileMode)0b111_101_101);
        _dir.Dispose();
    }

    [UnixFilesFact]
    public void Sql_in_a_read_only_directory_reads_and_refuses_writes_saying_why()
    {
        // The files beside the database stay as the import left them, owned by this process's user.
        File.SetUnixFileMode(_dir.Path, ReadAndList);

        AssertReadsAndRefusesWrites();
    }

    [UnixFilesFact]
    public void Sql_on_a_read_only_file_in_a_writable_directory_reads_and_refuses_writes_saying_why()
    {
        foreach (var file in Directory.GetFiles(_dir.Path, "app.db*"))
        {
            File.SetUnixFileMode(file, ReadOnlyFile);
        }

        AssertReadsAndRefusesWrites();
    }

    [UnixFilesFact]
    public void Shell_on_an_unwritable_database_runs_queries_and_refuses_writes()
    {
        File.SetUnixFileMode(_dir.Path, ReadAndList);

        var result = OtherUserRun.Run(_dir.Path, "SELECT COUNT(*) AS n FROM people;\nDELETE FROM people;\nSELECT name FROM people WHERE _id = 2;\n", "shell", "app.db");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("| 2 |", result.Output);
        Assert.Contains("| bob  |", result.Output);
        Assert.Contains("opened read-only because this user cannot write it", result.Error);
        AssertUnchanged();
    }

    [UnixFilesFact]
    public void A_reader_that_cannot_write_the_shared_file_is_refused_beside_a_shared_writer_and_reads_after_it()
    {
        // The application's shared file belongs to this process's user; the tool's user may only read it.
        using (var app = new AppProcess(_dir["app.db"], 1))
        {
            app.WaitForAcknowledged(20);
            foreach (var command in new[] { new[] { "stats", "app.db" }, ["check", "app.db"], ["sql", "app.db", "SELECT COUNT(*) FROM things"] })
            {
                var refused = OtherUserRun.Run(_dir.Path, null, command);
                Assert.Equal(1, refused.ExitCode);
                Assert.Contains("a process has it open to write with Sharing = Shared, and this process cannot open", refused.Error);
                Assert.Contains("app.db-shm", refused.Error);
            }

            app.Close();
        }

        var check = OtherUserRun.Run(_dir.Path, null, "check", "app.db");
        Assert.True(check.ExitCode == 0, check.Output + check.Error);
        var count = OtherUserRun.Run(_dir.Path, null, "sql", "app.db", "SELECT COUNT(*) AS n FROM things", "--format", "csv");
        Assert.True(count.ExitCode == 0, count.Error);
        Assert.True(long.Parse(count.Output.ReplaceLineEndings("\n").Split('\n')[1]) >= 20, count.Output);
    }

    private void AssertReadsAndRefusesWrites()
    {
        var query = OtherUserRun.Run(_dir.Path, null, "sql", "app.db", "SELECT name FROM people ORDER BY _id", "--format", "csv");
        Assert.True(query.ExitCode == 0, query.Error);
        Assert.Equal("name\nada\nbob\n", query.Output.ReplaceLineEndings("\n"));

        var update = OtherUserRun.Run(_dir.Path, null, "sql", "app.db", "UPDATE people SET name = 'eve'");
        Assert.Equal(1, update.ExitCode);
        Assert.StartsWith("docstore: 'app.db' was opened read-only because this user cannot write it", update.Error);
        AssertUnchanged();
    }

    private void AssertUnchanged()
    {
        var after = _dir.Run("sql", "app.db", "SELECT name FROM people ORDER BY _id", "--format", "csv");
        Assert.Equal("name\nada\nbob\n", after.Output.ReplaceLineEndings("\n"));
    }
}
