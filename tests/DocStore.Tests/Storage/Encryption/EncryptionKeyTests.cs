using DocStore.Bson.Model;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.Encryption;

/// <summary>Opening with a wrong key or password, without a key, or with one for a plain file fails at open, clearly.</summary>
public sealed class EncryptionKeyTests : IDisposable
{
    private readonly TempDirectory _dir = new();

    public void Dispose() => _dir.Dispose();

    private string Db => _dir.File("app.db");

    [Fact]
    public void A_wrong_key_fails_at_open_with_its_own_code_and_leaves_the_file_as_it_was()
    {
        Seed(new DocStoreOptions { EncryptionKey = EncryptedFilesTests.TestKey });
        var before = File.ReadAllBytes(Db);
        var wrong = EncryptedFilesTests.TestKey.ToArray();
        wrong[5] ^= 1;
        var ex = Assert.Throws<EncryptionKeyException>(() => DocStoreDatabase.Open(Db, new DocStoreOptions { EncryptionKey = wrong }));
        Assert.Equal(DocStoreErrorCode.EncryptionKeyMismatch, ex.ErrorCode);
        Assert.Contains("wrong key or not an encrypted DocStore database", ex.Message, StringComparison.OrdinalIgnoreCase);
        Assert.Equal(Db, ex.FileName);
        Assert.Equal(before, File.ReadAllBytes(Db));
        Assert.Equal(3, Count(new DocStoreOptions { EncryptionKey = EncryptedFilesTests.TestKey }));
    }

    [Fact]
    public void A_password_opens_what_it_created_and_a_wrong_password_does_not()
    {
        Seed(new DocStoreOptions { Password = "correct horse", PasswordIterations = 1000 });
        Assert.Equal(3, Count(new DocStoreOptions { Password = "correct horse" }));
        var ex = Assert.Throws<EncryptionKeyException>(() => Count(new DocStoreOptions { Password = "correct hearse" }));
        Assert.Contains("wrong key or not an encrypted DocStore database", ex.Message, StringComparison.OrdinalIgnoreCase);

        // A raw key is not the password's key either.
        Assert.Throws<EncryptionKeyException>(() => Count(new DocStoreOptions { EncryptionKey = EncryptedFilesTests.TestKey }));
    }

    [Fact]
    public void An_encrypted_file_without_a_key_and_a_plain_file_with_one_are_refused()
    {
        Seed(new DocStoreOptions { EncryptionKey = EncryptedFilesTests.TestKey });
        var missing = Assert.Throws<EncryptionKeyException>(() => Count(new DocStoreOptions()));
        Assert.Contains("is an encrypted DocStore database", missing.Message, StringComparison.Ordinal);
        var readOnly = Assert.Throws<EncryptionKeyException>(() => Count(new DocStoreOptions { ReadOnly = true }));
        Assert.Equal(DocStoreErrorCode.EncryptionKeyMismatch, readOnly.ErrorCode);

        var plain = _dir.File("plain.db");
        using (var db = DocStoreDatabase.Open(plain))
        {
            db.GetCollection("c").Insert(new BsonDocument { { "_id", 1 } });
        }

        var keyed = Assert.Throws<EncryptionKeyException>(() => DocStoreDatabase.Open(plain, new DocStoreOptions { EncryptionKey = EncryptedFilesTests.TestKey }));
        Assert.Contains("not encrypted", keyed.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_second_context_on_an_open_encrypted_file_needs_the_same_key()
    {
        using var first = DocStoreDatabase.Open(Db, new DocStoreOptions { EncryptionKey = EncryptedFilesTests.TestKey });
        first.GetCollection("c").Insert(new BsonDocument { { "_id", 1 } });
        Assert.Throws<EncryptionKeyException>(() => DocStoreDatabase.Open(Db));
        var wrong = new byte[32];
        Assert.Throws<EncryptionKeyException>(() => DocStoreDatabase.Open(Db, new DocStoreOptions { EncryptionKey = wrong }));
        using var second = DocStoreDatabase.Open(Db, new DocStoreOptions { EncryptionKey = EncryptedFilesTests.TestKey });
        Assert.Equal(1, second.GetCollection("c").Count());
    }

    [Fact]
    public void A_key_of_the_wrong_length_or_both_a_key_and_a_password_are_refused()
    {
        var shortKey = Assert.Throws<ArgumentException>(() => DocStoreDatabase.Open(Db, new DocStoreOptions { EncryptionKey = new byte[16] }));
        Assert.Contains("32 bytes", shortKey.Message, StringComparison.Ordinal);
        Assert.Throws<ArgumentException>(() => DocStoreDatabase.Open(Db, new DocStoreOptions { EncryptionKey = EncryptedFilesTests.TestKey, Password = "p" }));
        Assert.False(File.Exists(Db) && new FileInfo(Db).Length > 0);
    }

    private void Seed(DocStoreOptions options)
    {
        using var db = DocStoreDatabase.Open(Db, options);
        var c = db.GetCollection("c");
        for (var i = 0; i < 3; i++)
        {
            c.Insert(new BsonDocument { { "_id", i } });
        }
    }

    private long Count(DocStoreOptions options)
    {
        using var db = DocStoreDatabase.Open(Db, options);
        return db.GetCollection("c").Count();
    }
}
