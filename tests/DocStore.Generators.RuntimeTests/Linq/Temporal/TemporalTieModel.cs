using DocStore;

namespace DocStore.Generators.RuntimeTests.Linq.Temporal;

/// <summary>Indexed temporal members whose equal values (one instant, several offsets or kinds) differ in their index keys.</summary>
[Collection]
public sealed partial class Visit
{
    /// <summary>The key.</summary>
    [Key] public int Id { get; set; }

    /// <summary>Indexed: the key orders by instant, then offset.</summary>
    [Index] public DateTimeOffset Seen { get; set; }

    /// <summary>Indexed: the key orders by ticks, then kind.</summary>
    [Index] public DateTime Stamp { get; set; }
}

/// <summary>The context of <see cref="Visit"/>.</summary>
[ContextCollections(typeof(Visit))]
public sealed partial class VisitDb : DocStoreContext;
