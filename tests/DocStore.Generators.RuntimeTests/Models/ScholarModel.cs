using DocStore;

namespace DocStore.Generators.RuntimeTests.Models;

/// <summary>A seniority, stored as its number.</summary>
public enum Level
{
    None,
    Junior,
    Senior,
}

/// <summary>A document with a member of each kind LINQ queries translate: nullable, enum, nested, arrays, a renamed field.</summary>
[Collection("Scholars")]
[Index(nameof(Age))]
[Index(nameof(Email))]
[Index("Address.City")]
[Index("Tags[]")]
[Index(nameof(Level))]
public partial class Scholar
{
    [Key] public int Id { get; set; }
    public string? Email { get; set; }
    public int Age { get; set; }
    public bool Active { get; set; }
    public int? Score { get; set; }
    public Level Level { get; set; }
    public decimal Balance { get; set; }
    public DateTime Joined { get; set; }
    public Guid Badge { get; set; }
    [Field("nick")] public string? Nickname { get; set; }
    public Campus? Address { get; set; }
    public string[] Tags { get; set; } = [];
    public List<Loan> Items { get; set; } = [];
}

/// <summary>A nested document.</summary>
public class Campus
{
    public string City { get; set; } = "";
    public int Zip { get; set; }
}

/// <summary>An element of an array of documents.</summary>
public class Loan
{
    public string Sku { get; set; } = "";
    public int Qty { get; set; }
}

/// <summary>A context of the scholars only.</summary>
[ContextCollections(typeof(Scholar))]
public sealed partial class ScholarDb : DocStoreContext;
