namespace DocStore.Cli.Tests;

/// <summary>
/// A command refused by another process's lock says how that process opened the file: exclusively (the
/// default, which keeps every other process out) or shared (which keeps out only the commands that need the
/// file to themselves), so the user knows which side to change.
/// </summary>
public sealed class LockRefusalCommandTests : IDisposable
{
    private readonly TempFolder _dir = new();

    public void Dispose() => _dir.Dispose();

    public static TheoryData<string[]> Commands => new()
    {
        new[] { "stats", "app.db" },
        new[] { "check", "app.db" },
        new[] { "export", "app.db", "things" },
        new[] { "sql", "app.db", "SELECT COUNT(*) AS n FROM things" },
        new[] { "sql", "app.db", "DELETE FROM things" },
        new[] { "import", "app.db", "things", "more.jsonl" },
        new[] { "drop", "app.db", "things" },
        new[] { "compact", "app.db" },
    };

    [Theory]
    [MemberData(nameof(Commands))]
    public void A_command_beside_an_exclusive_holder_names_its_mode_and_changes_nothing(string[] args)
    {
        Seed();
        using (new HolderProcess(_dir["app.db"]))
        {
            var result = _dir.RunProcess(args);

            Assert.Equal(1, result.ExitCode);
            Assert.Contains("is open in another process with Sharing = Exclusive", result.Error, StringComparison.Ordinal);
            Assert.Single(result.Error.Trim().Split('\n'));
        }

        Assert.Equal(3, Count());
    }

    [Fact]
    public void A_command_that_needs_the_file_to_itself_beside_a_shared_application_names_that_mode()
    {
        Seed();
        using var app = new AppProcess(_dir["app.db"], 4);
        app.WaitForAcknowledged(10);

        var result = _dir.RunProcess("drop", "app.db", "things");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("is open in another process with Sharing = Shared, and this command needs the file to itself", result.Error, StringComparison.Ordinal);
        app.Close();
        Assert.Equal(app.Acknowledged, Count());
    }

    private void Seed()
    {
        File.WriteAllText(_dir["seed.jsonl"], "{\"_id\": 1}\n{\"_id\": 2}\n{\"_id\": 3}\n");
        File.WriteAllText(_dir["more.jsonl"], "{\"_id\": 100}\n");
        Assert.Equal(0, _dir.Run("import", "app.db", "things", "seed.jsonl").ExitCode);
    }

    private long Count()
    {
        using var db = DocStoreDatabase.Open(_dir["app.db"], new DocStoreOptions { ReadOnly = true });
        return db.GetCollection("things").Count();
    }
}
