using DocStore;

namespace DocStore.Generators.RuntimeTests.Linq;

/// <summary>
/// A model whose members were added with initializers after documents were stored: deserializing a
/// document without a member leaves it at its initializer, and LINQ reads it so too. Constant
/// initializers (indexed and not), initializers only the object gives, none, nullable and nested, and
/// nested objects created by their initializers (once and twice deep).
/// </summary>
[Collection]
[Index("Spot.City")]
public sealed partial class Evolved
{
    /// <summary>The key.</summary>
    [Key] public int Id { get; set; }

    /// <summary>A constant initializer, unindexed.</summary>
    public int Version { get; set; } = 1;

    /// <summary>A constant initializer on an indexed member.</summary>
    [Index] public int Level { get; set; } = 3;

    /// <summary>An empty-string initializer.</summary>
    public string Email { get; set; } = "";

    /// <summary>A constant string initializer on an indexed member.</summary>
    [Index] public string Label { get; set; } = "none";

    /// <summary>An initializer the generator cannot evaluate.</summary>
    public int Priority { get; set; } = EvolvedDefaults.Priority;

    /// <summary>A string initializer the generator cannot evaluate.</summary>
    public string? Region { get; set; } = EvolvedDefaults.Region;

    /// <summary>No initializer.</summary>
    public int Plain { get; set; }

    /// <summary>A nullable member with a constant initializer: a stored null reads as null.</summary>
    public int? Maybe { get; set; } = 2;

    /// <summary>An enum member's initializer.</summary>
    public EvolvedTier Tier { get; set; } = EvolvedTier.Gold;

    /// <summary>A nested object without an initializer, whose members have some.</summary>
    public EvolvedPlace? Address { get; set; }

    /// <summary>A nested object created by its initializer.</summary>
    public EvolvedPlace? Home { get; set; } = new();

    /// <summary>An indexed string with an empty initializer, for prefixes.</summary>
    [Index] public string Handle { get; set; } = "";

    /// <summary>A non-nullable nested object created by its initializer, holding another.</summary>
    public EvolvedSpot Spot { get; set; } = new();

    /// <summary>A nested object whose initializer sets a member to a constant of its own.</summary>
    public EvolvedSpot Other { get; set; } = new() { City = "Elsewhere" };

    /// <summary>Counts this thread's deserializations of the type (its initializer runs on each).</summary>
    public int Reads { get; set; } = EvolvedDefaults.Read();
}

/// <summary>A nested object created by its parent's initializer, holding another.</summary>
public sealed class EvolvedSpot
{
    /// <summary>A constant string initializer, indexed through the parent.</summary>
    public string City { get; set; } = "Nowhere";

    /// <summary>No initializer.</summary>
    public int Zip { get; set; }

    /// <summary>Created by its initializer, two levels down.</summary>
    public EvolvedInner Inner { get; set; } = new EvolvedInner();
}

/// <summary>The innermost nested object.</summary>
public sealed class EvolvedInner
{
    /// <summary>A constant initializer two levels down.</summary>
    public int Depth { get; set; } = 9;
}

/// <summary>A nested object with initialized members.</summary>
public sealed class EvolvedPlace
{
    /// <summary>A constant initializer inside a nested object.</summary>
    public int Zip { get; set; } = 7;

    /// <summary>A constant string initializer inside a nested object.</summary>
    public string City { get; set; } = "Nowhere";
}

/// <summary>Values initializers read at run time.</summary>
public static class EvolvedDefaults
{
    /// <summary>Read by <see cref="Evolved.Priority"/>'s initializer.</summary>
    public static readonly int Priority = 4;

    /// <summary>Read by <see cref="Evolved.Region"/>'s initializer.</summary>
    public static readonly string Region = "EU";

    [ThreadStatic]
    private static int _reads;

    /// <summary>How many <see cref="Evolved"/> this thread has constructed.</summary>
    public static int Reads => _reads;

    /// <summary>Counts one construction of <see cref="Evolved"/>.</summary>
    public static int Read() => ++_reads;
}

/// <summary>An enum with a non-default initializer.</summary>
public enum EvolvedTier
{
    /// <summary>The default.</summary>
    None,

    /// <summary>The initializer.</summary>
    Gold,

    /// <summary>Another.</summary>
    Silver,
}

/// <summary>A context holding only the evolved model.</summary>
[ContextCollections(typeof(Evolved))]
public sealed partial class EvolvedDb : DocStoreContext;
