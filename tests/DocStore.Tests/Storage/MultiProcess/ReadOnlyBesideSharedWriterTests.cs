using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.MultiProcess;

/// <summary>
/// A read-only open that does not ask for <see cref="DocStoreSharing.Shared"/>: beside a process that opened
/// the file shared and keeps inserting (the crash host's <c>sharedapp</c>) it reads through the shared
/// protocol and follows that process's commits; beside an exclusive holder it is refused, saying so; where
/// no process ever opened the file shared it creates nothing.
/// </summary>
[Collection(BusyChildProcesses.Name)]
public sealed class ReadOnlyBesideSharedWriterTests
{
    [SharedOpenFact]
    public void A_read_only_open_reads_and_follows_a_shared_writer_process()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var app = new CrashHostProcess("sharedapp", path, "1");
        HostLines.WaitFor(app, l => l == "ack 20", "the application's 20th insert");

        using var db = DocStoreDatabase.Open(path, new DocStoreOptions { ReadOnly = true });
        var first = db.GetCollection("things").Count();
        var later = HostLines.Number(HostLines.WaitFor(app, l => l.StartsWith("ack ", StringComparison.Ordinal) && HostLines.Number(l, "ack ") >= first + 20, "20 more inserts"), "ack ");
        var second = db.GetCollection("things").Count();

        Assert.InRange(first, 20, long.MaxValue);
        Assert.InRange(second, later, long.MaxValue);
        Assert.Throws<DatabaseReadOnlyException>(() => db.GetCollection("things").Insert(new Bson.Model.BsonDocument { ["_id"] = -1L }));
        app.CloseInput();
        HostLines.WaitFor(app, l => l == "closed", "the application to close");
        app.WaitForExit();
        Assert.Equal(0, app.ExitCode);
    }

    [SharedOpenFact]
    public void A_read_only_open_beside_an_exclusive_holder_is_refused_naming_the_mode()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using (DocStoreDatabase.Open(path, new DocStoreOptions { Sharing = DocStoreSharing.Shared }))
        {
            // Leaves the shared file behind, as every shared open does; the exclusive holder removes it.
        }

        using var holder = new CrashHostProcess("hold", path);
        HostLines.WaitFor(holder, l => l == "ready", "the exclusive open");

        var error = Assert.Throws<DatabaseLockedException>(() => DocStoreDatabase.Open(path, new DocStoreOptions { ReadOnly = true }));

        Assert.Equal(path, error.FileName);
        Assert.Contains("Sharing = Exclusive", error.Message, StringComparison.Ordinal);
        Assert.False(File.Exists(path + "-shm"));
        holder.CloseInput();
        holder.WaitForExit();
    }

    [Fact]
    public void A_read_only_open_of_a_file_never_opened_shared_creates_nothing()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using (var db = DocStoreDatabase.Open(path))
        {
            db.GetCollection("things").Insert(new Bson.Model.BsonDocument { ["_id"] = 1L });
        }

        var files = Directory.GetFiles(dir.Path).Order().ToList();
        using (var db = DocStoreDatabase.Open(path, new DocStoreOptions { ReadOnly = true }))
        {
            Assert.Equal(1, db.GetCollection("things").Count());
        }

        Assert.Equal(files, Directory.GetFiles(dir.Path).Order().ToList());
    }
}
