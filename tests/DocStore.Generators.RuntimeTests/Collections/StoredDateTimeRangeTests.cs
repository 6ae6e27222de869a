using DocStore.Bson.Model;
using DocStore.Generators.RuntimeTests.Models;
using DocStore.Generators.RuntimeTests.Support;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>A stored BSON datetime beyond <see cref="DateTime"/>'s range fails the typed read with the schema error (found by the stored-document fuzz tests); the integrity check reports it.</summary>
public class StoredDateTimeRangeTests
{
    [Theory]
    [InlineData(long.MaxValue)]
    [InlineData(775753282151776265L)]
    [InlineData(-62135596800001L)]
    public void A_BSON_datetime_beyond_DateTime_for_a_DateTime_member_is_a_DocumentSchemaException(long milliseconds)
    {
        using var temp = new TempDatabase();
        var document = new BsonDocument
        {
            { "Id", 8L },
            { "Required", "r" },
            { "DateTime", new BsonDateTime(milliseconds) },
        };
        using (var before = DocStoreDatabase.Open(temp.Path, TempDatabase.Options))
        {
            // Before a typed model records its member types, an untyped write stores the value as given:
            // since then such writes are refused, so this is how such a value comes to be stored.
            before.GetCollection("Kitchen", new BsonCollectionOptions { KeyField = "Id" }).Insert(document);
        }

        using var db = AppDb.Open(temp.Path, TempDatabase.Options);
        var untyped = db.GetCollection("Kitchen");
        Assert.Throws<DocumentSchemaException>(() => untyped.Insert(document));
        Assert.Contains(db.CheckIntegrity().Problems, p => p.Contains("field 'DateTime'", StringComparison.Ordinal));

        var get = Assert.Throws<DocumentSchemaException>(() => db.Kitchen.Get(8L));
        Assert.Equal("DateTime", get.FieldPath);
        Assert.Throws<DocumentSchemaException>(() => db.Kitchen.FindAll().ToList());

        // The untyped view reads the stored milliseconds as they are.
        Assert.Equal(milliseconds, ((BsonDateTime)untyped.Get(8L)!["DateTime"]).MillisecondsSinceEpoch);
    }
}
