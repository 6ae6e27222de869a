// This model does not go to PostgreSQL; the project references the package for the pg_* rows (DOCS027).
#pragma warning disable DOCS027

namespace DocStore.Benchmarks.Compare.Data;

/// <summary>An order of a person, for the join workload: ten per person, found by <c>CustomerId</c> through its index.</summary>
[Collection]
public sealed partial class Order
{
    [Key]
    public long Id { get; set; }

    [Index]
    public long CustomerId { get; set; }

    public double Total { get; set; }

    public string Sku { get; set; } = "";

    /// <summary>Order <paramref name="id"/> (1-based) of <paramref name="customers"/> customers: customer <c>(id - 1) % customers + 1</c>.</summary>
    public static Order Create(long id, int customers) => new()
    {
        Id = id,
        CustomerId = ((id - 1) % customers) + 1,
        Total = (id % 1000) / 4.0,
        Sku = $"S{id % 97}",
    };
}
