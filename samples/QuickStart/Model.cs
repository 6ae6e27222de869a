using DocStore;

namespace QuickStart;

/// <summary>A person, with a unique, a plain, a path and a multikey index.</summary>
[Collection]
[Index("Address.City")]
[Index("Tags[]")]
public partial class Person
{
    /// <summary>The key, generated on insert.</summary>
    [Key] public ObjectId Id { get; set; }

    /// <summary>The e-mail address (unique).</summary>
    [Index(Unique = true)] public string Email { get; set; } = "";

    /// <summary>The age in years.</summary>
    [Index] public int Age { get; set; }

    /// <summary>Where the person lives.</summary>
    public Address Address { get; set; } = new();

    /// <summary>Free-form tags.</summary>
    public List<string> Tags { get; set; } = new();
}

/// <summary>A postal address.</summary>
public class Address
{
    /// <summary>The street.</summary>
    public string Street { get; set; } = "";

    /// <summary>The city.</summary>
    public string City { get; set; } = "";
}

/// <summary>The database: the generator adds <c>People</c>, <c>Open</c> and <c>OpenInMemory</c>.</summary>
public partial class AppDb : DocStoreContext
{
}

/// <summary>What the quick start's LINQ query projects: a record, since an anonymous type in an expression tree is not trim-safe.</summary>
/// <param name="Email">The e-mail address.</param>
/// <param name="Age">The age in years.</param>
public sealed record EmailAge(string Email, int Age);
