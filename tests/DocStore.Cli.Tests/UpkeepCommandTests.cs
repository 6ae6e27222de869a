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
        Assert.Matches(@"\d+ pages of 8192 bytes, \d+ free", result.Output);
        Assert.Matches(@"(?m)^things\s+500\s+\d+", result.Output);
    }

    [Fact]
    public void Backup_writes_a_copy_that_checks_and_holds_every_document()
    {
        Load(300);

        var result = _dir.Run("backup", "app.db", "copy.db");

        Assert.Equal(0, result.ExitCode);
        Assert.StartsWith("backed up app.db to copy.db", result.Output);
        Assert.False(File.Exists(_dir["copy.db.partial"]));
        var check = _dir.Run("check", "copy.db");
        Assert.Equal(0, check.ExitCode);
        Assert.Contains("things: 300 documents", check.Output);
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
        Assert.StartsWith("compacted app.db: ", result.Output);
        Assert.True(new FileInfo(_dir["app.db"]).Length < before / 2, $"{before} -> {new FileInfo(_dir["app.db"]).Length}");
        var check = _dir.Run("check", "app.db");
        Assert.Equal(0, check.ExitCode);
        Assert.Contains("things: 200 documents", check.Output);
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
