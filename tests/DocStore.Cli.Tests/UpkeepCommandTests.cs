using System.Runtime.Versioning;

namespace DocStore.Cli.Tests;

public sealed class UpkeepCommandTests : IDisposable
{
    private readonly TempFolder _dir = new();

    public void Dispose() => _dir.Dispose();

    private void Load(int documents)
    {
        File.WriteAllLines(_dir["a.jsonl"], Enumerable.Range(1, documents).Select(i => $"{{\"_id\": {i}, \"pad\": \"{new string('x', 300)}\"}}"));
        Assert.Equal(0, _dir.Run("import", "app.db", "things", "a.jsonl").ExitCode);
    }

    [Fact]
    public void Stats_lists_the_files_and_each_collection()
    {
        Load(500);

        var result = _dir.Run("stats", "app.db");

        Assert.Equal(0, result.ExitCode);
        Assert.Contains("file: app.db", result.Output);
        Assert.Matches(@"\d+ pages of 8192 bytes, \d+ free, catalog \d+, other trees \d+, overflow halves 0", result.Output);
        Assert.Matches(@"(?m)^things\s+500\s+\d+", result.Output);
    }

    [Fact]
    public void Backup_writes_a_copy_that_checks_and_holds_every_document()
    {
        Load(300);

        var result = _dir.Run("backup", "app.db", "copy.db");

        Assert.Equal(0, result.ExitCode);
        Assert.Matches(@"^backed up app.db to copy.db: [\d.]+ KiB, \d+ pages in \d+\.\d\d s\n$", result.Output.ReplaceLineEndings("\n"));
        Assert.False(File.Exists(_dir["copy.db.partial"]));
        var check = _dir.Run("check", "copy.db");
        Assert.Equal(0, check.ExitCode);
        Assert.Contains("things: 300 documents", check.Output);
    }

    [Fact]
    public void Backup_refuses_an_existing_destination_unless_forced()
    {
        Load(10);
        File.WriteAllText(_dir["copy.db"], "an older file");

        var refused = _dir.Run("backup", "app.db", "copy.db");
        Assert.Equal(1, refused.ExitCode);
        Assert.Equal("docstore: 'copy.db' exists; pass --force to replace it, or choose another file.\n", refused.Error.ReplaceLineEndings("\n"));
        Assert.Equal("an older file", File.ReadAllText(_dir["copy.db"]));

        var forced = _dir.Run("backup", "app.db", "copy.db", "--force");
        Assert.Equal(0, forced.ExitCode);
        Assert.Contains("things: 10 documents", _dir.Run("check", "copy.db").Output);
    }

    [UnixFact]
    public async Task Backup_copies_a_database_another_process_keeps_writing()
    {
        Load(300);
        long committed = 300;
        using var stop = new CancellationTokenSource();
        using (var app = DocStoreDatabase.Open(_dir["app.db"], new DocStoreOptions { AutoCheckpointFrames = 16 }))
        {
            // This test process is the application; the tool below is another process.
            var things = app.GetCollection("things");
            var writer = Task.Run(() =>
            {
                for (var i = 301L; !stop.IsCancellationRequested; i++)
                {
                    things.Insert(new DocStore.Bson.Model.BsonDocument { { "_id", (int)i }, { "pad", new string('y', 300) } });
                    Volatile.Write(ref committed, i);
                }
            });
            // A count of commits, not a time; the limit only catches a hang.
            Assert.True(
                SpinWait.SpinUntil(() => Volatile.Read(ref committed) >= 800 || writer.IsCompleted, TimeSpan.FromMinutes(10)),
                $"hung: the application committed only up to {Volatile.Read(ref committed)}");
            if (writer.IsCompleted)
            {
                await writer;   // what it threw
            }

            var before = Volatile.Read(ref committed);
            var result = _dir.RunProcess("backup", "app.db", "copy.db");
            var after = Volatile.Read(ref committed);
            await stop.CancelAsync();
            await writer;

            Assert.True(result.ExitCode == 0, result.Error);
            Assert.StartsWith("backed up app.db to copy.db", result.Output);
            var check = _dir.Run("check", "copy.db");
            Assert.True(check.ExitCode == 0, check.Output + check.Error);
            using var copy = DocStoreDatabase.Open(_dir["copy.db"], new DocStoreOptions { ReadOnly = true });
            var keys = copy.GetCollection("things").Scan().Select(d => d["_id"].AsInt32).ToList();
            Assert.InRange(keys.Count, before, after + 1);
            Assert.Equal(Enumerable.Range(1, keys.Count), keys);
        }
    }

