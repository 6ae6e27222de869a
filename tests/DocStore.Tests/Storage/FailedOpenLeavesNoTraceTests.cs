using System.Security.Cryptography;
using DocStore.Bson.Model;
using DocStore.Tests.Storage.Encryption;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage;

/// <summary>
/// An open that fails (a wrong key, a file that is not a database, a cut file, a directory) throws the
/// documented exception and leaves the directory exactly as it was: the same names, the same bytes.
/// </summary>
public sealed class FailedOpenLeavesNoTraceTests : IDisposable
{
    private readonly TempDirectory _dir = new();

    public void Dispose() => _dir.Dispose();

    private string Db => _dir.File("app.db");

    public static TheoryData<DocStoreSharing, bool> Modes() => new()
    {
        { DocStoreSharing.Exclusive, false },
        { DocStoreSharing.Exclusive, true },
        { DocStoreSharing.Shared, false },
        { DocStoreSharing.Shared, true },
    };

    [LinuxTheory]
    [MemberData(nameof(Modes))]
    public void A_wrong_key_leaves_the_directory_as_it_was(DocStoreSharing sharing, bool readOnly)
    {
        Seed(new DocStoreOptions { EncryptionKey = EncryptedFilesTests.TestKey });
        var before = Listing();
        var wrong = EncryptedFilesTests.TestKey.ToArray();
        wrong[0] ^= 1;

        var e = Assert.Throws<EncryptionKeyException>(() => DocStoreDatabase.Open(Db, new DocStoreOptions { EncryptionKey = wrong, Sharing = sharing, ReadOnly = readOnly }));
        Assert.Equal(Db, e.FileName);
        Assert.Equal(before, Listing());
    }

    [LinuxTheory]
    [MemberData(nameof(Modes))]
    public void A_wrong_password_leaves_the_directory_as_it_was(DocStoreSharing sharing, bool readOnly)
    {
        Seed(new DocStoreOptions { Password = "right", PasswordIterations = 1000 });
        var before = Listing();

        Assert.Throws<EncryptionKeyException>(() => DocStoreDatabase.Open(Db, new DocStoreOptions { Password = "wrong", Sharing = sharing, ReadOnly = readOnly }));
        Assert.Equal(before, Listing());
    }

    [LinuxTheory]
    [MemberData(nameof(Modes))]
    public void A_missing_key_or_a_key_for_a_plain_file_leaves_the_directory_as_it_was(DocStoreSharing sharing, bool readOnly)
    {
        Seed(new DocStoreOptions { EncryptionKey = EncryptedFilesTests.TestKey });
        var before = Listing();
        Assert.Throws<EncryptionKeyException>(() => DocStoreDatabase.Open(Db, new DocStoreOptions { Sharing = sharing, ReadOnly = readOnly }));
        Assert.Equal(before, Listing());

        var plain = _dir.File("plain.db");
        using (var db = DocStoreDatabase.Open(plain))
        {
            db.GetCollection("c").Insert(new BsonDocument { { "_id", 1 } });
        }

        before = Listing();
        Assert.Throws<EncryptionKeyException>(() => DocStoreDatabase.Open(plain, new DocStoreOptions { EncryptionKey = EncryptedFilesTests.TestKey, Sharing = sharing, ReadOnly = readOnly }));
        Assert.Equal(before, Listing());
    }

    [LinuxTheory]
    [MemberData(nameof(Modes))]
    public void A_file_that_is_not_a_database_leaves_the_directory_as_it_was(DocStoreSharing sharing, bool readOnly)
    {
        File.WriteAllBytes(Db, RandomNumberGenerator.GetBytes(10_000));
        var before = Listing();

        var e = Assert.Throws<DatabaseCorruptException>(() => DocStoreDatabase.Open(Db, new DocStoreOptions { Sharing = sharing, ReadOnly = readOnly }));
        Assert.Contains("is not a DocStore database", e.Message, StringComparison.Ordinal);
        Assert.Equal(before, Listing());
    }

    [LinuxTheory]
    [MemberData(nameof(Modes))]
    public void A_database_cut_inside_its_header_leaves_the_directory_as_it_was(DocStoreSharing sharing, bool readOnly)
    {
        Seed(new DocStoreOptions());
        var bytes = File.ReadAllBytes(Db);
        File.WriteAllBytes(Db, bytes[..20]);
        var before = Listing();

        var e = Assert.Throws<DatabaseCorruptException>(() => DocStoreDatabase.Open(Db, new DocStoreOptions { Sharing = sharing, ReadOnly = readOnly }));
        Assert.Contains("shorter than a DocStore header", e.Message, StringComparison.Ordinal);
        Assert.Equal(before, Listing());
    }

    [LinuxTheory]
    [MemberData(nameof(Modes))]
    public void An_encrypted_database_cut_inside_its_envelope_leaves_the_directory_as_it_was(DocStoreSharing sharing, bool readOnly)
    {
        Seed(new DocStoreOptions { EncryptionKey = EncryptedFilesTests.TestKey });
        var bytes = File.ReadAllBytes(Db);
        File.WriteAllBytes(Db, bytes[..40]);
        var before = Listing();

        var e = Assert.ThrowsAny<DocStoreException>(() => DocStoreDatabase.Open(Db, new DocStoreOptions { EncryptionKey = EncryptedFilesTests.TestKey, Sharing = sharing, ReadOnly = readOnly }));
        Assert.True(e is DatabaseCorruptException or EncryptionKeyException, e.ToString());
        Assert.Equal(before, Listing());
    }

    [LinuxTheory]
    [MemberData(nameof(Modes))]
    public void A_directory_path_is_refused_naming_it_and_nothing_is_created(DocStoreSharing sharing, bool readOnly)
    {
        var path = _dir.File("folder.db");
        Directory.CreateDirectory(path);
        var before = Listing();

        var e = Assert.Throws<ArgumentException>(() => DocStoreDatabase.Open(path, new DocStoreOptions { Sharing = sharing, ReadOnly = readOnly }));
        Assert.Contains(path, e.Message, StringComparison.Ordinal);
        Assert.Contains("directory", e.Message, StringComparison.Ordinal);
        Assert.Equal(before, Listing());
    }

    private void Seed(DocStoreOptions options)
    {
        using var db = DocStoreDatabase.Open(Db, options);
        var c = db.GetCollection("c");
        for (var i = 1; i <= 3; i++)
        {
            c.Insert(new BsonDocument { { "_id", i } });
        }
    }

    // Every entry under the directory, with a hash of each file's bytes.
    private string[] Listing() =>
        Directory.GetFileSystemEntries(_dir.Path, "*", SearchOption.AllDirectories)
            .Order(StringComparer.Ordinal)
            .Select(p => Directory.Exists(p) ? $"{Path.GetRelativePath(_dir.Path, p)}/" : $"{Path.GetRelativePath(_dir.Path, p)} {Convert.ToHexString(SHA256.HashData(File.ReadAllBytes(p)))}")
            .ToArray();
}
