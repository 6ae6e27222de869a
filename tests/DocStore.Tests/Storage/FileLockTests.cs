using DocStore.Bson.Model;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage;

public sealed class FileLockTests
{
    [Fact]
    public void A_second_open_in_the_same_process_gets_DatabaseLockedException()
    {
        using var dir = new TempDirectory();
        var path = dir.File("locked.db");
        using var first = StorageEngine.Open(path);
        var ex = Assert.Throws<DatabaseLockedException>(() => StorageEngine.Open(path));
        Assert.Equal(path, ex.FileName);
        Assert.Contains("already open in this process", ex.Message, StringComparison.Ordinal);
        Assert.DoesNotContain("another process", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Contexts_on_one_file_in_one_process_share_it_and_the_last_close_releases_it()
    {
        using var dir = new TempDirectory();
        var path = dir.File("twice.db");
        var first = DocStoreDatabase.Open(path);
        var relative = Path.GetRelativePath(Environment.CurrentDirectory, path);
        using (var second = DocStoreDatabase.Open(relative))
        {
            // The same engine: a commit through one is seen by the other.
            var note = new BsonDocument();
            note.Add("Text", "hello");
            first.GetCollection("Notes").Insert(note);
            Assert.Equal(1L, second.GetCollection("Notes").Count());

            // A different read-only setting cannot share the engine.
            var ex = Assert.Throws<DatabaseLockedException>(() => DocStoreDatabase.Open(path, new DocStoreOptions { ReadOnly = true }));
            Assert.Contains("already open in this process with ReadOnly=False", ex.Message, StringComparison.Ordinal);
            first.Dispose();
            Assert.Equal(1L, second.GetCollection("Notes").Count());
        }

        // Both closed: the file is free again, even for the engine underneath.
        using var again = StorageEngine.Open(path);
        Assert.True(again.CheckIntegrity().IsValid);
    }

    [Fact]
    public void Another_process_gets_locked_while_the_database_is_open_and_opens_it_after_close()
    {
        using var dir = new TempDirectory();
        var path = dir.File("shared.db");
        using (StorageEngine.Open(path))
        {
            using var probe = new CrashHostProcess("probe", path);
            Assert.Equal("locked", probe.ReadLine(HangGuard.Limit));
        }

        using var again = new CrashHostProcess("probe", path);
        Assert.Equal("opened", again.ReadLine(HangGuard.Limit));
    }

    [Fact]
    public void This_process_gets_locked_while_another_process_holds_the_database()
    {
        using var dir = new TempDirectory();
        var path = dir.File("held.db");
        using var holder = new CrashHostProcess("hold", path);
        Assert.Equal("ready", holder.ReadLine(HangGuard.Limit));
        Assert.Throws<DatabaseLockedException>(() => StorageEngine.Open(path));
        holder.CloseInput();
        holder.WaitForExit();
        using var engine = StorageEngine.Open(path);
        Assert.True(engine.CheckIntegrity().IsValid);
    }
}
