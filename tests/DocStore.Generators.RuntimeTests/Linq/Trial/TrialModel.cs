using DocStore;

namespace DocStore.Generators.RuntimeTests.Linq.Trial;

/// <summary>The model a new user writes for the LINQ example: an email and an age, an address, tags and pets.</summary>
[Collection]
[Index(nameof(Email))]
[Index(nameof(Age))]
[Index("Address.City")]
[Index("Tags[]")]
public sealed partial class TrialPerson : ITrialAged
{
    /// <summary>The key.</summary>
    [Key] public int Id { get; set; }

    /// <summary>Indexed, never null.</summary>
    public string Email { get; set; } = "";

    /// <summary>Indexed.</summary>
    public int Age { get; set; }

    /// <summary>Sometimes null.</summary>
    public TrialAddress? Address { get; set; }

    /// <summary>A multikey index.</summary>
    public List<string> Tags { get; set; } = [];

    /// <summary>An array of objects.</summary>
    public List<TrialPet> Pets { get; set; } = [];
}

/// <summary>A person's address.</summary>
public sealed class TrialAddress
{
    /// <summary>Indexed through the path index.</summary>
    public string City { get; set; } = "";
}

/// <summary>A person's pet.</summary>
public sealed class TrialPet
{
    /// <summary>The name.</summary>
    public string Name { get; set; } = "";

    /// <summary>The age.</summary>
    public int Age { get; set; }
}

/// <summary>The new user's context.</summary>
[ContextCollections(typeof(TrialPerson))]
public sealed partial class TrialDb : DocStoreContext;
