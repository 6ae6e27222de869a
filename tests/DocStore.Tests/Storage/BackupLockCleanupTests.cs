using DocStore.Bson.Model;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage;

/// <summary>The backup lock file a session creates beside the database is gone once the database is closed.</summary>
public sealed class BackupLockCleanupTests : IDisposable
{
    private readonly TempDirectory _dir = new();

    public void Dispose() => _dir.Dispose();

    private string Db => _dir.File("app.db");

    private void Seed()
    {
        using var db = DocStoreDatabase.Open(Db);
        var c = db.GetCollection("c");
        for (var i = 0; i < 200; i++)
        {
            c.Insert(new BsonDocument { { "_id", i }, { "pad", new string('x', 200) } });
        }
    }

    [UnixFact]
    public void Compact_then_close_leaves_no_backup_lock()
    {
        Seed();
        using (var db = DocStoreDatabase.Open(Db))
        {
            db.Compact();
        }

        Assert.False(File.Exists(Db + "-backup"));
    }

    [UnixFact]
    public void Backup_then_close_leaves_no_backup_lock()
    {
        Seed();
        using (var db = DocStoreDatabase.Open(Db))
        {
            db.Backup(_dir.File("copy.db"));
            DocStoreContext.BackupFile(Db, _dir.File("file-copy.db"));
        }

        Assert.False(File.Exists(Db + "-backup"));
        Assert.False(File.Exists(_dir.File("copy.db") + "-backup"));
        Assert.False(File.Exists(_dir.File("file-copy.db") + "-backup"));
    }

    [UnixFact]
    public void Backup_of_a_closed_database_leaves_no_backup_lock()
    {
        Seed();
        DocStoreContext.BackupFile(Db, _dir.File("file-copy.db"));

        Assert.False(File.Exists(Db + "-backup"));
    }
}
