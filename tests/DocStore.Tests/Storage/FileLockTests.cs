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
    public void A_second_context_in_the_same_process_is_told_the_file_is_open_here_and_may_open_it_after_close()
    {
        using var dir = new TempDirectory();
        var path = dir.File("twice.db");
        using (DocStoreDatabase.Open(path))
        {
            var ex = Assert.Throws<DatabaseLockedException>(() => DocStoreDatabase.Open(path));
            Assert.Contains("already open in this process", ex.Message, StringComparison.Ordinal);

            // The same file by another spelling of its path is the same file.
            var relative = Path.GetRelativePath(Environment.CurrentDirectory, path);
            ex = Assert.Throws<DatabaseLockedException>(() => DocStoreDatabase.Open(relative));
            Assert.Contains("already open in this process", ex.Message, StringComparison.Ordinal);
        }

        using var again = DocStoreDatabase.Open(path);
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
            Assert.Equal("locked", probe.ReadLine(TimeSpan.FromSeconds(30)));
        }

        using var again = new CrashHostProcess("probe", path);
        Assert.Equal("opened", again.ReadLine(TimeSpan.FromSeconds(30)));
    }

    [Fact]
    public void This_process_gets_locked_while_another_process_holds_the_database()
    {
        using var dir = new TempDirectory();
        var path = dir.File("held.db");
        using var holder = new CrashHostProcess("hold", path);
        Assert.Equal("ready", holder.ReadLine(TimeSpan.FromSeconds(30)));
        Assert.Throws<DatabaseLockedException>(() => StorageEngine.Open(path));
        holder.CloseInput();
        holder.WaitForExit();
        using var engine = StorageEngine.Open(path);
        Assert.True(engine.CheckIntegrity().IsValid);
    }
}
