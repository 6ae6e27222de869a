using DocStore;

namespace DocStore.Generators.RuntimeTests.Linq.Temporal;

/// <summary>Composite indexes with a temporal component, before and after a string.</summary>
[Collection]
[Index("Stamp", "Name", Name = "StampName")]
[Index("Name", "Seen", Name = "NameSeen")]
public sealed partial class Shift
{
    /// <summary>The key.</summary>
    [Key] public int Id { get; set; }

    /// <summary>A short name, compared ordinally.</summary>
    public string Name { get; set; } = string.Empty;

    /// <summary>Keyed by ticks, then kind.</summary>
    public DateTime Stamp { get; set; }

    /// <summary>Keyed by instant, then offset.</summary>
    public DateTimeOffset Seen { get; set; }
}

/// <summary>The context of <see cref="Shift"/>.</summary>
[ContextCollections(typeof(Shift))]
public sealed partial class ShiftDb : DocStoreContext;
