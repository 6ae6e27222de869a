using DocStore.Bson.Model;
using DocStore.Generators.RuntimeTests.Models;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>A stored BSON datetime beyond <see cref="DateTime"/>'s range fails the typed read with the schema error (found by the stored-document fuzz tests).</summary>
public class StoredDateTimeRangeTests
{
    [Theory]
    [InlineData(long.MaxValue)]
    [InlineData(775753282151776265L)]
    [InlineData(-62135596800001L)]
    public void A_BSON_datetime_beyond_DateTime_for_a_DateTime_member_is_a_DocumentSchemaException(long milliseconds)
    {
        using var db = AppDb.OpenInMemory();
        var untyped = db.GetCollection("Kitchen");
        untyped.Insert(new BsonDocument
        {
            { untyped.KeyField, 8L },
            { "Required", "r" },
            { "DateTime", new BsonDateTime(milliseconds) },
        });

        var get = Assert.Throws<DocumentSchemaException>(() => db.Kitchen.Get(8L));
        Assert.Equal("DateTime", get.FieldPath);
        Assert.Throws<DocumentSchemaException>(() => db.Kitchen.FindAll().ToList());

        // The untyped view reads the stored milliseconds as they are.
        Assert.Equal(milliseconds, ((BsonDateTime)untyped.Get(8L)!["DateTime"]).MillisecondsSinceEpoch);
    }
}
