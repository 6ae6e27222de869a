using DocStore.Bson.Interop;
using DocStore.Bson.Model;

namespace DocStore.Cli.Tests;

/// <summary>
/// The tool as a separate process beside an application (this test process) that opened the database with
/// <see cref="DocStoreSharing.Shared"/> and keeps committing: the read-only commands open shared and read
/// whole commits; a statement that writes takes its turn beside the application's write transactions.
/// </summary>
public sealed class SharedOpenCommandTests : IDisposable
{
    private const int Seeded = 200;
    private readonly TempFolder _dir = new();

    public void Dispose() => _dir.Dispose();

    [Fact]
    public Task Stats_counts_the_documents_of_a_commit_the_application_made() =>
        BesideTheApplication(["stats", "app.db"], (result, before, after) =>
        {
            var count = long.Parse(Assert.Single(result.Output.Split('\n'), l => l.StartsWith("things ", StringComparison.Ordinal)).Split(' ', StringSplitOptions.RemoveEmptyEntries)[1]);
            Assert.InRange(count, before, after);
        });

    [Fact]
    public Task Check_finds_a_sound_database_with_the_committed_documents() =>
        BesideTheApplication(["check", "app.db"], (result, before, after) =>
        {
            Assert.StartsWith("ok:", result.Output);
            var line = Assert.Single(result.Output.Split('\n'), l => l.Trim().StartsWith("things: ", StringComparison.Ordinal));
            var count = long.Parse(line.Trim().Split(' ')[1]);
            Assert.InRange(count, before, after);
        });

    [Fact]
    public Task Export_writes_every_document_of_one_commit() =>
        BesideTheApplication(["export", "app.db", "things"], (result, before, after) =>
        {
            var ids = result.Output.Split('\n', StringSplitOptions.RemoveEmptyEntries)
                .Select(l => ExtendedJson.Parse(l)["_id"].AsInt32).ToList();
            Assert.InRange(ids.Count, before, after);
            Assert.Equal(Enumerable.Range(1, ids.Count), ids);
        });

    [Fact]
    public Task Sql_runs_a_query_on_the_latest_commit() =>
        BesideTheApplication(["sql", "app.db", "SELECT COUNT(*) AS n FROM things", "--format", "csv"], (result, before, after) =>
        {
            var lines = result.Output.ReplaceLineEndings("\n").Split('\n', StringSplitOptions.RemoveEmptyEntries);
            Assert.Equal("n", lines[0]);
            Assert.InRange(long.Parse(lines[1]), before, after);
        });

    [Fact]
    public async Task Sql_that_writes_waits_for_the_applications_write_transaction_and_commits_after_it()
    {
        Seed();
        using var app = DocStoreDatabase.Open(_dir["app.db"], new DocStoreOptions { Sharing = DocStoreSharing.Shared });
        var things = app.GetCollection("things");
        ToolResult result;
        using (var open = app.BeginTransaction())
        {
            things.Insert(open, new BsonDocument { { "_id", Seeded + 1 }, { "pad", "held" } });
            var tool = Task.Run(() => _dir.RunProcess("sql", "app.db", "DELETE FROM things WHERE _id <= 10"));

            // The tool has claimed its slot in app.db-shm: it now waits for this transaction's turn to end.
            Assert.True(SpinWait.SpinUntil(() => OtherProcessSlots() > 0 || tool.IsCompleted, TimeSpan.FromMinutes(10)), "hung: the tool never opened the shared file");
            if (tool.IsCompleted)
            {
                Assert.Fail("the tool ended while the application's write transaction was open: " + (await tool).Error);
            }

            open.Commit();
            result = await tool;
        }

        Assert.True(result.ExitCode == 0, result.Error);
        Assert.Equal(Seeded + 1 - 10, things.Count());
        Assert.NotNull(things.Get(Seeded + 1));
    }

    [Fact]
    public void A_piped_shell_script_writes_and_reads_beside_an_application_that_writes()
    {
        Seed();
        using var app = DocStoreDatabase.Open(_dir["app.db"], new DocStoreOptions { Sharing = DocStoreSharing.Shared });
        var things = app.GetCollection("things");
        things.Insert(new BsonDocument { { "_id", Seeded + 1 }, { "pad", "app" } });
        var script = $"""
            .mode csv
            INSERT INTO things (_id, pad) VALUES ({Seeded + 2}, 'shell');
            SELECT pad FROM things WHERE _id >= {Seeded + 1} ORDER BY _id;
            """;

        var result = _dir.RunProcessWithInput(script, "shell", "app.db");

        Assert.True(result.ExitCode == 0, result.Error);
        Assert.Contains("pad\napp\nshell\n", result.Output.ReplaceLineEndings("\n"));
        things.Insert(new BsonDocument { { "_id", Seeded + 3 }, { "pad", "app again" } });
        Assert.Equal("shell", things.Get(Seeded + 2)!["pad"].AsString);
        Assert.Equal(Seeded + 3, things.Count());
    }

