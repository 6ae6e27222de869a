using DocStore.Bson.Model;

namespace DocStore.Generators.RuntimeTests.Untyped;

/// <summary>The untyped index queries take an explicit transaction first, like every other operation, and then see its uncommitted changes.</summary>
public class UntypedTransactionQueryTests
{
    private static BsonCollection Seeded(DocStoreDatabase db)
    {
        var events = db.GetCollection("events", IndexDefinition.UniqueOn("Code"), IndexDefinition.On("Level"), IndexDefinition.On("Host"));
        events.Insert(new BsonDocument { { "_id", 1 }, { "Code", "E-1" }, { "Level", 1 }, { "Host", "web-1" } });
        return events;
    }

    [Fact]
    public void Every_query_read_inside_the_transaction_passed_first_sees_its_changes()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var events = Seeded(db);
        using var tx = db.BeginTransaction();
        events.Insert(tx, new BsonDocument { { "_id", 2 }, { "Code", "E-2" }, { "Level", 1 }, { "Host", "web-2" } });
        events.Delete(tx, 1);

        Assert.Equal(2, events.FindOne(tx, "Code", "E-2")!["_id"].AsInt32);
        Assert.Null(events.FindOne(tx, "Code", "E-1"));
        Assert.Equal(2, events.FindOne(tx, "Level", 1)!["_id"].AsInt32);
        Assert.Equal([2], events.Find(tx, "Level", 1).Select(d => d["_id"].AsInt32));
        Assert.Equal([2], events.Find(tx, "Level", [(BsonValue)1]).Select(d => d["_id"].AsInt32));
        Assert.Equal([2], events.FindRange(tx, "Level", 0, 5).Select(d => d["_id"].AsInt32));
        Assert.Equal([2], events.FindPrefix(tx, "Host", "web").Select(d => d["_id"].AsInt32));
        Assert.Equal(1, events.CountBy(tx, "Level", 1));
        Assert.Equal([2], events.ScanFrom(tx, 0).Select(d => d["_id"].AsInt32));

        // Without the transaction each read sees the last commit.
        Assert.Equal(1, events.FindOne("Code", "E-1")!["_id"].AsInt32);
        Assert.Null(events.FindOne("Code", "E-2"));
        Assert.Equal([1], events.Find("Level", 1).Select(d => d["_id"].AsInt32));
        Assert.Equal(1, events.CountBy("Level", 1));
        Assert.Equal([1], events.ScanFrom(0).Select(d => d["_id"].AsInt32));
    }

    [Fact]
    public async Task The_async_twins_read_inside_the_transaction_too()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var events = Seeded(db);
        using var tx = db.BeginTransaction();
        events.Insert(tx, new BsonDocument { { "_id", 2 }, { "Code", "E-2" }, { "Level", 3 }, { "Host", "db-1" } });

        Assert.Equal(2, (await events.FindOneAsync(tx, "Code", "E-2"))!["_id"].AsInt32);
        Assert.Equal(1, await events.CountByAsync(tx, "Level", 3));
        Assert.Equal(0, await events.CountByAsync("Level", 3));
        var found = new List<int>();
        await foreach (var document in events.FindPrefixAsync(tx, "Host", "db"))
        {
            found.Add(document["_id"].AsInt32);
        }

        Assert.Equal([2], found);
    }

    [Fact]
    public void A_null_transaction_is_refused_rather_than_read_as_the_last_commit()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var events = Seeded(db);
        Assert.Throws<ArgumentNullException>(() => events.FindOne(null!, "Code", "E-1"));
        Assert.Throws<ArgumentNullException>(() => events.Find(null!, "Level", 1));
        Assert.Throws<ArgumentNullException>(() => events.CountBy(null!, "Level", 1));
        Assert.Throws<ArgumentNullException>(() => events.ScanFrom(null!, 0));
    }
}
