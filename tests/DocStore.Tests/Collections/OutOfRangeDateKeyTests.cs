using DocStore.Bson.Model;

namespace DocStore.Tests.Collections;

/// <summary>
/// A BSON date is any int64 of milliseconds, but keys hold dates as DateTime ticks, as typed models read
/// them: a date outside DateTime's range as a key or an indexed value is refused with a documented
/// exception naming the collection, the key and the field, and nothing is written.
/// </summary>
public sealed class OutOfRangeDateKeyTests
{
    private static readonly BsonDateTime FarPast = new(-99999999999999999);

    [Fact]
    public void An_indexed_date_outside_the_range_is_refused_naming_collection_key_and_field()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var events = db.GetCollection("events", IndexDefinition.On("d"));
        var error = Assert.Throws<DocumentSchemaException>(() => events.Insert(new BsonDocument { { "_id", 7 }, { "d", FarPast } }));
        Assert.Equal("events", error.Collection);
        Assert.Equal("7", error.Key);
        Assert.Equal("d", error.FieldPath);
        Assert.Contains("-99999999999999999", error.Message, StringComparison.Ordinal);
        Assert.Equal(0, events.Count());
    }

    [Fact]
    public void A_key_date_outside_the_range_is_refused_naming_collection_and_field()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var events = db.GetCollection("events");
        var error = Assert.Throws<DocumentSchemaException>(() => events.Insert(new BsonDocument { { "_id", FarPast } }));
        Assert.Equal("events", error.Collection);
        Assert.Equal("_id", error.FieldPath);
        Assert.Contains("-99999999999999999", error.Message, StringComparison.Ordinal);
        Assert.Equal(0, events.Count());
    }

    [Fact]
    public void An_unindexed_date_outside_the_range_is_stored_as_it_is()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var events = db.GetCollection("events", IndexDefinition.On("other"));
        events.Insert(new BsonDocument { { "_id", 1 }, { "d", FarPast } });
        Assert.Equal(FarPast, events.Get(1)!["d"]);
    }
}
