using DocStore.Bson;
using DocStore.Bson.Model;
using DocStore.Generators.RuntimeTests.Models;
using DocStore.Generators.RuntimeTests.Support;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>A stored decimal128 beyond <see cref="decimal"/>'s range fails the typed read with the schema error, whoever wrote it, and the integrity check reports it.</summary>
public class StoredDecimalRangeTests
{
    [Theory]
    [InlineData("100000000000000000000000000000")]
    [InlineData("79228162514264337593543950340")]
    [InlineData("1E+40")]
    public void A_decimal128_too_large_for_a_decimal_member_is_a_DocumentSchemaException(string stored)
    {
        using var temp = new TempDatabase();
        var document = new BsonDocument
        {
            { "Id", 7L },
            { "Required", "r" },
            { "Decimal", new BsonDecimal128(Decimal128.Parse(stored)) },
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
        Assert.Contains(db.CheckIntegrity().Problems, p => p.Contains("field 'Decimal'", StringComparison.Ordinal));

        var get = Assert.Throws<DocumentSchemaException>(() => db.Kitchen.Get(7L));
        Assert.Equal("Decimal", get.FieldPath);
        Assert.Equal("Kitchen", get.Collection);
        Assert.Throws<DocumentSchemaException>(() => db.Kitchen.FindAll().ToList());

        // The untyped view still reads the value bit for bit.
        Assert.Equal(Decimal128.Parse(stored), ((BsonDecimal128)untyped.Get(7L)!["Decimal"]).Value);
    }
}
