using DocStore;

namespace DocStore.Generators.RuntimeTests.Linq;

/// <summary>
/// A model whose members were added with initializers after documents were stored: deserializing a
/// document without a member leaves it at its initializer, and LINQ reads it so too. Constant
/// initializers (indexed and not), initializers only the object gives, none, nullable and nested.
/// </summary>
[Collection]
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
