using DocStore.Bson;
using DocStore.Generators.RuntimeTests.Infrastructure;
using DocStore.Generators.RuntimeTests.Models;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>Index paths through structs, nullable values, enums and nested sequence elements.</summary>
public class IndexShapeTests
{
    private static Shipment[] Shipments() =>
    [
        new() { Code = "A", Origin = new Point { X = 5 }, Weight = 2.5, Kind = ShipmentKind.Parcel, Carrier = "DHL", Items = [new() { Sku = "s1" }, new() { Sku = "s2" }] },
        new() { Code = "B", Origin = new Point { X = -3 }, Weight = null, Kind = ShipmentKind.Letter, Carrier = null, Items = [null, new() { Sku = null }] },
        new() { Code = "C", Origin = new Point { X = 5 }, Weight = 10, Kind = ShipmentKind.Pallet, Carrier = "UPS", Items = [new() { Sku = "s2" }] },
    ];

    [Fact]
    public void Keys_from_stored_bytes_equal_keys_from_the_object_for_every_index()
    {
        foreach (Shipment shipment in Shipments())
        {
            var fields = new FieldDictionary();
            byte[] stored = Bytes.Write(ShipmentCollection.DocumentModel, shipment, fields);
            for (int index = 0; index < ShipmentCollection.DocumentModel.Indexes.Count; index++)
            {
                Assert.Equal(Bytes.IndexKeys(ShipmentCollection.DocumentModel, index, shipment), Bytes.StoredIndexKeys(ShipmentCollection.DocumentModel, index, stored, fields));
            }
        }
    }

    [Fact]
    public void Queries_over_struct_nullable_enum_and_nested_element_paths()
    {
        using var db = AppDb.OpenInMemory();
        foreach (Shipment shipment in Shipments())
        {
            db.Shipments.Insert(shipment);
        }

        Assert.Equal(["A", "C"], db.Shipments.FindByOriginX(5).Select(s => s.Code));
        Assert.Equal(["A", "C"], db.Shipments.FindByItemsSku("s2").Select(s => s.Code));
        Assert.Equal("B", Assert.Single(db.Shipments.FindByItemsSku(null!)).Code);
        Assert.Equal(["B"], db.Shipments.FindByWeight(null).Select(s => s.Code));
        Assert.Equal(["A", "C"], db.Shipments.FindByWeightRange(0, 100).Select(s => s.Code));
        Assert.Equal(["C"], db.Shipments.FindByKind(ShipmentKind.Pallet).Select(s => s.Code));
        Assert.Equal(["C"], db.Shipments.FindByCarrierSku("UPS", "s2").Select(s => s.Code));
        Assert.Equal("A", Assert.Single(db.Shipments.FindByCarrier("DHL")).Code);
        Assert.Equal(["A", "C"], db.Shipments.FindByItemsSkuRange("s1", "s2").Select(s => s.Code));
        Assert.Equal(1, db.Shipments.CountByCarrierSku("DHL", "s1"));
        Assert.Equal("A", db.Shipments.Get("A")!.Code);
    }

    [Fact]
    public void A_string_key_must_be_set_by_the_caller()
    {
        using var db = AppDb.OpenInMemory();
        InvalidOperationException e = Assert.Throws<InvalidOperationException>(() => db.Shipments.Insert(new Shipment()));
        Assert.Contains("string key", e.Message, StringComparison.Ordinal);
    }
}