    [Fact]
    public void Compact_shrinks_a_churned_file_and_keeps_the_survivors()
    {
        Load(2000);
        using (var db = DocStoreDatabase.Open(_dir["app.db"]))
        {
            var things = db.GetCollection("things");
            for (var i = 1; i <= 2000; i++)
            {
                if (i % 10 != 0)
                {
                    things.Delete(i);
                }
            }
        }

        var before = new FileInfo(_dir["app.db"]).Length;
        var result = _dir.Run("compact", "app.db");

        Assert.Equal(0, result.ExitCode);
        Assert.Matches(@"^compacted app.db: [\d.]+ [KM]i?B -> [\d.]+ [KM]i?B \(\d+ -> \d+ pages, [\d.]+ [KM]i?B saved\) in \d+\.\d\d s\n$", result.Output.ReplaceLineEndings("\n"));
        Assert.True(new FileInfo(_dir["app.db"]).Length < before / 2, $"{before} -> {new FileInfo(_dir["app.db"]).Length}");
        var check = _dir.Run("check", "app.db");
        Assert.Equal(0, check.ExitCode);
        Assert.Contains("things: 200 documents", check.Output);
    }

    [Fact]
    public void Compact_with_compress_shrinks_text_documents_and_keeps_them_readable()
    {
        Load(500);
        var before = new FileInfo(_dir["app.db"]).Length;

        var result = _dir.Run("compact", "app.db", "--compress");

        Assert.Equal(0, result.ExitCode);
        Assert.True(new FileInfo(_dir["app.db"]).Length < before / 2, $"{before} -> {new FileInfo(_dir["app.db"]).Length}");
        var check = _dir.Run("check", "app.db");
        Assert.Equal(0, check.ExitCode);
        Assert.Contains("things: 500 documents", check.Output);
        var query = _dir.Run("sql", "app.db", "SELECT pad FROM things WHERE _id = 250", "--format", "json");
        Assert.Equal(0, query.ExitCode);
        Assert.Contains(new string('x', 300), query.Output);

        // A compaction without the option keeps them compressed.
        var compressed = new FileInfo(_dir["app.db"]).Length;
        Assert.Equal(0, _dir.Run("compact", "app.db").ExitCode);
        Assert.True(new FileInfo(_dir["app.db"]).Length <= compressed, $"{compressed} -> {new FileInfo(_dir["app.db"]).Length}");
    }

    [UnixFilesFact]
    [UnsupportedOSPlatform("windows")]
    public void Backup_gives_the_copy_the_database_mode()
    {
        Load(10);
        File.SetUnixFileMode(_dir["app.db"], UnixFileMode.UserRead | UnixFileMode.UserWrite);

        Assert.Equal(0, _dir.Run("backup", "app.db", "copy.db").ExitCode);

        Assert.Equal(UnixFileMode.UserRead | UnixFileMode.UserWrite, File.GetUnixFileMode(_dir["copy.db"]));
    }

    [UnixFilesFact]
    public void Backup_on_a_full_disk_fails_naming_the_staged_file_and_leaves_nothing_behind()
    {
        Load(2_000);

        var result = _dir.RunOnFullDisk(128, "backup", "app.db", "copy.db");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("copy.db.partial', the copy staged for", result.Error);
        Assert.False(File.Exists(_dir["copy.db.partial"]));
        Assert.False(File.Exists(_dir["copy.db"]));
    }

    [UnixFilesFact]
    public void Compact_on_a_full_disk_fails_naming_the_staged_file_and_leaves_the_database_as_it_was()
    {
        Load(2_000);
        var before = File.ReadAllBytes(_dir["app.db"]);

        var result = _dir.RunOnFullDisk(128, "compact", "app.db");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("app.db-compact', the copy staged for", result.Error);
        Assert.False(File.Exists(_dir["app.db-compact"]));
        Assert.Equal(before, File.ReadAllBytes(_dir["app.db"]));
        var check = _dir.Run("check", "app.db");
        Assert.Equal(0, check.ExitCode);
        Assert.Contains("things: 2000 documents", check.Output);
    }

    [Fact]
    public void Upkeep_commands_refuse_a_missing_database()
    {
        foreach (var args in new[] { new[] { "stats", "none.db" }, ["backup", "none.db", "copy.db"], ["compact", "none.db"] })
        {
            var result = _dir.Run(args);
            Assert.Equal(1, result.ExitCode);
            Assert.Contains("There is no database at 'none.db'", result.Error);
        }
    }
}
