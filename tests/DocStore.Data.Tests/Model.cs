using DocStore;

namespace DocStore.Data.Tests;

[Collection]
public partial class Customer
{
    [Key] public int Id { get; set; }

    public string Name { get; set; } = "";

    [Index] public string City { get; set; } = "";

    public DateTime Joined { get; set; }

    public List<string> Tags { get; set; } = new();
}

[Collection]
public partial class Order
{
    [Key] public int Id { get; set; }

    [Index] public int CustomerId { get; set; }

    public decimal Total { get; set; }
}

[ContextCollections(typeof(Customer), typeof(Order))]
public partial class ShopDb : DocStoreContext { }

/// <summary>A temporary directory with a database file name in it, deleted afterwards.</summary>
public sealed class TempDb : IDisposable
{
    private readonly string _dir = Directory.CreateTempSubdirectory("docstore-data-").FullName;

    public string Path => System.IO.Path.Combine(_dir, "shop.db");

    public string ConnectionString => $"Data Source={Path}";

    public void Dispose()
    {
        DocStoreConnection.ClearAllPools();
        try
        {
            Directory.Delete(_dir, recursive: true);
        }
        catch (IOException)
        {
        }
    }

    /// <summary>Three customers and four orders written through the typed API.</summary>
    public ShopDb Seed()
    {
        var db = ShopDb.Open(Path);
        db.Customers.Insert(new Customer { Id = 1, Name = "Ann", City = "Oslo", Joined = new DateTime(2020, 1, 2, 3, 4, 5, DateTimeKind.Utc), Tags = { "vip" } });
        db.Customers.Insert(new Customer { Id = 2, Name = "Bob", City = "Bergen", Joined = new DateTime(2021, 6, 1, 0, 0, 0, DateTimeKind.Utc) });
        db.Customers.Insert(new Customer { Id = 3, Name = "Cid", City = "Oslo", Joined = new DateTime(2022, 12, 31, 0, 0, 0, DateTimeKind.Utc) });
        db.Orders.Insert(new Order { Id = 100, CustomerId = 1, Total = 10.5m });
        db.Orders.Insert(new Order { Id = 101, CustomerId = 1, Total = 4m });
        db.Orders.Insert(new Order { Id = 102, CustomerId = 2, Total = 7.25m });
        db.Orders.Insert(new Order { Id = 103, CustomerId = 3, Total = 1m });
        return db;
    }
}
