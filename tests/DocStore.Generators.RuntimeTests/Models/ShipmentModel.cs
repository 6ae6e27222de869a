using DocStore;

namespace DocStore.Generators.RuntimeTests.Models;

public enum ShipmentKind { Parcel, Pallet, Letter }

/// <summary>Indexes over a struct path, a nullable member, an enum, nested sequence elements and a composite with a multikey path.</summary>
[Collection]
[Index("Origin.X")]
[Index("Items[].Sku")]
[Index("Carrier", "Items[].Sku", Name = "CarrierSku")]
[Index("Kind")]
public partial class Shipment
{
    [Key] public string Code { get; set; } = "";
    public Point Origin { get; set; }
    [Index] public double? Weight { get; set; }
    public ShipmentKind Kind { get; set; }
    public string? Carrier { get; set; }
    public List<Item?> Items { get; set; } = [];
}

/// <summary>A line of a shipment.</summary>
public class Item
{
    public string? Sku { get; set; }
    public int Quantity { get; set; }
}
