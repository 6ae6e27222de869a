using DocStore.Generators.RuntimeTests.Models;
using DocStore.Generators.RuntimeTests.Support;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>A typed collection's change feed: documents as committed, keys of deletes, tokens across a reopen.</summary>
public class ChangeFeedTests
{
    private static readonly DocStoreOptions LogOn = new() { Durability = Durability.Normal, ChangeRetention = new ChangeRetention() };

    [Fact]
    public async Task A_typed_feed_yields_each_document_as_its_change_left_it_and_resumes_after_a_reopen()
    {
        using var temp = new TempDatabase();
        string token;
        ObjectId adaId, boId;
        using (var db = AppDb.Open(temp.Path, LogOn))
        {
            var ada = new Person { Email = "ada@example.org", Age = 36 };
            adaId = db.People.Insert(ada);
            ada.Age = 37;
            db.People.Update(ada);
            boId = db.People.Insert(new Person { Email = "bo@example.org", Age = 20 });
            db.People.Delete(adaId);

            var changes = await Take(db, null, 4);
            Assert.Equal([ChangeKind.Insert, ChangeKind.Update, ChangeKind.Insert, ChangeKind.Delete], changes.Select(c => c.Kind));
            Assert.Equal([adaId, adaId, boId, adaId], changes.Select(c => c.Key));
            Assert.Equal(36, changes[0].Document!.Age);
            Assert.Equal(37, changes[1].Document!.Age);
            Assert.Equal("bo@example.org", changes[2].Document!.Email);
            Assert.Null(changes[3].Document);
            Assert.All(changes, c => Assert.Equal(db.People.Name, c.Collection));
            token = changes[1].ResumeToken;
        }

        using (var db = AppDb.Open(temp.Path, LogOn))
        {
            var after = await Take(db, token, 2);
            Assert.Equal([(ChangeKind.Insert, boId), (ChangeKind.Delete, adaId)], after.Select(c => (c.Kind, c.Key)));
        }
    }

    [Fact]
    public async Task A_typed_feed_reads_as_DocumentChange_of_T_alone_and_resumes_after_a_break()
    {
        using var temp = new TempDatabase();
        using var db = AppDb.Open(temp.Path, LogOn);
        var ada = new Person { Email = "ada@example.org", Age = 36 };
        var id = db.People.Insert(ada);
        ada.Age = 37;
        db.People.Update(ada);
        db.People.Delete(id);

        using var guard = new CancellationTokenSource(TimeSpan.FromMinutes(10));
        var seen = new List<DocumentChange<Person>>();
        await foreach (DocumentChange<Person> change in db.People.Changes(null, guard.Token))
        {
            seen.Add(change);
            break;
        }

        // The feed's own type converts to the key-less one (IAsyncEnumerable is covariant).
        IAsyncEnumerable<DocumentChange<Person>> rest = db.People.Changes(seen[0].ResumeToken, guard.Token);
        await foreach (var change in rest)
        {
            seen.Add(change);
            if (seen.Count == 3)
            {
                break;
            }
        }

        Assert.Equal([ChangeKind.Insert, ChangeKind.Update, ChangeKind.Delete], seen.Select(c => c.Kind));
        Assert.All(seen, c => Assert.Equal(id, Assert.IsType<ObjectId>(c.Key)));
        Assert.All(seen, c => Assert.Equal(id, Assert.IsType<DocumentChange<Person, ObjectId>>(c).Key));
        Assert.Equal([36, 37], seen.Take(2).Select(c => c.Document!.Age));
        Assert.Null(seen[2].Document);
    }

    private static async Task<List<DocumentChange<Person, ObjectId>>> Take(AppDb db, string? resumeAfter, int count)
    {
        using var guard = new CancellationTokenSource(TimeSpan.FromMinutes(10));
        var changes = new List<DocumentChange<Person, ObjectId>>();
        await foreach (var change in db.People.Changes(resumeAfter, guard.Token))
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
