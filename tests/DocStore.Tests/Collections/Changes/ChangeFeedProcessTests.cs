using DocStore.Bson.Model;
using DocStore.Tests.Storage.MultiProcess;
using DocStore.Tests.Support;
using static DocStore.Tests.Collections.Changes.ChangeFeedReading;

namespace DocStore.Tests.Collections.Changes;

/// <summary>The change feed across processes: another process's commits, and a writer killed mid-stream.</summary>
[Collection(BusyChildProcesses.Name)]
public sealed class ChangeFeedProcessTests
{
    [SharedOpenFact]
    public async Task A_feed_sees_the_commits_of_another_process_on_a_shared_file()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var db = DocStoreDatabase.Open(path, new DocStoreOptions { Sharing = DocStoreSharing.Shared, ChangeRetention = new ChangeRetention() });
        db.GetCollection("events").Insert(new BsonDocument { { "_id", 0 } });
        var feed = Task.Run(() => Take(ct => db.Changes(null, ct), 21));

        using var writer = new CrashHostProcess("changeswrite", path, "20", "shared");
        HostLines.WaitFor(writer, l => l == "done", "the other process's inserts");
        var changes = await feed;

        Assert.Equal(Enumerable.Range(0, 21).Select(k => $"Insert events {k}"), changes.Select(Describe));
        writer.CloseInput();
        writer.WaitForExit();
    }

    [Fact]
    public async Task Killing_the_writer_loses_no_acknowledged_change()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        long acknowledged;
        using (var writer = new CrashHostProcess("changeswrite", path, "0", "exclusive"))
        {
            var line = HostLines.WaitFor(writer, l => l.StartsWith("ack ", StringComparison.Ordinal) && HostLines.Number(l, "ack ") >= 40, "40 acknowledged inserts");
            writer.Kill();
            acknowledged = HostLines.Number(line, "ack ");
            foreach (var later in writer.DrainLines().Where(l => l.StartsWith("ack ", StringComparison.Ordinal)))
            {
                acknowledged = Math.Max(acknowledged, HostLines.Number(later, "ack "));
            }
        }

        using var db = DocStoreDatabase.Open(path);
        var changes = await Take(ct => db.Changes(null, ct), (int)acknowledged);
        Assert.Equal(Enumerable.Range(1, (int)acknowledged).Select(k => $"Insert events {k}"), changes.Select(Describe));
        Assert.True(db.GetCollection("events").Count() >= acknowledged);
    }
}
