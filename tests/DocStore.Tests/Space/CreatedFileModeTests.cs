using System.Runtime.Versioning;
using DocStore.Bson.Model;
using DocStore.Tests.Support;

namespace DocStore.Tests.Space;

/// <summary>Every file the engine creates beside a database, and every copy of it, has the database's permission bits.</summary>
[UnsupportedOSPlatform("windows")]
public sealed class CreatedFileModeTests
{
    private static readonly DocStoreOptions Options = new() { PageSize = 1024, Durability = Durability.Full };

    // Group read and write: wider than what a umask of 022 lets a new file have, so only an exact mode passes.
    private const UnixFileMode Shared = UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.GroupRead | UnixFileMode.GroupWrite;

    private const UnixFileMode Private = UnixFileMode.UserRead | UnixFileMode.UserWrite;

    [UnixFact]
    public void Logs_the_backup_lock_backups_and_compactions_get_the_database_mode()
    {
        foreach (var mode in new[] { Private, Shared })
        {
            using var dir = new TempDirectory();
            var path = dir.File("app.db");
            using (var db = DocStoreDatabase.Open(path, Options))
            {
                db.GetCollection("c").Insert(new BsonDocument { { "_id", 1 } });
            }

            foreach (var made in new[] { path + "-wal", path + "-redo", path + "-backup" })
            {
                File.Delete(made);
            }

            File.SetUnixFileMode(path, mode);
            using (var db = DocStoreDatabase.Open(path, Options))
            {
                db.GetCollection("c").Insert(new BsonDocument { { "_id", 2 } });

                // While this writer holds the database the backup leaves its lock file in place.
                DocStoreContext.BackupFile(path, dir.File("file-copy.db"));
                db.Backup(dir.File("copy.db"));
                db.Compact(dir.File("dense.db"));
                db.Compact();

                foreach (var made in new[] { path + "-wal", path + "-redo", path + "-backup", dir.File("file-copy.db"), dir.File("copy.db"), dir.File("dense.db"), path })
                {
                    Assert.True(File.Exists(made), made);
                    Assert.True(mode == File.GetUnixFileMode(made), $"{Path.GetFileName(made)}: {File.GetUnixFileMode(made)}, not {mode}");
                }
            }
        }
    }
}