    // Slots of app.db-shm's reader table that name a process other than this one (docs/storage.md, "The shared file").
    private int OtherProcessSlots()
    {
        using var shm = new FileStream(_dir["app.db"] + "-shm", FileMode.Open, FileAccess.Read, FileShare.ReadWrite);
        var bytes = new byte[4096];
        shm.ReadExactly(bytes);
        var others = 0;
        for (var at = 64; at + 32 <= bytes.Length; at += 32)
        {
            var pid = BitConverter.ToInt32(bytes, at);
            others += pid != 0 && pid != Environment.ProcessId ? 1 : 0;
        }

        return others;
    }

    [Fact]
    public void Sql_writes_when_no_other_process_has_the_file()
    {
        Seed();

        var result = _dir.RunProcess("sql", "app.db", "DELETE FROM things WHERE _id <= 10");

        Assert.True(result.ExitCode == 0, result.Error);
        using var db = DocStoreDatabase.Open(_dir["app.db"], new DocStoreOptions { ReadOnly = true });
        Assert.Equal(Seeded - 10, db.GetCollection("things").Count());
    }

    [Fact]
    public void A_connection_string_with_Sharing_Shared_lets_the_tool_read_its_commits()
    {
        Seed();
        using (var connection = new DocStore.Data.DocStoreConnection($"Data Source={_dir["app.db"]};Sharing=Shared;Pooling=False"))
        {
            connection.Open();
            connection.Context!.GetCollection("things").Insert(new BsonDocument { { "_id", Seeded + 1 }, { "pad", "z" } });

            var result = _dir.RunProcess("sql", "app.db", $"SELECT pad FROM things WHERE _id = {Seeded + 1}", "--format", "csv");

            Assert.True(result.ExitCode == 0, result.Error);
            Assert.Equal("pad\nz\n", result.Output.ReplaceLineEndings("\n"));
        }
    }

    [Fact]
    public void A_shared_read_after_an_exclusive_write_reads_that_write()
    {
        Seed();
        Assert.Equal(0, _dir.RunProcess("sql", "app.db", "DELETE FROM things WHERE _id = 1").ExitCode);   // a shared writer leaves app.db-shm
        using (var app = DocStoreDatabase.Open(_dir["app.db"], new DocStoreOptions()))
        {
            app.GetCollection("things").Insert(new BsonDocument { { "_id", Seeded + 1 } });
        }

        var result = _dir.RunProcess("export", "app.db", "things");

        Assert.True(result.ExitCode == 0, result.Error);
        var ids = result.Output.Split('\n', StringSplitOptions.RemoveEmptyEntries).Select(l => ExtendedJson.Parse(l)["_id"].AsInt32);
        Assert.Equal(Enumerable.Range(2, Seeded), ids);
    }

    private void Seed()
    {
        File.WriteAllLines(_dir["seed.jsonl"], Enumerable.Range(1, Seeded).Select(i => $"{{\"_id\": {i}, \"pad\": \"{new string('x', 200)}\"}}"));
        Assert.Equal(0, _dir.Run("import", "app.db", "things", "seed.jsonl").ExitCode);
    }

    // The application commits one document at a time while the tool runs as another process; the tool's
    // count must lie between what was committed before it started and after it ended.
    private async Task BesideTheApplication(string[] args, Action<ToolResult, long, long> verify)
    {
        Seed();
        long committed = Seeded;
        using var stop = new CancellationTokenSource();
        using var app = DocStoreDatabase.Open(_dir["app.db"], new DocStoreOptions { Sharing = DocStoreSharing.Shared, AutoCheckpointFrames = 16 });
        var things = app.GetCollection("things");
        var writer = Task.Run(() =>
        {
            for (var i = Seeded + 1; !stop.IsCancellationRequested; i++)
            {
                things.Insert(new BsonDocument { { "_id", i }, { "pad", new string('y', 200) } });
                Volatile.Write(ref committed, i);
            }
        });

        // A count of commits, not a time; the limit only catches a hang.
        Assert.True(
            SpinWait.SpinUntil(() => Volatile.Read(ref committed) >= Seeded + 100 || writer.IsCompleted, TimeSpan.FromMinutes(10)),
            $"hung: the application committed only up to {Volatile.Read(ref committed)}");
        if (writer.IsCompleted)
        {
            await writer;
        }

        var before = Volatile.Read(ref committed);
        var result = _dir.RunProcess(args);
        var after = Volatile.Read(ref committed) + 1;
        await stop.CancelAsync();
        await writer;

        Assert.True(result.ExitCode == 0, result.Output + result.Error);
        verify(result, before, after);
    }
}
