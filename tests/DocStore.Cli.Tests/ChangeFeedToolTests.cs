using DocStore.Bson.Model;

namespace DocStore.Cli.Tests;

/// <summary>
/// The change feed of a file the tool writes, the tool run as its own process: its SQL statements and
/// imports are in the log, its compaction keeps the log, and a feed open in an application that shares
/// the file receives the tool's commit while it waits.
/// </summary>
public sealed class ChangeFeedToolTests : IDisposable
{
    private static readonly DocStoreOptions LogOn = new() { ChangeRetention = new ChangeRetention() };
    private readonly TempFolder _dir = new();

    public void Dispose() => _dir.Dispose();

    [Fact]
    public async Task The_tools_statements_imports_and_compaction_are_in_the_log()
    {
        string token;
        using (var db = DocStoreDatabase.Open(_dir["app.db"], LogOn))
        {
            db.GetCollection("people").Insert(new BsonDocument { { "_id", 1 }, { "name", "Ada" } });
            token = (await Take(db.Changes(null, Guard()), 1))[0].ResumeToken;
        }

        File.WriteAllLines(_dir["more.jsonl"], ["{\"_id\": 3, \"name\": \"Cy\"}"]);
        Assert.Equal(0, _dir.RunProcess("sql", "app.db", "INSERT INTO people (_id, name) VALUES (2, 'Bo')").ExitCode);
        Assert.Equal(0, _dir.RunProcess("sql", "app.db", "UPDATE people SET name = 'Ada L' WHERE _id = 1").ExitCode);
        Assert.Equal(0, _dir.RunProcess("import", "app.db", "people", "more.jsonl").ExitCode);
        Assert.Equal(0, _dir.RunProcess("sql", "app.db", "DELETE FROM people WHERE _id = 2").ExitCode);
        var compact = _dir.RunProcess("compact", "app.db");
        Assert.True(compact.ExitCode == 0, compact.Error);

        using (var db = DocStoreDatabase.Open(_dir["app.db"], LogOn))
        {
            var changes = await Take(db.Changes(token, Guard()), 4);
            Assert.Equal(
                ["Insert 2 Bo", "Update 1 Ada L", "Insert 3 Cy", "Delete 2 -"],
                changes.Select(c => $"{c.Kind} {c.Key.AsInt32} {(c.Document is null ? "-" : c.Document["name"].AsString)}"));
        }
    }

    [Fact]
    public async Task A_waiting_feed_of_a_shared_application_receives_the_tools_commit()
    {
        using var db = DocStoreDatabase.Open(_dir["app.db"], new DocStoreOptions { ChangeRetention = new ChangeRetention(), Sharing = DocStoreSharing.Shared });
        db.GetCollection("people").Insert(new BsonDocument { { "_id", 1 }, { "name", "Ada" } });
        var feed = Take(db.Changes(null, Guard()), 3);
        var insert = _dir.RunProcess("sql", "app.db", "INSERT INTO people (_id, name) VALUES (2, 'Bo')");
        Assert.True(insert.ExitCode == 0, insert.Error);
        var delete = _dir.RunProcess("sql", "app.db", "DELETE FROM people WHERE _id = 1");
        Assert.True(delete.ExitCode == 0, delete.Error);
        Assert.Equal(["Insert 1", "Insert 2", "Delete 1"], (await feed).Select(c => $"{c.Kind} {c.Key.AsInt32}"));
    }

    private static CancellationToken Guard() => new CancellationTokenSource(TimeSpan.FromMinutes(10)).Token;

    private static async Task<List<DocumentChange<BsonDocument, BsonValue>>> Take(IAsyncEnumerable<DocumentChange<BsonDocument, BsonValue>> feed, int count)
    {
        var changes = new List<DocumentChange<BsonDocument, BsonValue>>();
        await foreach (var change in feed)
        {
            changes.Add(change);
            if (changes.Count == count)
            {
                break;
            }
        }

        return changes;
    }
}
