using System.Diagnostics;

namespace DocStore.Cli.Tests;

public sealed class CommandTests : IDisposable
{
    private readonly TempFolder _dir = new();

    public void Dispose() => _dir.Dispose();

    [Fact]
    public void Check_reports_a_sound_database_with_its_collections()
    {
        File.WriteAllText(_dir["a.jsonl"], "{\"_id\": 1}\n{\"_id\": 2}\n");
        Assert.Equal(0, _dir.Run("import", "app.db", "things", "a.jsonl").ExitCode);

        var result = _dir.Run("check", "app.db");

        Assert.Equal(0, result.ExitCode);
        Assert.StartsWith("ok: 1 collection, 2 documents, ", result.Output);
        Assert.Contains("  things: 2 documents, 0 indexes", result.Output);
    }

    [Fact]
    public void Check_fails_with_the_damaged_page()
    {
        File.WriteAllLines(_dir["a.jsonl"], Enumerable.Range(1, 300).Select(i => $"{{\"_id\": {i}, \"pad\": \"{new string('x', 200)}\"}}"));
        Assert.Equal(0, _dir.Run("import", "app.db", "things", "a.jsonl").ExitCode);
        using (var file = new FileStream(_dir["app.db"], FileMode.Open, FileAccess.ReadWrite))
        {
            // Flip bytes in the middle of a page of the collection's tree: its checksum no longer matches.
            var page = 8192;
            Assert.True(file.Length > 11 * page);
            file.Position = (10 * page) + 1000;
            file.Write(new byte[] { 0xDE, 0xAD, 0xBE, 0xEF });
        }

        var result = _dir.Run("check", "app.db");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("page 10 (tree 'c/things'): Database corrupt: app.db, page 10: page checksum mismatch", result.Output);
        Assert.Matches(@"^docstore: app.db: (1 problem|\d+ problems) found\n$", result.Error);
    }

    [Fact]
    public void A_database_held_by_another_process_gives_the_lock_message()
    {
        File.WriteAllText(_dir["a.jsonl"], "{\"_id\": 1}\n");
        using var holder = DocStoreDatabase.Open(_dir["app.db"]);

        var import = _dir.RunProcess("import", "app.db", "things", "a.jsonl");
        var check = _dir.RunProcess("check", "app.db");

        foreach (var result in new[] { import, check })
        {
            Assert.Equal(1, result.ExitCode);
            Assert.Contains("lock", result.Error, StringComparison.OrdinalIgnoreCase);
            Assert.StartsWith("docstore: ", result.Error);
            Assert.Single(result.Error.TrimEnd().Split('\n'));
        }
    }

    [Fact]
    public void Verbose_adds_the_stack_trace()
    {
        File.WriteAllText(_dir["bad.jsonl"], "{nope\n");

        var quiet = _dir.RunProcess("import", "app.db", "c", "bad.jsonl");
        var verbose = _dir.RunProcess("import", "app.db", "c", "bad.jsonl", "--verbose");

        Assert.Equal(1, quiet.ExitCode);

        Assert.DoesNotContain("   at ", quiet.Error);
        Assert.Contains("   at ", verbose.Error);
    }

    [Fact]
    public void Version_and_help_work_on_every_command()
    {
        var version = _dir.Run("--version");
        Assert.Equal(0, version.ExitCode);
        Assert.Matches(@"^\d+\.\d+\.\d+", version.Output);

        var root = _dir.Run("--help");
        Assert.Equal(0, root.ExitCode);
        foreach (var command in new[] { "import", "export", "check" })
        {
            Assert.Contains(command, root.Output);
            var help = _dir.Run(command, "--help");
            Assert.Equal(0, help.ExitCode);
            Assert.Contains($"docstore {command}", help.Output);
            Assert.Contains("--verbose", help.Output);
        }
    }

    [Fact]
    public void No_command_or_an_unknown_one_is_a_usage_error()
    {
        Assert.Equal(2, _dir.RunProcess().ExitCode);
        var unknown = _dir.RunProcess("frobnicate");
        Assert.Equal(2, unknown.ExitCode);
        Assert.Contains("--help", unknown.Error);
    }
}
