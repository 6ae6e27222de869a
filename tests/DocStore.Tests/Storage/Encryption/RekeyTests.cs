using DocStore.Bson.Model;
using DocStore.CrashHost.Collections;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.Encryption;

/// <summary>
/// <c>Compact(DocStoreEncryption)</c> rewrites the database under a new key (or none, or from none); a
/// kill at any point of a rotation leaves the old file under the old key or the new one under the new key.
/// </summary>
[Collection(BusyChildProcesses.Name)]
public sealed class RekeyTests : IDisposable
{
    private const int Documents = 400;
    private static readonly byte[] KeyA = EncryptedFilesTests.TestKey;
    private static readonly byte[] KeyB = Enumerable.Range(0, 32).Select(i => (byte)(200 - i)).ToArray();
    private readonly TempDirectory _dir = new();

    public void Dispose() => _dir.Dispose();

    private string Db => _dir.File("r.db");

    [Fact]
    public void A_rotation_opens_under_the_new_key_only_and_keeps_every_document()
    {
        Seed(RekeyWorkload.Options(KeyA));
        using (var db = DocStoreDatabase.Open(Db, RekeyWorkload.Options(KeyA)))
        {
            db.Compact(DocStoreEncryption.WithKey(KeyB));
            db.GetCollection("c").Insert(new BsonDocument { { "_id", Documents }, { "v", "after" } });
        }

        Assert.Throws<EncryptionKeyException>(() => DocStoreDatabase.Open(Db, RekeyWorkload.Options(KeyA)));
        using (var db = DocStoreDatabase.Open(Db, RekeyWorkload.Options(KeyB)))
        {
            Assert.Equal(Documents + 1, db.GetCollection("c").Count());
        }
    }

    [Fact]
    public void A_plain_database_is_encrypted_and_an_encrypted_one_decrypted_by_compaction()
    {
        Seed(new DocStoreOptions { PageSize = 1024 });
        using (var db = DocStoreDatabase.Open(Db, new DocStoreOptions { PageSize = 1024 }))
        {
            db.Compact(DocStoreEncryption.WithPassword("rotate me"));
        }

        Assert.Throws<EncryptionKeyException>(() => DocStoreDatabase.Open(Db));
        Assert.True(File.ReadAllBytes(Db).AsSpan().IndexOf("value-00007-"u8) < 0);
        using (var db = DocStoreDatabase.Open(Db, new DocStoreOptions { Password = "rotate me" }))
        {
            Assert.Equal(Documents, db.GetCollection("c").Count());
            db.Compact(DocStoreEncryption.None);
        }

        using (var db = DocStoreDatabase.Open(Db))
        {
            Assert.Equal(Documents, db.GetCollection("c").Count());
        }
    }

    [Fact]
    public void A_kill_during_rotation_leaves_the_old_or_the_new_file_whole()
    {
        Seed(RekeyWorkload.Options(KeyA));
        var random = new Random(20261206);
        var outcomes = new HashSet<string>();
        for (var kill = 0; kill < 12; kill++)
        {
            using (var host = new CrashHostProcess("rekey", Db, Convert.ToHexString(KeyA), Convert.ToHexString(KeyB)))
            {
                Assert.Equal("ready", host.ReadLine(HangGuard.Limit));
                for (var rotations = random.Next(0, 3); rotations > 0; rotations--)
                {
                    Assert.StartsWith("rekeyed", host.ReadLine(HangGuard.Limit) ?? "hung: no rotation finished", StringComparison.Ordinal);
                }

                // A random moment inside the next rotation (the kill point, not an assertion).
                Thread.Sleep(random.Next(0, 60));
                host.Kill();
            }

            outcomes.Add(Verify());
        }

        Assert.NotEmpty(outcomes);
    }

    // Exactly one of the keys opens the file, which holds every document intact; returns which.
    private string Verify()
    {
        var opened = new List<string>();
        foreach (var (name, key) in new[] { ("a", KeyA), ("b", KeyB) })
        {
            try
            {
                using var db = DocStoreDatabase.Open(Db, RekeyWorkload.Options(key));
                var c = db.GetCollection("c");
                Assert.Equal(Documents, c.Count());
                for (var i = 0; i < Documents; i += 37)
                {
                    Assert.Equal(Value(i), c.Get(i)!["v"].AsString);
                }

                Assert.True(db.CheckIntegrity().IsValid);
                opened.Add(name);
            }
            catch (EncryptionKeyException)
            {
            }
        }

        return Assert.Single(opened);
    }

    private static string Value(int i) => $"value-{i:D5}-" + new string((char)('a' + (i % 26)), 100);

    private void Seed(DocStoreOptions options)
    {
        using var db = DocStoreDatabase.Open(Db, options);
        var c = db.GetCollection("c");
        for (var i = 0; i < Documents; i++)
        {
            c.Insert(new BsonDocument { { "_id", i }, { "v", Value(i) } });
        }
    }
}
