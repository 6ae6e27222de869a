namespace DocStore.Cli.Tests;

/// <summary>
/// Every door of the tool onto an encrypted database: backup reads it through --password and writes an
/// encrypted copy, a missing or wrong password fails it as it fails an open, --password wins over the
/// environment variable, and rekey to the same password keeps the data.
/// </summary>
public sealed class EncryptedDoorsCommandTests : IDisposable
{
    private readonly TempFolder _dir = new();

    public void Dispose() => _dir.Dispose();

    [Fact]
    public void Backup_reads_an_encrypted_database_through_its_password_and_writes_an_encrypted_copy()
    {
        Seed();

        var missing = _dir.Run("backup", "app.db", "copy.db");
        Assert.Equal(1, missing.ExitCode);
        Assert.Contains("is an encrypted DocStore database", missing.Error, StringComparison.Ordinal);
        var wrong = _dir.Run("backup", "app.db", "copy.db", "--password", "guess");
        Assert.Equal(1, wrong.ExitCode);
        Assert.Contains("Wrong key or not an encrypted DocStore database", wrong.Error, StringComparison.Ordinal);
        Assert.False(File.Exists(_dir["copy.db"]));

        var backup = _dir.Run("backup", "app.db", "copy.db", "--password", "s3cret");
        Assert.True(backup.ExitCode == 0, backup.Error);
        Assert.True(File.ReadAllBytes(_dir["copy.db"]).AsSpan().IndexOf("hidden-0007"u8) < 0);
        Assert.Equal(1, _dir.Run("check", "copy.db").ExitCode);
        var count = _dir.Run("sql", "copy.db", "SELECT COUNT(*) AS n FROM things", "--format", "csv", "--password", "s3cret");
        Assert.True(count.ExitCode == 0, count.Error);
        Assert.Equal("n\n30\n", count.Output.ReplaceLineEndings("\n"));
    }

    [Fact]
    public void Backup_of_an_encrypted_database_an_application_keeps_open_reads_its_latest_commit()
    {
        Seed();
        using (var db = DocStoreDatabase.Open(_dir["app.db"], new DocStoreOptions { Password = "s3cret", AutoCheckpointFrames = 0 }))
        {
            // The new document is in the WAL only; the tool, a process of its own, reads it through the key.
            db.GetCollection("things").Insert(new DocStore.Bson.Model.BsonDocument { { "_id", 31 } });
            var backup = _dir.RunProcess("backup", "app.db", "copy.db", "--password", "s3cret");
            Assert.True(backup.ExitCode == 0, backup.Error);
        }

        using var copy = DocStoreDatabase.Open(_dir["copy.db"], new DocStoreOptions { Password = "s3cret", ReadOnly = true });
        Assert.Equal(31, copy.GetCollection("things").Count());
    }

    [Fact]
    public void The_password_option_wins_over_the_environment_variable()
    {
        Seed();
        var wrongVariable = new Dictionary<string, string?> { ["DOCSTORE_PASSWORD"] = "guess" };

        Assert.Equal(1, _dir.RunProcessWithEnvironment(wrongVariable, "stats", "app.db").ExitCode);
        var given = _dir.RunProcessWithEnvironment(wrongVariable, "stats", "app.db", "--password", "s3cret");
        Assert.True(given.ExitCode == 0, given.Error);
    }

    [Fact]
    public void Rekey_to_the_same_password_keeps_every_document()
    {
        Seed();

        var rekey = _dir.Run("rekey", "app.db", "--password", "s3cret", "--new-password", "s3cret");

        Assert.True(rekey.ExitCode == 0, rekey.Error);
        var export = _dir.Run("export", "app.db", "things", "--password", "s3cret");
        Assert.Equal(30, export.Output.Split('\n', StringSplitOptions.RemoveEmptyEntries).Length);
    }

    private void Seed()
    {
        File.WriteAllLines(_dir["a.jsonl"], Enumerable.Range(1, 30).Select(i => $"{{\"_id\": {i}, \"secret\": \"hidden-{i:D4}\"}}"));
        Assert.Equal(0, _dir.Run("import", "app.db", "things", "a.jsonl", "--password", "s3cret").ExitCode);
    }
}
