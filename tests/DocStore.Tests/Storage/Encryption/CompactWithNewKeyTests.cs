using DocStore.Bson.Model;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.Encryption;

/// <summary>
/// <c>Compact(byte[] newKey)</c> and its async twin: the database is rewritten under the new key, opens under
/// it only, keeps every document, and a key of the wrong length is refused before anything changes.
/// </summary>
public sealed class CompactWithNewKeyTests : IDisposable
{
    private const int Documents = 120;
    private static readonly byte[] OldKey = EncryptedFilesTests.TestKey;
    private static readonly byte[] NewKey = Enumerable.Range(0, 32).Select(i => (byte)(99 + (i * 5))).ToArray();
    private readonly TempDirectory _dir = new();

    public void Dispose() => _dir.Dispose();

    private string Db => _dir.File("k.db");

    [Fact]
    public void Compact_with_a_new_key_rotates_the_key_and_keeps_every_document()
    {
        Seed(OldKey);
        using (var db = DocStoreDatabase.Open(Db, Options(OldKey)))
        {
            var result = db.Compact(NewKey);
            Assert.True(result.PagesAfter > 0);
            Assert.Equal(Documents, db.GetCollection("c").Count());
        }

        AssertOpensUnder(NewKey, refusing: OldKey);
    }

    [Fact]
    public async Task CompactAsync_with_a_new_key_rotates_the_key_and_keeps_every_document()
    {
        Seed(OldKey);
        using (var db = DocStoreDatabase.Open(Db, Options(OldKey)))
        {
            await db.CompactAsync(NewKey, CancellationToken.None);
        }

        AssertOpensUnder(NewKey, refusing: OldKey);
    }

    [Fact]
    public void Compact_with_a_new_key_encrypts_a_plain_database()
    {
        Seed(key: null);
        using (var db = DocStoreDatabase.Open(Db, Options(key: null)))
        {
            db.Compact(NewKey);
        }

        Assert.True(File.ReadAllBytes(Db).AsSpan().IndexOf("value-00007"u8) < 0);
        var refused = Assert.Throws<EncryptionKeyException>(() => DocStoreDatabase.Open(Db, Options(key: null)));
        Assert.Equal(DocStoreErrorCode.EncryptionKeyMismatch, refused.ErrorCode);
        AssertOpensUnder(NewKey, refusing: OldKey);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(16)]
    [InlineData(33)]
    public async Task A_key_of_the_wrong_length_is_refused_and_nothing_changes(int length)
    {
        Seed(OldKey);
        var before = File.ReadAllBytes(Db);
        using (var db = DocStoreDatabase.Open(Db, Options(OldKey)))
        {
            var e = Assert.Throws<ArgumentException>(() => db.Compact(new byte[length]));
            Assert.Equal("key", e.ParamName);
            Assert.Contains($"it is {length}", e.Message, StringComparison.Ordinal);
            await Assert.ThrowsAsync<ArgumentException>(async () => await db.CompactAsync(new byte[length], CancellationToken.None));
            Assert.Throws<ArgumentNullException>(() => db.Compact((byte[])null!));
            Assert.Equal(Documents, db.GetCollection("c").Count());
        }

        Assert.Equal(before, File.ReadAllBytes(Db));
        AssertOpensUnder(OldKey, refusing: NewKey);
    }

    private static DocStoreOptions Options(byte[]? key) => new() { PageSize = 1024, EncryptionKey = key };

    private static string Value(int i) => $"value-{i:D5}-" + new string((char)('a' + (i % 26)), 60);

    private void AssertOpensUnder(byte[] key, byte[] refusing)
    {
        var refused = Assert.Throws<EncryptionKeyException>(() => DocStoreDatabase.Open(Db, Options(refusing)));
        Assert.Equal(DocStoreErrorCode.EncryptionKeyMismatch, refused.ErrorCode);
        using var db = DocStoreDatabase.Open(Db, Options(key));
        var c = db.GetCollection("c");
        Assert.Equal(Documents, c.Count());
        for (var i = 0; i < Documents; i += 17)
        {
            Assert.Equal(Value(i), c.Get(i)!["v"].AsString);
        }

        Assert.True(db.CheckIntegrity().IsValid);
    }

    private void Seed(byte[]? key)
    {
        using var db = DocStoreDatabase.Open(Db, Options(key));
        var c = db.GetCollection("c");
        for (var i = 0; i < Documents; i++)
        {
            c.Insert(new BsonDocument { { "_id", i }, { "v", Value(i) } });
        }
    }
}
