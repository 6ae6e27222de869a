using DocStore.Data;

namespace DocStore.Cli.Tests;

/// <summary>
/// The tool as a separate process beside an ADO.NET connection of this process whose string names only the
/// file: the connection opens shared by default and the tool opens shared too, so its reading commands and
/// its statements work beside the open connection, and each side sees the other's commits.
/// </summary>
public sealed class SharedConnectionCommandTests : IDisposable
{
    private readonly TempFolder _dir = new();

    public void Dispose()
    {
        DocStoreConnection.ClearAllPools();
        _dir.Dispose();
    }

    [Fact]
    public void The_tool_reads_and_writes_beside_a_connection_with_a_default_string()
    {
        using var connection = new DocStoreConnection($"Data Source={_dir["app.db"]}");
        connection.Open();
        Execute(connection, "CREATE COLLECTION notes");
        Execute(connection, "INSERT INTO notes (_id, text) VALUES (1, 'from the connection')");

        var stats = _dir.RunProcess("stats", "app.db");
        var insert = _dir.RunProcess("sql", "app.db", "INSERT INTO notes (_id, text) VALUES (2, 'from the tool')");
        var count = _dir.RunProcess("sql", "app.db", "SELECT COUNT(*) AS n FROM notes", "--format", "csv");

        Assert.True(stats.ExitCode == 0, stats.Output + stats.Error);
        Assert.Contains(stats.Output.Split('\n'), l => l.StartsWith("notes ", StringComparison.Ordinal));
        Assert.True(insert.ExitCode == 0, insert.Output + insert.Error);
        Assert.True(count.ExitCode == 0, count.Output + count.Error);
        Assert.Equal(["n", "2"], count.Output.ReplaceLineEndings("\n").Split('\n', StringSplitOptions.RemoveEmptyEntries));
        using var read = new DocStoreCommand("SELECT text FROM notes WHERE _id = 2", connection);
        Assert.Equal("from the tool", read.ExecuteScalar());
    }

    [Fact]
    public void Sharing_Exclusive_in_the_string_keeps_the_tool_out_and_the_tool_says_so()
    {
        using var connection = new DocStoreConnection($"Data Source={_dir["app.db"]};Sharing=Exclusive");
        connection.Open();
        Execute(connection, "CREATE COLLECTION notes");

        var stats = _dir.RunProcess("stats", "app.db");

        Assert.Equal(1, stats.ExitCode);
        Assert.Contains("Sharing = Exclusive", stats.Error, StringComparison.Ordinal);
    }

    private static void Execute(DocStoreConnection connection, string sql)
    {
        using var command = new DocStoreCommand(sql, connection);
        command.ExecuteNonQuery();
    }
}
