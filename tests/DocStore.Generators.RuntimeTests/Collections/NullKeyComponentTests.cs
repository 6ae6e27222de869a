using DocStore.Generators.RuntimeTests.Models;
using DocStore.Metadata;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>
/// Generated key code appends a value that may be null in one call: the builder's nullable overloads
/// must write exactly what AppendNull or the non-null overload writes, or finds would miss documents.
/// </summary>
public class NullKeyComponentTests
{
    [Fact]
    public void A_null_reference_or_empty_nullable_appends_the_null_component()
    {
        byte[] expected = Key(b => b.AppendNull());

        Assert.Equal(expected, Key(b => b.Append((string?)null)));
        Assert.Equal(expected, Key(b => b.Append((byte[]?)null)));
        Assert.Equal(expected, Key(b => b.Append((long?)null)));
        Assert.Equal(expected, Key(b => b.Append((ulong?)null)));
        Assert.Equal(expected, Key(b => b.Append((double?)null)));
        Assert.Equal(expected, Key(b => b.Append((decimal?)null)));
        Assert.Equal(expected, Key(b => b.Append((bool?)null)));
        Assert.Equal(expected, Key(b => b.Append((Guid?)null)));
        Assert.Equal(expected, Key(b => b.Append((ObjectId?)null)));
        Assert.Equal(expected, Key(b => b.Append((DateTime?)null)));
        Assert.Equal(expected, Key(b => b.Append((DateTimeOffset?)null)));
        Assert.Equal(expected, Key(b => b.Append((DateOnly?)null)));
        Assert.Equal(expected, Key(b => b.Append((TimeOnly?)null)));
        Assert.Equal(expected, Key(b => b.Append((TimeSpan?)null)));
    }

    [Fact]
    public void A_present_nullable_value_appends_the_same_component_as_the_value()
    {
        var guid = Guid.NewGuid();
        var id = ObjectId.NewObjectId();
        var now = new DateTime(2026, 12, 6, 8, 0, 0, DateTimeKind.Utc);

        Assert.Equal(Key(b => b.Append("x")), Key(b => b.Append((string?)"x")));
        Assert.Equal(Key(b => b.Append(-7L)), Key(b => b.Append((long?)-7L)));
        Assert.Equal(Key(b => b.Append(7UL)), Key(b => b.Append((ulong?)7UL)));
        Assert.Equal(Key(b => b.Append(2.5)), Key(b => b.Append((double?)2.5)));
        Assert.Equal(Key(b => b.Append(2.5m)), Key(b => b.Append((decimal?)2.5m)));
        Assert.Equal(Key(b => b.Append(true)), Key(b => b.Append((bool?)true)));
        Assert.Equal(Key(b => b.Append(guid)), Key(b => b.Append((Guid?)guid)));
        Assert.Equal(Key(b => b.Append(id)), Key(b => b.Append((ObjectId?)id)));
        Assert.Equal(Key(b => b.Append(now)), Key(b => b.Append((DateTime?)now)));
        Assert.Equal(Key(b => b.Append(new DateTimeOffset(now))), Key(b => b.Append((DateTimeOffset?)new DateTimeOffset(now))));
        Assert.Equal(Key(b => b.Append(DateOnly.FromDateTime(now))), Key(b => b.Append((DateOnly?)DateOnly.FromDateTime(now))));
        Assert.Equal(Key(b => b.Append(TimeOnly.FromDateTime(now))), Key(b => b.Append((TimeOnly?)TimeOnly.FromDateTime(now))));
        Assert.Equal(Key(b => b.Append(TimeSpan.FromHours(3))), Key(b => b.Append((TimeSpan?)TimeSpan.FromHours(3))));
        Assert.NotEqual(Key(b => b.AppendNull()), Key(b => b.Append((long?)0)));
    }

    [Fact]
    public void Finds_by_a_null_value_match_the_documents_that_store_null()
    {
        using var db = AppDb.OpenInMemory();
        // CarrierSku also expands Items[]: a shipment needs an item to have a key in it.
        db.Shipments.Insert(new Shipment { Code = "A", Carrier = "DHL", Weight = 1, Items = [new() { Sku = "s1" }] });
        db.Shipments.Insert(new Shipment { Code = "B", Carrier = null, Weight = null, Items = [new() { Sku = "s1" }] });

        Assert.Equal(["B"], db.Shipments.FindByCarrier(null!).Select(s => s.Code));
        Assert.Equal(1, db.Shipments.CountByWeight(null));
        Assert.Equal(["A"], db.Shipments.FindByWeight(1).Select(s => s.Code));
    }

    private static byte[] Key(Action<IndexKeyBuilder> append)
    {
        var builder = new IndexKeyBuilder();
        append(builder);
        return builder.ToArray();
    }
}
