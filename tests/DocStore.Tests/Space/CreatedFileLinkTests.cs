using DocStore.Bson.Model;
using DocStore.Tests.Support;

namespace DocStore.Tests.Space;

/// <summary>
/// Symbolic links at the names of the files the engine creates are refused, never written through; a
/// database opened through a link is compacted where the link points and the link stays.
/// </summary>
public sealed class CreatedFileLinkTests
{
    private static readonly DocStoreOptions Options = new() { PageSize = 1024, Durability = Durability.Normal };

    [UnixFact]
    public void A_link_at_a_staged_file_is_refused_and_what_it_names_is_left_alone()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        var victim = dir.File("victim");
        File.WriteAllText(victim, "precious");
        using var db = DocStoreDatabase.Open(path, Options);
        db.GetCollection("c").Insert(new BsonDocument { { "_id", 1 } });
        var operations = new (string Staged, string Destination, Action Run)[]
        {
            (dir.File("copy.db.partial"), dir.File("copy.db"), () => db.Backup(dir.File("copy.db"))),
            (dir.File("dense.db.partial"), dir.File("dense.db"), () => db.Compact(dir.File("dense.db"))),
            (path + "-compact", path, () => db.Compact()),
            (dir.File("file-copy.db.partial"), dir.File("file-copy.db"), () => DocStoreContext.BackupFile(path, dir.File("file-copy.db"))),
        };

        foreach (var (staged, destination, run) in operations)
        {
            File.CreateSymbolicLink(staged, victim);

            var e = Assert.Throws<IOException>(run);

            Assert.Contains($"'{staged}' is a symbolic link", e.Message, StringComparison.Ordinal);
            Assert.Equal("precious", File.ReadAllText(victim));
            Assert.Equal(victim, new FileInfo(staged).LinkTarget);
            Assert.Equal(destination == path, File.Exists(destination));
        }

        Assert.Equal(1L, db.GetCollection("c").Count());
    }

    [UnixFact]
    public void Compacting_a_database_opened_through_a_link_compacts_the_file_it_names_and_keeps_the_link()
    {
        using var dir = new TempDirectory();
        var real = dir.File("real.db");
        var link = dir.File("app.db");
        File.CreateSymbolicLink(link, real);
        using (var db = DocStoreDatabase.Open(link, Options))
        {
            var c = db.GetCollection("c");
            for (var i = 0; i < 400; i++)
            {
                c.Insert(new BsonDocument { { "_id", i }, { "pad", new string('x', 200) } });
            }

            for (var i = 0; i < 400; i += 2)
            {
                c.Delete(i);
            }

            var before = db.GetStatistics().PageCount;
            db.Compact();

            Assert.Equal(real, new FileInfo(link).LinkTarget);
            Assert.True(db.GetStatistics().PageCount < before, $"{before} -> {db.GetStatistics().PageCount}");
            Assert.Equal(db.GetStatistics().PageCount * 1024L, new FileInfo(real).Length);
            Assert.False(File.Exists(real + "-compact"));
            Assert.Equal(200L, c.Count());
        }

        using var again = DocStoreDatabase.Open(link, Options);
        Assert.Equal(200L, again.GetCollection("c").Count());
        Assert.True(again.CheckIntegrity().IsValid);
    }

    [UnixFact]
    public void A_backup_to_the_file_a_link_to_the_database_names_is_refused()
    {
        using var dir = new TempDirectory();
        var real = dir.File("real.db");
        File.CreateSymbolicLink(dir.File("app.db"), real);
        using var db = DocStoreDatabase.Open(dir.File("app.db"), Options);
        db.GetCollection("c").Insert(new BsonDocument { { "_id", 1 } });

        Assert.Throws<ArgumentException>(() => db.Backup(real));
        Assert.Throws<ArgumentException>(() => DocStoreContext.BackupFile(dir.File("app.db"), real));
        Assert.Equal(1L, db.GetCollection("c").Count());
    }
}
