namespace DocStore.Cli.Tests;

/// <summary>The tool on encrypted databases: --password, DOCSTORE_PASSWORD, a wrong or missing password, and rekey.</summary>
public sealed class EncryptionCommandTests : IDisposable
{
    private readonly TempFolder _dir = new();

    public void Dispose() => _dir.Dispose();

    [Fact]
    public void A_password_creates_and_opens_an_encrypted_database_and_a_wrong_or_missing_one_fails()
    {
        File.WriteAllLines(_dir["a.jsonl"], Enumerable.Range(1, 50).Select(i => $"{{\"_id\": {i}, \"secret\": \"hidden-{i:D4}\"}}"));
        Assert.Equal(0, _dir.Run("import", "app.db", "things", "a.jsonl", "--password", "s3cret").ExitCode);
        Assert.True(File.ReadAllBytes(_dir["app.db"]).AsSpan().IndexOf("hidden-0007"u8) < 0);

        var check = _dir.Run("check", "app.db", "--password", "s3cret");
        Assert.Equal(0, check.ExitCode);

        var missing = _dir.Run("check", "app.db");
        Assert.Equal(1, missing.ExitCode);
        Assert.Contains("is an encrypted DocStore database", missing.Error, StringComparison.Ordinal);

        var wrong = _dir.Run("sql", "app.db", "SELECT COUNT(*) FROM things", "--password", "guess");
        Assert.Equal(1, wrong.ExitCode);
        Assert.Contains("Wrong key or not an encrypted DocStore database", wrong.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void Rekey_takes_both_passwords_from_the_environment()
    {
        File.WriteAllLines(_dir["a.jsonl"], Enumerable.Range(1, 20).Select(i => $"{{\"_id\": {i}}}"));
        Assert.Equal(0, _dir.Run("import", "app.db", "things", "a.jsonl", "--password", "old").ExitCode);
        // Child processes: the test process's environment is shared with tests that run the tool in process.
        var rekey = _dir.RunProcessWithEnvironment(new Dictionary<string, string?> { ["DOCSTORE_PASSWORD"] = "old", ["DOCSTORE_NEW_PASSWORD"] = "new" }, "rekey", "app.db");
        Assert.True(rekey.ExitCode == 0, rekey.Error);
        Assert.StartsWith("rekeyed app.db:", rekey.Output, StringComparison.Ordinal);
        Assert.Equal(1, _dir.RunProcessWithEnvironment(new Dictionary<string, string?> { ["DOCSTORE_PASSWORD"] = "old" }, "check", "app.db").ExitCode);
        Assert.Equal(0, _dir.RunProcessWithEnvironment(new Dictionary<string, string?> { ["DOCSTORE_PASSWORD"] = "new" }, "check", "app.db").ExitCode);

        Assert.Equal(0, _dir.Run("check", "app.db", "--password", "new").ExitCode);
        var usage = _dir.Run("rekey", "app.db", "--password", "new");
        Assert.Equal(2, usage.ExitCode);
    }
}
