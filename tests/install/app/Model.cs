using DocStore;

namespace InstallCheck;

/// <summary>A customer: an int key, a unique index, a path index and a multikey index.</summary>
[Collection]
[Index("Address.City")]
[Index("Tags[]")]
public partial class Customer
{
    [Key] public int Id { get; set; }
    [Index(Unique = true)] public string Email { get; set; } = "";
    public Address Address { get; set; } = new();
    public List<string> Tags { get; set; } = new();
}

/// <summary>An embedded address.</summary>
public class Address
{
    public string City { get; set; } = "";
}

/// <summary>The typed context; the generator adds Customers, Open and OpenInMemory.</summary>
public partial class ShopDb : DocStoreContext { }
