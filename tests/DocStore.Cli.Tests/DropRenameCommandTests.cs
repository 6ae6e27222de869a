namespace DocStore.Cli.Tests;

/// <summary>`docstore drop` and `docstore rename`, run as a user runs them.</summary>
public sealed class DropRenameCommandTests : IDisposable
{
    private readonly TempFolder _dir = new();

    public DropRenameCommandTests()
    {
        File.WriteAllLines(_dir["a.jsonl"], Enumerable.Range(1, 200).Select(i => $"{{\"_id\": {i}, \"pad\": \"{new string('x', 300)}\"}}"));
        Assert.Equal(0, _dir.Run("import", "app.db", "things", "a.jsonl").ExitCode);
        Assert.Equal(0, _dir.Run("import", "app.db", "kept", "a.jsonl").ExitCode);
    }

    public void Dispose() => _dir.Dispose();

    [Fact]
    public void Drop_removes_the_collection_and_a_missing_one_fails_unless_if_exists()
    {
        var result = _dir.Run("drop", "app.db", "things");

        Assert.True(result.ExitCode == 0, result.Error);
        Assert.Equal("dropped collection things from app.db", result.Output.Trim());
        var check = _dir.Run("check", "app.db");
        Assert.Equal(0, check.ExitCode);
        Assert.DoesNotContain("things", check.Output);
        Assert.Contains("kept: 200 documents", check.Output);

        var again = _dir.Run("drop", "app.db", "things");
        Assert.Equal(1, again.ExitCode);
        Assert.Contains("has no collection 'things' (it has kept)", again.Error);
        Assert.Equal(0, _dir.Run("drop", "app.db", "things", "--if-exists").ExitCode);
    }

    [Fact]
    public void Rename_moves_the_documents_and_refuses_a_taken_name()
    {
        var result = _dir.Run("rename", "app.db", "things", "items");

        Assert.True(result.ExitCode == 0, result.Error);
        Assert.Equal("renamed collection things to items in app.db", result.Output.Trim());
        var check = _dir.Run("check", "app.db");
        Assert.Equal(0, check.ExitCode);
        Assert.Contains("items: 200 documents", check.Output);
        Assert.DoesNotContain("things", check.Output);

        var taken = _dir.Run("rename", "app.db", "items", "kept");
        Assert.Equal(1, taken.ExitCode);
        Assert.Contains("'kept' exists", taken.Error);
        var missing = _dir.Run("rename", "app.db", "things", "x");
        Assert.Equal(1, missing.ExitCode);
        Assert.Contains("has no collection 'things'", missing.Error);
    }
}
