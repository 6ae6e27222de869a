using DocStore.Engine;
using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.Encryption;

/// <summary>
/// Pages of an encrypted database that were changed, swapped, brought back from an older copy, or a WAL
/// from another database: each is reported as corruption naming the file and page, never read.
/// </summary>
public sealed class EncryptedPageTamperTests : IDisposable
{
    private const int PageSize = 1024;

    // The clear envelope, then per page: nonce (12), tag (16), stored length (4), ciphertext (docs/storage.md, "Encryption").
    private const int Envelope = 512;
    private const int Slot = PageSize + 32;

    private readonly TempDirectory _dir = new();

    public void Dispose() => _dir.Dispose();

    private string Db => _dir.File("t.db");

    private static StorageOptions Options => new() { PageSize = PageSize, EncryptionKey = EncryptedFilesTests.TestKey, TimeProvider = TestDatabase.StoppedClock };

    [Fact]
    public void A_flipped_byte_in_a_page_is_reported_as_corruption_of_that_page()
    {
        var pages = Seed(Db);
        var target = pages - 2;
        Patch(Db, file => file[Offset(target) + 32 + 300] ^= 0x10);
        AssertPageFails(target);
    }

    [Fact]
    public void A_flipped_byte_in_a_tag_or_nonce_is_reported_too()
    {
        var pages = Seed(Db);
        Patch(Db, file => file[Offset(pages - 1) + 3] ^= 1);
        AssertPageFails(pages - 1);
    }

    [Fact]
    public void Two_swapped_pages_are_each_reported()
    {
        var pages = Seed(Db);
        uint a = 2, b = pages - 1;
        Patch(Db, file =>
        {
            var first = file.AsSpan(Offset(a), Slot).ToArray();
            file.AsSpan(Offset(b), Slot).CopyTo(file.AsSpan(Offset(a)));
            first.CopyTo(file.AsSpan(Offset(b)));
        });
        AssertPageFails(a);
        AssertPageFails(b);
    }

    [Fact]
    public void A_page_brought_back_from_an_older_copy_is_reported()
    {
        var pages = Seed(Db);
        var older = _dir.File("older.db");
        using (var engine = StorageEngine.Open(Db, Options))
        {
            engine.Backups.Backup(older);
            for (var i = 0; i < 50; i++)
            {
                TestDatabase.CommitPut(engine, i, seed: 1000 + i, length: 200);
            }
        }

        // The same page number, the same key, a valid tag: but the copy is another file.
        var old = File.ReadAllBytes(older);
        var target = pages - 2;
        Patch(Db, file => old.AsSpan(Offset(target), Slot).CopyTo(file.AsSpan(Offset(target))));
        AssertPageFails(target);
    }

    [UnixFact]
    public void A_wal_of_another_database_under_the_same_key_is_refused_at_open()
    {
        Seed(Db);
        var other = _dir.File("other.db");
        Seed(other);
        byte[] otherWal;
        using (var engine = StorageEngine.Open(other, Options))
        {
            TestDatabase.CommitPut(engine, 9999, seed: 5, length: 300);
            otherWal = LockedFileBytes.Read(other + "-wal");
        }

        File.WriteAllBytes(Db + "-wal", otherWal);
        var ex = Assert.Throws<DatabaseCorruptException>(() => StorageEngine.Open(Db, Options));
        Assert.Equal(Db + "-wal", ex.FileName);
        Assert.Contains("another database", ex.Message, StringComparison.Ordinal);
    }

    private static int Offset(uint page) => Envelope + ((int)page * Slot);

    private static void Patch(string path, Action<byte[]> change)
    {
        var bytes = File.ReadAllBytes(path);
        change(bytes);
        File.WriteAllBytes(path, bytes);
    }

    // Fills a few dozen pages and closes (a clean close checkpoints every page into the file); returns the page count.
    private static uint Seed(string path)
    {
        using var engine = StorageEngine.Open(path, Options);
        for (var i = 0; i < 200; i++)
        {
            TestDatabase.CommitPut(engine, i, seed: i, length: 150);
        }

        engine.Checkpoint();
        using var tx = engine.BeginRead();
        return DocStore.Storage.Pages.HeaderPage.GetPageCount(tx.ReadPage(0));
    }

    private void AssertPageFails(uint page)
    {
        using var engine = StorageEngine.Open(Db, Options);
        using var tx = engine.BeginRead();
        var ex = Assert.Throws<DatabaseCorruptException>(() => tx.ReadPage(page));
        Assert.Equal(page, ex.PageNumber);
        Assert.Equal(Db, ex.FileName);
        Assert.Contains("fails authentication", ex.Message, StringComparison.Ordinal);
    }
}
