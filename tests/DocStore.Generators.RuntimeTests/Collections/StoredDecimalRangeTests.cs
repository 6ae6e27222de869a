using DocStore.Bson;
using DocStore.Bson.Model;
using DocStore.Generators.RuntimeTests.Models;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>A stored decimal128 beyond <see cref="decimal"/>'s range fails the typed read with the schema error, whoever wrote it.</summary>
public class StoredDecimalRangeTests
{
    [Theory]
    [InlineData("100000000000000000000000000000")]
    [InlineData("79228162514264337593543950340")]
    [InlineData("1E+40")]
    public void A_decimal128_too_large_for_a_decimal_member_is_a_DocumentSchemaException(string stored)
    {
        using var db = AppDb.OpenInMemory();
        var untyped = db.GetCollection("Kitchen");
        untyped.Insert(new BsonDocument
        {
            { untyped.KeyField, 7L },
            { "Required", "r" },
            { "Decimal", new BsonDecimal128(Decimal128.Parse(stored)) },
        });

        var get = Assert.Throws<DocumentSchemaException>(() => db.Kitchen.Get(7L));
        Assert.Equal("Decimal", get.FieldPath);
        Assert.Equal("Kitchen", get.Collection);
        Assert.Throws<DocumentSchemaException>(() => db.Kitchen.FindAll().ToList());

        // The untyped view still reads the value bit for bit.
        Assert.Equal(Decimal128.Parse(stored), ((BsonDecimal128)untyped.Get(7L)!["Decimal"]).Value);
    }
}
