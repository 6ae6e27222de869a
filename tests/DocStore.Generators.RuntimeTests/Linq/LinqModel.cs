using DocStore;

namespace DocStore.Generators.RuntimeTests.Linq;

/// <summary>
/// A model with every index kind the LINQ planner can use: the key, a unique index, a plain index, a
/// nullable index, a composite index, a path index into a nested object, a multikey index over an array
/// and one over a field of array elements; and members no index covers.
/// </summary>
[Collection]
[Index("Home.City")]
[Index("Tags[]")]
[Index("Lines[].Sku")]
[Index(nameof(Age), nameof(Name), Name = "AgeName")]
public sealed partial class LinqItem
{
    /// <summary>The key.</summary>
    [Key] public int Id { get; set; }

    /// <summary>Unique, never null for typed inserts.</summary>
    [Index(Unique = true)] public string Code { get; set; } = "";

    /// <summary>Plain index over a non-nullable value.</summary>
    [Index] public int Age { get; set; }

    /// <summary>Index over a nullable value.</summary>
    [Index] public int? Score { get; set; }

    /// <summary>Unindexed alone, second component of the composite index.</summary>
    public string? Name { get; set; }

    /// <summary>Unindexed int at the top level (compiled scans read it from the stored bytes).</summary>
    public int Rank { get; set; }

    /// <summary>Unindexed double.</summary>
    public double Weight { get; set; }

    /// <summary>Unindexed bool.</summary>
    public bool Active { get; set; }

    /// <summary>Unindexed nullable int at the top level.</summary>
    public int? Level { get; set; }

    /// <summary>Unindexed nullable date.</summary>
    public DateTime? Born { get; set; }

    /// <summary>Unindexed enum, stored as its number.</summary>
    public LinqKind Kind { get; set; }

    /// <summary>Unindexed nullable enum.</summary>
    public LinqKind? Grade { get; set; }

    /// <summary>Unindexed DateTimeOffset with several offsets.</summary>
    public DateTimeOffset Seen { get; set; }

    /// <summary>Nested object, sometimes null.</summary>
    public LinqHome? Home { get; set; }

    /// <summary>Array of strings, sometimes null or empty.</summary>
    public string[]? Tags { get; set; }

    /// <summary>Array of objects, sometimes null or empty.</summary>
    public List<LinqLine>? Lines { get; set; }

    /// <summary>Unindexed value with a constant initializer: a document without it reads 2.</summary>
    public int Stars { get; set; } = 2;

    /// <summary>Nested object created by its initializer, sometimes stored null or without members.</summary>
    public LinqSpot Spot { get; set; } = new();
}

/// <summary>The object <see cref="LinqItem.Spot"/>'s initializer creates.</summary>
public sealed class LinqSpot
{
    /// <summary>A constant initializer under an initialized parent.</summary>
    public int Floor { get; set; } = 1;
}

/// <summary>An enum member's values.</summary>
public enum LinqKind
{
    /// <summary>The default.</summary>
    None,

    /// <summary>One.</summary>
    Gold,

    /// <summary>Two.</summary>
    Silver,

    /// <summary>Five.</summary>
    Bronze = 5,
}

/// <summary>The nested object of <see cref="LinqItem"/>.</summary>
public sealed class LinqHome
{
    /// <summary>Indexed through the path index.</summary>
    public string? City { get; set; }

    /// <summary>Unindexed value inside the nested object.</summary>
    public int Zip { get; set; }
}

/// <summary>An element of <see cref="LinqItem.Lines"/>.</summary>
public sealed class LinqLine
{
    /// <summary>Indexed through the multikey path index.</summary>
    public string Sku { get; set; } = "";

    /// <summary>Unindexed quantity.</summary>
    public int Qty { get; set; }
}

/// <summary>A context holding only the LINQ model.</summary>
[ContextCollections(typeof(LinqItem))]
public sealed partial class LinqDb : DocStoreContext;
