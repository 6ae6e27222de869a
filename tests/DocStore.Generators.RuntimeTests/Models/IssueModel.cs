using DocStore;

namespace DocStore.Generators.RuntimeTests.Models;

// The model from issue 4, exactly as a user writes it.
[Collection]
[Index("Address.City")]
[Index("Tags[]")]
public partial class Person
{
    [Key] public ObjectId Id { get; set; }
    [Index(Unique = true)] public string Email { get; set; } = "";
    [Index] public int Age { get; set; }
    public Address Address { get; set; } = new();
    public List<string> Tags { get; set; } = new();
}

public class Address
{
    public string Street { get; set; } = "";
    public string City { get; set; } = "";
}

public partial class AppDb : DocStoreContext
{
}
