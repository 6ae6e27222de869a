using DocStore.Bson.Model;
using DocStore.Tests.Support;
using static DocStore.Tests.Collections.Changes.ChangeFeedReading;

namespace DocStore.Tests.Collections.Changes;

/// <summary>Resume tokens that are not what the feed handed out: each refused by name, none read as a position.</summary>
public sealed class ChangeFeedTokenTests
{
    private static DocStoreOptions LogOn => new() { ChangeRetention = new ChangeRetention() };

    [Theory]
    [InlineData("")]
    [InlineData(" ")]
    [InlineData("garbage")]
    [InlineData("12")]
    [InlineData("-1-0123456789abcdef")]
    [InlineData("0-0123456789abcdef")]
    [InlineData("1-0123456789abcdeg")]
    [InlineData("1-0123456789abcde")]
    [InlineData("99999999999999999999-0123456789abcdef")]
    public void A_malformed_token_is_refused_when_the_feed_is_asked_for(string token)
    {
        using var dir = new TempDirectory();
        using var db = DocStoreDatabase.Open(dir.File("app.db"), LogOn);
        db.GetCollection("events").Insert(new BsonDocument { { "_id", 1 } });

        var untyped = Assert.Throws<ArgumentException>(() => db.Changes(token));
        Assert.Equal("resumeAfter", untyped.ParamName);
        Assert.Contains($"'{token}'", untyped.Message, StringComparison.Ordinal);
        Assert.Throws<ArgumentException>(() => db.GetCollection("events").Changes(token));
    }

    [Fact]
    public async Task A_token_of_another_database_is_refused_even_where_its_position_exists_here()
    {
        using var dir = new TempDirectory();
        using var one = DocStoreDatabase.Open(dir.File("one.db"), LogOn);
        using var two = DocStoreDatabase.Open(dir.File("two.db"), LogOn);
        for (var k = 1; k <= 3; k++)
        {
            one.GetCollection("events").Insert(new BsonDocument { { "_id", k } });
            two.GetCollection("events").Insert(new BsonDocument { { "_id", k } });
        }

        var fromOne = await Take(ct => one.Changes(null, ct), 1);
        var refused = await Assert.ThrowsAsync<ArgumentException>(() => Take(ct => two.Changes(fromOne[0].ResumeToken, ct), 1));
        Assert.Contains(fromOne[0].ResumeToken, refused.Message, StringComparison.Ordinal);
        Assert.Contains("another database", refused.Message, StringComparison.Ordinal);

        // The same token still resumes on its own database.
        Assert.Equal(["Insert events 2"], (await Take(ct => one.Changes(fromOne[0].ResumeToken, ct), 1)).Select(Describe));
    }

    [Fact]
    public async Task A_token_on_a_file_whose_log_does_not_exist_yet_is_refused()
    {
        using var dir = new TempDirectory();
        using var source = DocStoreDatabase.Open(dir.File("one.db"), LogOn);
        source.GetCollection("events").Insert(new BsonDocument { { "_id", 1 } });
        var token = (await Take(ct => source.Changes(null, ct), 1))[0].ResumeToken;

        using var empty = DocStoreDatabase.Open(dir.File("empty.db"), LogOn);
        await Assert.ThrowsAsync<ArgumentException>(() => Take(ct => empty.Changes(token, ct), 1));
    }

    [Fact]
    public async Task A_token_of_another_collections_feed_resumes_at_the_same_point_of_the_shared_log()
    {
        using var dir = new TempDirectory();
        using var db = DocStoreDatabase.Open(dir.File("app.db"), LogOn);
        var people = db.GetCollection("people");
        var pets = db.GetCollection("pets");
        people.Insert(new BsonDocument { { "_id", 1 } });
        pets.Insert(new BsonDocument { { "_id", 10 } });
        people.Insert(new BsonDocument { { "_id", 2 } });
        pets.Insert(new BsonDocument { { "_id", 11 } });

        // The pets feed's first token sits after people 1 and pet 10: the people feed resumes with people 2.
        var petToken = (await Take(ct => pets.Changes(null, ct), 1))[0].ResumeToken;
        Assert.Equal(["Insert people 2"], (await Take(ct => people.Changes(petToken, ct), 1)).Select(Describe));
        Assert.Equal(["Insert people 2", "Insert pets 11"], (await Take(ct => db.Changes(petToken, ct), 2)).Select(Describe));
    }
}
