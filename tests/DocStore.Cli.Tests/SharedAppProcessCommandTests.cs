using DocStore.Bson.Interop;

namespace DocStore.Cli.Tests;

/// <summary>
/// The tool beside an application that is a process of its own (<see cref="AppProcess"/>) and keeps
/// inserting into a database it opened with <see cref="DocStoreSharing.Shared"/>: each read command sees
/// one whole commit, between the inserts acknowledged before it started and those after it ended; a
/// statement that writes waits for the application's open write transaction and commits after it.
/// </summary>
public sealed class SharedAppProcessCommandTests : IDisposable
{
    private const int Seeded = 200;
    private readonly TempFolder _dir = new();

    public void Dispose() => _dir.Dispose();

    [Fact]
    public void Stats_counts_a_commit_of_the_writing_process() =>
        BesideTheApplication(["stats", "app.db"], output =>
            long.Parse(Assert.Single(output.Split('\n'), l => l.StartsWith("things ", StringComparison.Ordinal)).Split(' ', StringSplitOptions.RemoveEmptyEntries)[1]));

    [Fact]
    public void Check_passes_and_counts_a_commit_of_the_writing_process() =>
        BesideTheApplication(["check", "app.db"], output =>
        {
            Assert.StartsWith("ok:", output);
            return long.Parse(Assert.Single(output.Split('\n'), l => l.Trim().StartsWith("things: ", StringComparison.Ordinal)).Trim().Split(' ')[1]);
        });

    [Fact]
    public void Export_writes_the_documents_of_one_commit_of_the_writing_process() =>
        BesideTheApplication(["export", "app.db", "things"], output =>
        {
            var ids = output.Split('\n', StringSplitOptions.RemoveEmptyEntries).Select(l => (long)ExtendedJson.Parse(l)["_id"].ToDouble()).ToList();
            Assert.Equal(Enumerable.Range(1, ids.Count).Select(i => (long)i), ids);
            return ids.Count;
        });

    [Fact]
    public void Sql_counts_a_commit_of_the_writing_process() =>
        BesideTheApplication(["sql", "app.db", "SELECT COUNT(*) AS n FROM things", "--format", "csv"], output =>
        {
            var lines = output.ReplaceLineEndings("\n").Split('\n', StringSplitOptions.RemoveEmptyEntries);
            Assert.Equal("n", lines[0]);
            return long.Parse(lines[1]);
        });

    [Fact]
    public void A_piped_shell_writes_and_reads_beside_the_writing_process()
    {
        Seed();
        using var app = new AppProcess(_dir["app.db"], Seeded + 1);
        app.WaitForAcknowledged(Seeded + 50);
        var before = app.Acknowledged;
        var script = """
            .mode csv
            INSERT INTO notes (_id, text) VALUES (1, 'from the shell');
            SELECT COUNT(*) AS n FROM things;
            SELECT text FROM notes;
            """;

        var result = _dir.RunProcessWithInput(script, "shell", "app.db");
        var after = app.Acknowledged + 1;

        Assert.True(result.ExitCode == 0, result.Output + result.Error);
        var lines = result.Output.ReplaceLineEndings("\n").Split('\n', StringSplitOptions.RemoveEmptyEntries);
        var n = lines.Index().First(l => l.Item == "n").Index;
        Assert.InRange(long.Parse(lines[n + 1]), before, after);
        Assert.Contains("from the shell", lines);
        app.Close();
        Assert.Equal(app.Acknowledged, Count("things"));
        Assert.Equal(1, Count("notes"));
    }

    [Fact]
    public async Task Sql_update_waits_for_the_writing_process_transaction_and_commits_after_it()
    {
        Seed();
        using var app = new AppProcess(_dir["app.db"], Seeded + 1);
        app.WaitForAcknowledged(Seeded + 50);

        // The application adds one to the counter in a transaction it keeps open.
        app.Send("hold");
        app.WaitFor(l => l == "holding", "the application's transaction to begin");
        var tool = Task.Run(() => _dir.RunProcess("sql", "app.db", "UPDATE tally SET n = n + 1 WHERE _id = 1"));

        // The tool has claimed its slot in app.db-shm: it now waits for the application's turn to end.
        Assert.True(SpinWait.SpinUntil(() => SlotsOtherThan(app.Id) > 0 || tool.IsCompleted, TimeSpan.FromMinutes(10)), "hung: the tool never opened the shared file");
        if (tool.IsCompleted)
        {
            Assert.Fail("the tool ended while the application's write transaction was open: " + (await tool).Error);
        }

        app.Send("commit");
        app.WaitFor(l => l == "committed", "the application's commit");
        var result = await tool;
        Assert.True(result.ExitCode == 0, result.Output + result.Error);
        app.Close();

        // Both increments: the tool's update read the application's commit.
        using var db = DocStoreDatabase.Open(_dir["app.db"], new DocStoreOptions { ReadOnly = true });
        Assert.Equal(2, db.GetCollection("tally").Get(1)!["n"].ToDouble());
        Assert.Equal(app.Acknowledged, db.GetCollection("things").Count());
    }

    private void Seed()
    {
        File.WriteAllLines(_dir["seed.jsonl"], Enumerable.Range(1, Seeded).Select(i => $"{{\"_id\": {i}, \"pad\": \"{new string('x', 200)}\"}}"));
        Assert.Equal(0, _dir.Run("import", "app.db", "things", "seed.jsonl").ExitCode);
        File.WriteAllText(_dir["tally.jsonl"], "{\"_id\": 1, \"n\": {\"$numberLong\": \"0\"}}\n{\"_id\": 2, \"n\": {\"$numberLong\": \"0\"}}\n");
        Assert.Equal(0, _dir.Run("import", "app.db", "tally", "tally.jsonl").ExitCode);
        File.WriteAllText(_dir["notes.jsonl"], "{\"_id\": 0, \"text\": \"seed\"}\n");
        Assert.Equal(0, _dir.Run("import", "app.db", "notes", "notes.jsonl").ExitCode);
        Assert.Equal(0, _dir.Run("sql", "app.db", "DELETE FROM notes").ExitCode);
    }

    private long Count(string collection)
    {
        using var db = DocStoreDatabase.Open(_dir["app.db"], new DocStoreOptions { ReadOnly = true });
        return db.GetCollection(collection).Count();
    }

    // The tool's count must lie between the inserts acknowledged before it started and one past those after it ended.
    private void BesideTheApplication(string[] args, Func<string, long> count)
    {
        Seed();
        using var app = new AppProcess(_dir["app.db"], Seeded + 1);
        app.WaitForAcknowledged(Seeded + 50);
        var before = app.Acknowledged;

        var result = _dir.RunProcess(args);
        var after = app.Acknowledged + 1;

        Assert.True(result.ExitCode == 0, result.Output + result.Error);
        Assert.InRange(count(result.Output), before, after);
        app.Close();
        Assert.Equal(app.Acknowledged, Count("things"));
    }

    // Slots of app.db-shm's reader table that name a process other than the application (docs/storage.md, "The shared file").
    private int SlotsOtherThan(int application)
    {
        using var shm = new FileStream(_dir["app.db"] + "-shm", FileMode.Open, FileAccess.Read, FileShare.ReadWrite);
        var bytes = new byte[4096];
        shm.ReadExactly(bytes);
        var others = 0;
        for (var at = 64; at + 32 <= bytes.Length; at += 32)
        {
            var pid = BitConverter.ToInt32(bytes, at);
            others += pid != 0 && pid != application ? 1 : 0;
        }

        return others;
    }
}
