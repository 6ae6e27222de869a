using System.Text;
using DocStore.Bson.Model;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.Encryption;

/// <summary>
/// <see cref="DocStoreContext.BackupFile(string, string, DocStoreEncryption, bool)"/>: a backup from outside of
/// an encrypted database reads it through its key and writes a copy encrypted under the same key; without the
/// key, or with a wrong one, it fails as an open does and writes nothing.
/// </summary>
public sealed class EncryptedBackupFileTests : IDisposable
{
    private const string Secret = "backup-plaintext-marker";
    private readonly TempDirectory _dir = new();

    public void Dispose() => _dir.Dispose();

    private string Db => _dir.File("app.db");

    private string Copy => _dir.File("copy.db");

    [Fact]
    public void A_database_a_context_keeps_open_backs_up_under_its_key()
    {
        using var db = DocStoreDatabase.Open(Db, new DocStoreOptions { EncryptionKey = EncryptedFilesTests.TestKey, AutoCheckpointFrames = 0 });
        var notes = db.GetCollection("notes");
        for (var i = 1; i <= 50; i++)
        {
            notes.Insert(new BsonDocument { { "_id", i }, { "text", Secret } });
        }

        // The commits are in the WAL only (no checkpoint), which the backup reads through the key as well.
        var result = DocStoreContext.BackupFile(Db, Copy, DocStoreEncryption.WithKey(EncryptedFilesTests.TestKey), overwrite: false);

        Assert.True(result.PagesAfter > 0);
        Assert.Equal(-1, File.ReadAllBytes(Copy).AsSpan().IndexOf(Encoding.UTF8.GetBytes(Secret)));
        using (var copy = DocStoreDatabase.Open(Copy, new DocStoreOptions { EncryptionKey = EncryptedFilesTests.TestKey, ReadOnly = true }))
        {
            Assert.Equal(50, copy.GetCollection("notes").Count());
            Assert.Equal(Secret, copy.GetCollection("notes").Get(50)!["text"].AsString);
        }

        Assert.Throws<EncryptionKeyException>(() => DocStoreDatabase.Open(Copy, new DocStoreOptions { ReadOnly = true }));
    }

    [Fact]
    public async Task A_password_reads_the_database_it_encrypted_and_the_async_twin_copies_it()
    {
        using (var db = DocStoreDatabase.Open(Db, new DocStoreOptions { Password = "correct horse", PasswordIterations = 1000 }))
        {
            db.GetCollection("notes").Insert(new BsonDocument { { "_id", 1 }, { "text", Secret } });
        }

        await DocStoreContext.BackupFileAsync(Db, Copy, DocStoreEncryption.WithPassword("correct horse"), overwrite: false, CancellationToken.None);

        using var copy = DocStoreDatabase.Open(Copy, new DocStoreOptions { Password = "correct horse", ReadOnly = true });
        Assert.Equal(1, copy.GetCollection("notes").Count());
    }

    [Fact]
    public void Without_the_key_or_with_a_wrong_one_the_backup_fails_as_an_open_does_and_writes_nothing()
    {
        using (var db = DocStoreDatabase.Open(Db, new DocStoreOptions { EncryptionKey = EncryptedFilesTests.TestKey, AutoCheckpointFrames = 0 }))
        {
            db.GetCollection("notes").Insert(new BsonDocument { { "_id", 1 }, { "text", Secret } });
            var wrong = EncryptedFilesTests.TestKey.ToArray();
            wrong[0] ^= 1;

            var missing = Assert.Throws<EncryptionKeyException>(() => DocStoreContext.BackupFile(Db, Copy));
            Assert.Contains("is an encrypted DocStore database", missing.Message, StringComparison.Ordinal);
            var mismatch = Assert.Throws<EncryptionKeyException>(() => DocStoreContext.BackupFile(Db, Copy, DocStoreEncryption.WithKey(wrong), overwrite: false));
            Assert.Contains("Wrong key or not an encrypted DocStore database", mismatch.Message, StringComparison.Ordinal);
        }

        Assert.False(File.Exists(Copy));
        Assert.False(File.Exists(Copy + ".partial"));

        var plain = _dir.File("plain.db");
        using (var db = DocStoreDatabase.Open(plain))
        {
            db.GetCollection("notes").Insert(new BsonDocument { { "_id", 1 } });
        }

        var keyed = Assert.Throws<EncryptionKeyException>(() => DocStoreContext.BackupFile(plain, Copy, DocStoreEncryption.WithKey(EncryptedFilesTests.TestKey), overwrite: false));
        Assert.Contains("not encrypted", keyed.Message, StringComparison.Ordinal);
        DocStoreContext.BackupFile(plain, Copy, DocStoreEncryption.None, overwrite: false);
        using var copy = DocStoreDatabase.Open(Copy, new DocStoreOptions { ReadOnly = true });
        Assert.Equal(1, copy.GetCollection("notes").Count());
    }
}
