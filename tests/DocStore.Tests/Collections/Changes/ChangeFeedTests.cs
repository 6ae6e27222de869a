using DocStore.Bson.Model;
using DocStore.Tests.Support;
using static DocStore.Tests.Collections.Changes.ChangeFeedReading;

namespace DocStore.Tests.Collections.Changes;

/// <summary>The change feed over untyped collections and SQL: kinds, documents, transactions, tokens.</summary>
public sealed class ChangeFeedTests
{
    private static DocStoreOptions LogOn => new() { ChangeRetention = new ChangeRetention() };

    [Fact]
    public async Task The_feed_delivers_committed_changes_in_commit_order_with_the_document_as_committed()
    {
        using var dir = new TempDirectory();
        using var db = DocStoreDatabase.Open(dir.File("app.db"), LogOn);
        var people = db.GetCollection("people");
        var pets = db.GetCollection("pets");
        people.Insert(new BsonDocument { { "_id", 1 }, { "name", "Ada" } });
        people.Update(new BsonDocument { { "_id", 1 }, { "name", "Ada L" } });
        using (var tx = db.BeginTransaction())
        {
            people.Insert(tx, new BsonDocument { { "_id", 2 }, { "name", "Bo" } });
            pets.Insert(tx, new BsonDocument { { "_id", 7 }, { "name", "Rex" } });
            tx.Commit();
        }

        using (var tx = db.BeginTransaction())
        {
            people.Insert(tx, new BsonDocument { { "_id", 3 }, { "name", "rolled back" } });
            tx.Rollback();
        }

        people.Delete(1);
        db.Sql.Execute("INSERT INTO people (_id, name) VALUES (4, 'Cy')");
        db.Sql.Execute("UPDATE people SET name = 'Bo B' WHERE _id = 2");

        var changes = await Take(ct => db.Changes(null, ct), 7);

        Assert.Equal(
            ["Insert people 1", "Update people 1", "Insert people 2", "Insert pets 7", "Delete people 1", "Insert people 4", "Update people 2"],
            changes.Select(Describe));
        Assert.Equal("Ada", changes[0].Document!["name"].AsString);
        Assert.Equal("Ada L", changes[1].Document!["name"].AsString);
        Assert.Null(changes[4].Document);
        Assert.Equal("Bo B", changes[6].Document!["name"].AsString);
        Assert.Equal(changes[2].CommitPosition, changes[3].CommitPosition);
        Assert.NotEqual(changes[1].CommitPosition, changes[2].CommitPosition);
        Assert.True(changes.Zip(changes.Skip(1)).All(p => p.First.Position < p.Second.Position));

        // A collection's own feed holds its changes only; both feeds resume from any token of the log.
        var petChanges = await Take(ct => pets.Changes(null, ct), 1);
        Assert.Equal(["Insert pets 7"], petChanges.Select(Describe));
        var after = await Take(ct => people.Changes(changes[3].ResumeToken, ct), 3);
        Assert.Equal(["Delete people 1", "Insert people 4", "Update people 2"], after.Select(Describe));
    }

    [Fact]
    public async Task A_waiting_feed_wakes_for_commits_made_after_it_started()
    {
        using var dir = new TempDirectory();
        using var db = DocStoreDatabase.Open(dir.File("app.db"), LogOn);
        var events = db.GetCollection("events");
        var feed = Task.Run(() => Take(ct => db.Changes(null, ct), 3));
        for (var k = 1; k <= 3; k++)
        {
            await events.InsertAsync(new BsonDocument { { "_id", k } });
        }

        Assert.Equal(["Insert events 1", "Insert events 2", "Insert events 3"], (await feed).Select(Describe));
    }

    [Fact]
    public async Task A_consumer_restarting_from_tokens_at_random_points_sees_every_committed_change_once_in_order()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        var random = new Random(20261206);
        var expected = new List<string>();
        var seen = new List<DocumentChange<BsonDocument, BsonValue>>();
        var live = new List<int>();
        var nextKey = 1;
        string? token = null;
        for (var round = 0; round < 12; round++)
        {
            // Closed and opened again each round: tokens outlive the open.
            using var db = DocStoreDatabase.Open(path, LogOn);
            var collections = new[] { db.GetCollection("a"), db.GetCollection("b") };
            for (var t = random.Next(1, 5); t > 0; t--)
            {
                var commit = random.Next(4) != 0;
                var made = new List<string>();
                using var tx = db.BeginTransaction();
                for (var op = random.Next(1, 4); op > 0; op--)
                {
                    var c = random.Next(2);
                    var name = c == 0 ? "a" : "b";
                    var mine = live.Where(k => k % 2 == c).ToList();
                    var choice = mine.Count == 0 ? 0 : random.Next(3);
                    if (choice == 0)
                    {
                        var key = nextKey++;
                        if (key % 2 != c)
                        {
                            key = nextKey++;
                        }

                        collections[c].Insert(tx, new BsonDocument { { "_id", key }, { "round", round } });
                        made.Add($"Insert {name} {key}");
                        live.Add(key);
                    }
                    else if (choice == 1)
                    {
                        var key = mine[random.Next(mine.Count)];
                        collections[c].Update(tx, new BsonDocument { { "_id", key }, { "round", round } });
                        made.Add($"Update {name} {key}");
                    }
                    else
                    {
                        var key = mine[random.Next(mine.Count)];
                        collections[c].Delete(tx, key);
                        made.Add($"Delete {name} {key}");
                        live.Remove(key);
                    }
                }

                if (commit)
                {
                    tx.Commit();
                    expected.AddRange(made);
                }
                else
                {
                    tx.Rollback();
                    live = [.. LiveKeys(db)];
                }
            }

            var batch = await Take(ct => db.Changes(token, ct), random.Next(0, expected.Count - seen.Count + 1));
            seen.AddRange(batch);
            token = batch.Count > 0 ? batch[^1].ResumeToken : token;
        }

