using DocStore;

namespace DocStore.Generators.RuntimeTests.Models;

/// <summary>A model whose member types the catalog records, written to by SQL without the model open.</summary>
[Collection]
public partial class Invoice
{
    [Key] public int Id { get; set; }
    public long Big { get; set; }
    [Index] public double Ratio { get; set; }
    public decimal Price { get; set; }
    public DateTime At { get; set; }
    public Guid Ref { get; set; }
    public bool Paid { get; set; }
    public Color Color { get; set; }
    public int? Maybe { get; set; }
    public InvoiceAddress Ship { get; set; } = new();
    public List<int> Counts { get; set; } = new();
    public List<InvoiceLine> Lines { get; set; } = new();
    [Field("mail")][Index] public string Email { get; set; } = "";
}

public class InvoiceAddress
{
    public string City { get; set; } = "";
    public int Zip { get; set; }
}

public class InvoiceLine
{
    public string Sku { get; set; } = "";
    public decimal Amount { get; set; }
}
