using DocStore.Bson.Model;
using DocStore.Generators.RuntimeTests.Linq.Trial;
using DocStore.Generators.RuntimeTests.Support;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>
/// The change feed as a new user tries it on a typed collection: resumed from the token of each kind of
/// change, after a rollback, with a token already cancelled, over writes made by SQL and through the
/// untyped collection of the same name, and across a compaction under a new key.
/// </summary>
public sealed class ChangeFeedTrialTests : IDisposable
{
    private static readonly DocStoreOptions LogOn = new() { Durability = Durability.Normal, ChangeRetention = new ChangeRetention() };
    private readonly TempDatabase _temp = new();

    public void Dispose() => _temp.Dispose();

    [Fact]
    public async Task A_token_of_each_kind_of_change_resumes_right_after_it()
    {
        using var db = TrialDb.Open(_temp.Path, LogOn);
        db.TrialPeople.Insert(Person(1, 30));
        db.TrialPeople.Update(Person(1, 31));
        using (var tx = db.BeginTransaction())
        {
            db.TrialPeople.Insert(tx, Person(2, 40));
            db.TrialPeople.Insert(tx, Person(3, 50));
            db.TrialPeople.Delete(tx, 1);
            tx.Commit();
        }

        db.TrialPeople.Upsert(Person(2, 41));
        db.TrialPeople.Delete(3);
        var all = await Take(db.TrialPeople.Changes(null, Guard()), 7);
        Assert.Equal(
            ["Insert 1 30", "Update 1 31", "Insert 2 40", "Insert 3 50", "Delete 1 -", "Update 2 41", "Delete 3 -"],
            all.Select(Describe));
        for (var i = 0; i < all.Count - 1; i++)
        {
            var rest = await Take(db.TrialPeople.Changes(all[i].ResumeToken, Guard()), all.Count - 1 - i);
            Assert.Equal(all.Skip(i + 1).Select(Describe), rest.Select(Describe));
            Assert.Equal(all.Skip(i + 1).Select(c => c.Position), rest.Select(c => c.Position));
        }
    }

    [Fact]
    public async Task A_rolled_back_or_abandoned_transaction_delivers_nothing()
    {
        using var db = TrialDb.Open(_temp.Path, LogOn);
        using (var tx = db.BeginTransaction())
        {
            db.TrialPeople.Insert(tx, Person(1, 30));
            tx.Rollback();
        }

        using (var tx = db.BeginTransaction())
        {
            db.TrialPeople.Insert(tx, Person(2, 30));
            db.TrialPeople.Update(tx, Person(2, 31));
        }

        await Assert.ThrowsAsync<DuplicateKeyException>(async () => await db.TrialPeople.InsertManyAsync([Person(3, 1), Person(3, 2)]));
        db.TrialPeople.Insert(Person(4, 44));
        Assert.Equal(["Insert 4 44"], (await Take(db.TrialPeople.Changes(null, Guard()), 1)).Select(Describe));
        Assert.Equal(["Insert 4 44"], (await Take(db.Changes(null, Guard()), 1)).Select(c => $"{c.Kind} {c.Key.AsInt32} {c.Document!["Age"].AsInt32}"));
    }

    [Fact]
    public async Task A_token_already_cancelled_ends_the_feed_before_any_change()
    {
        using var db = TrialDb.Open(_temp.Path, LogOn);
        db.TrialPeople.Insert(Person(1, 30));
        using var cancelled = new CancellationTokenSource();
        await cancelled.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
        {
            await foreach (var change in db.TrialPeople.Changes(null, cancelled.Token))
            {
                Assert.Fail("delivered " + Describe(change) + " under a cancelled token");
            }
        });
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
        {
            await foreach (var change in db.TrialPeople.Changes().WithCancellation(cancelled.Token))
            {
                Assert.Fail("delivered " + Describe(change) + " under a cancelled token");
            }
        });
    }

    [Fact]
    public async Task Writes_by_SQL_and_through_the_untyped_collection_reach_the_typed_feed()
    {
        using var db = TrialDb.Open(_temp.Path, LogOn);
        var name = db.TrialPeople.Name;
        db.TrialPeople.InsertMany([Person(1, 10), Person(2, 20), Person(3, 30)]);
        db.Sql.Execute($"INSERT INTO {name} (Id, Email, Age) VALUES (4, 'sql@example.org', 40)");
        db.Sql.Execute($"UPDATE {name} SET Age = Age + 1 WHERE Age >= 20");
        db.Sql.Execute($"DELETE FROM {name} WHERE Id IN (1, 3)");
        var untyped = db.GetCollection(name);
        untyped.Insert(new BsonDocument { { "Id", 5 }, { "Email", "bson@example.org" }, { "Age", 50 } });
        untyped.Delete(new BsonInt32(2));
        db.Sql.Execute($"DELETE FROM {name}");

        var changes = await Take(db.TrialPeople.Changes(null, Guard()), 13);
        Assert.Equal(
            ["Insert 1 10", "Insert 2 20", "Insert 3 30", "Insert 4 40", "Update 2 21", "Update 3 31", "Update 4 41", "Delete 1 -", "Delete 3 -",
             "Insert 5 50", "Delete 2 -", "Delete 4 -", "Delete 5 -"],
            changes.Select(Describe));
        Assert.Equal("sql@example.org", changes[3].Document!.Email);
        Assert.Empty(db.TrialPeople.FindAll());
    }

    [Fact]
    public async Task A_token_resumes_after_a_compaction_under_a_new_key()
    {
        var key = Enumerable.Range(1, 32).Select(i => (byte)i).ToArray();
        var newKey = Enumerable.Range(1, 32).Select(i => (byte)(100 + i)).ToArray();
        string token;
        using (var db = TrialDb.Open(_temp.Path, new DocStoreOptions { ChangeRetention = new ChangeRetention(), EncryptionKey = key }))
        {
            db.TrialPeople.Insert(Person(1, 10));
            token = (await Take(db.TrialPeople.Changes(null, Guard()), 1))[0].ResumeToken;
            db.TrialPeople.Insert(Person(2, 20));
            db.Compact(newKey);
            db.TrialPeople.Insert(Person(3, 30));
            Assert.Equal(["Insert 2 20", "Insert 3 30"], (await Take(db.TrialPeople.Changes(token, Guard()), 2)).Select(Describe));
            db.Compact();
        }

        using (var db = TrialDb.Open(_temp.Path, new DocStoreOptions { ChangeRetention = new ChangeRetention(), EncryptionKey = newKey }))
        {
            db.TrialPeople.Delete(1);
            Assert.Equal(["Insert 2 20", "Insert 3 30", "Delete 1 -"], (await Take(db.TrialPeople.Changes(token, Guard()), 3)).Select(Describe));
        }
    }

    private static TrialPerson Person(int id, int age) => new() { Id = id, Email = $"p{id}@example.org", Age = age };

    private static string Describe(DocumentChange<TrialPerson> change) =>
        $"{change.Kind} {change.Key} {(change.Document is null ? "-" : change.Document.Age.ToString(System.Globalization.CultureInfo.InvariantCulture))}";

    private static CancellationToken Guard() => new CancellationTokenSource(TimeSpan.FromMinutes(10)).Token;

    private static async Task<List<TChange>> Take<TChange>(IAsyncEnumerable<TChange> feed, int count)
    {
        var changes = new List<TChange>();
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