        using (var db = DocStoreDatabase.Open(path, LogOn))
        {
            seen.AddRange(await Take(ct => db.Changes(token, ct), expected.Count - seen.Count));
        }

        Assert.Equal(expected, seen.Select(Describe));
        Assert.Equal(seen.Count, seen.Select(c => c.Position).Distinct().Count());
    }

    [Fact]
    public async Task Retention_by_age_removes_old_changes_and_a_token_before_them_fails_clearly()
    {
        using var dir = new TempDirectory();
        var clock = new Microsoft.Extensions.Time.Testing.FakeTimeProvider(new DateTimeOffset(2026, 1, 1, 0, 0, 0, TimeSpan.Zero));
        var options = new DocStoreOptions { ChangeRetention = new ChangeRetention { MaxAge = TimeSpan.FromHours(1), MaxChanges = null, TimeProvider = clock } };
        using var db = DocStoreDatabase.Open(dir.File("app.db"), options);
        var events = db.GetCollection("events");
        events.Insert(new BsonDocument { { "_id", 1 } });
        events.Insert(new BsonDocument { { "_id", 2 } });
        var early = await Take(ct => db.Changes(null, ct), 2);
        Assert.Equal(clock.GetUtcNow(), early[0].Timestamp);

        clock.Advance(TimeSpan.FromHours(2));
        events.Insert(new BsonDocument { { "_id", 3 } });

        var expired = await Assert.ThrowsAsync<ChangeTokenExpiredException>(() => Take(ct => db.Changes(early[0].ResumeToken, ct), 1));
        Assert.Equal(DocStoreErrorCode.ChangeTokenExpired, expired.ErrorCode);
        Assert.Equal(early[0].ResumeToken, expired.Token);

        // The token of the newest removed change still resumes: nothing after it is missing.
        Assert.Equal(["Insert events 3"], (await Take(ct => db.Changes(early[1].ResumeToken, ct), 1)).Select(Describe));
        Assert.Equal(["Insert events 3"], (await Take(ct => db.Changes(null, ct), 1)).Select(Describe));
    }

    [Fact]
    public async Task Retention_by_count_keeps_the_newest_changes()
    {
        using var dir = new TempDirectory();
        using var db = DocStoreDatabase.Open(dir.File("app.db"), new DocStoreOptions { ChangeRetention = new ChangeRetention { MaxChanges = 3 } });
        var events = db.GetCollection("events");
        var first = new List<DocumentChange<BsonDocument, BsonValue>>();
        for (var k = 1; k <= 10; k++)
        {
            events.Insert(new BsonDocument { { "_id", k } });
            if (k == 1)
            {
                first = await Take(ct => db.Changes(null, ct), 1);
            }
        }

        Assert.Equal(["Insert events 8", "Insert events 9", "Insert events 10"], (await Take(ct => db.Changes(null, ct), 3)).Select(Describe));
        await Assert.ThrowsAsync<ChangeTokenExpiredException>(() => Take(ct => db.Changes(first[0].ResumeToken, ct), 1));
    }

    [Fact]
    public async Task A_file_without_a_log_and_bad_tokens_are_refused_with_clear_errors()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using (var plain = DocStoreDatabase.Open(path))
        {
            plain.GetCollection("events").Insert(new BsonDocument { { "_id", 1 } });
            var off = await Assert.ThrowsAsync<InvalidOperationException>(() => Take(ct => plain.Changes(null, ct), 1));
            Assert.Contains("ChangeRetention", off.Message, StringComparison.Ordinal);
        }

        using var db = DocStoreDatabase.Open(path, LogOn);
        db.GetCollection("events").Insert(new BsonDocument { { "_id", 2 } });
        var bad = Assert.Throws<ArgumentException>(() => db.Changes("not-a-token"));
        Assert.Contains("not-a-token", bad.Message, StringComparison.Ordinal);
        var future = await Assert.ThrowsAsync<ArgumentException>(() => Take(ct => db.Changes("999", ct), 1));
        Assert.Contains("999", future.Message, StringComparison.Ordinal);

        // Writes before the log existed are not in it; the first logged write is.
        Assert.Equal(["Insert events 2"], (await Take(ct => db.Changes(null, ct), 1)).Select(Describe));
    }

    [Fact]
    public async Task Once_a_file_has_a_log_every_open_records_its_writes()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using (var db = DocStoreDatabase.Open(path, LogOn))
        {
            db.GetCollection("events").Insert(new BsonDocument { { "_id", 1 } });
        }

        // Opened without the option (as the docstore tool opens it): its writes still reach the log.
        using (var db = DocStoreDatabase.Open(path))
        {
            db.GetCollection("events").Insert(new BsonDocument { { "_id", 2 } });
            Assert.Equal(["Insert events 1", "Insert events 2"], (await Take(ct => db.Changes(null, ct), 2)).Select(Describe));
        }
    }

    private static IEnumerable<int> LiveKeys(DocStoreDatabase db) =>
        db.GetCollection("a").FindAll().Concat(db.GetCollection("b").FindAll()).Select(d => d["_id"].AsInt32);
}
