using DocStore.Bson.Model;
using DocStore.Tests.Support;
using static DocStore.Tests.Collections.Changes.ChangeFeedReading;

namespace DocStore.Tests.Collections.Changes;

/// <summary>What SQL's upserts (ON CONFLICT DO UPDATE, REPLACE) report to the change feed.</summary>
public sealed class ChangeFeedUpsertTests
{
    [Fact]
    public async Task An_upsert_that_changes_a_stored_row_is_an_update_and_one_that_removes_another_row_a_delete()
    {
        using var dir = new TempDirectory();
        using var db = DocStoreDatabase.Open(dir.File("app.db"), new DocStoreOptions { ChangeRetention = new ChangeRetention() });
        var people = db.GetCollection("people", IndexDefinition.UniqueOn("email"));
        people.Insert(new BsonDocument { { "_id", 1 }, { "email", "a" }, { "n", 1 } });
        people.Insert(new BsonDocument { { "_id", 2 }, { "email", "b" }, { "n", 1 } });

        db.Sql.Execute("INSERT INTO people (_id, email, n) VALUES (1, 'a', 5) ON CONFLICT (_id) DO UPDATE SET n = n + 1");
        db.Sql.Execute("INSERT INTO people (_id, email, n) VALUES (2, 'b', 5) ON CONFLICT (_id) DO UPDATE SET email = 'c'");
        db.Sql.Execute("REPLACE INTO people (_id, email, n) VALUES (2, 'c', 9)");
        db.Sql.Execute("REPLACE INTO people (_id, email, n) VALUES (3, 'a', 0)");

        var changes = await Take(ct => people.Changes(null, ct), 7);
        Assert.Equal(
            ["Insert people 1", "Insert people 2", "Update people 1", "Update people 2", "Update people 2", "Delete people 1", "Insert people 3"],
            changes.Select(Describe));
        Assert.Equal(2, changes[2].Document!["n"].AsInt32);
        Assert.Equal("c", changes[3].Document!["email"].AsString);
        Assert.Equal(9, changes[4].Document!["n"].AsInt32);
        Assert.Equal(changes[5].CommitPosition, changes[6].CommitPosition);
    }

    [Fact]
    public void An_upsert_that_moves_unique_values_between_stored_rows_still_applies()
    {
        using var dir = new TempDirectory();
        using var db = DocStoreDatabase.Open(dir.File("app.db"), new DocStoreOptions { ChangeRetention = new ChangeRetention() });
        var people = db.GetCollection("people", IndexDefinition.UniqueOn("email"));
        people.Insert(new BsonDocument { { "_id", 1 }, { "email", "a" } });
        people.Insert(new BsonDocument { { "_id", 2 }, { "email", "b" } });

        // Row 2 lets go of 'b' for 'x', then row 1 takes 'b': updated in that order it works, the other way not.
        db.Sql.Execute("""
            INSERT INTO people (_id, email) VALUES (1, 'z'), (2, 'z'), (1, 'z')
            ON CONFLICT (_id) DO UPDATE SET email = CASE WHEN _id = 2 THEN 'x' WHEN email = 'a' THEN 'y' ELSE 'b' END
            """);

        Assert.Equal("b", people.Get(1)!["email"].AsString);
        Assert.Equal("x", people.Get(2)!["email"].AsString);
    }
}
