using DocStore;

namespace DocStore.Generators.RuntimeTests.Collections.UniqueInstants;

/// <summary>A unique <see cref="DateTimeOffset"/>: one instant, whatever the offset it is written at.</summary>
[Collection]
public sealed partial class Meeting
{
    /// <summary>The key.</summary>
    [Key] public int Id { get; set; }

    /// <summary>Unique by instant.</summary>
    [Index(Unique = true)] public DateTimeOffset At { get; set; }

    /// <summary>Not indexed.</summary>
    public string Note { get; set; } = string.Empty;
}

/// <summary>A unique <see cref="DateTime"/>: one count of ticks, whatever its kind.</summary>
[Collection]
public sealed partial class Tick
{
    /// <summary>The key.</summary>
    [Key] public int Id { get; set; }

    /// <summary>Unique by ticks.</summary>
    [Index(Unique = true)] public DateTime Stamp { get; set; }
}

/// <summary>A composite unique index whose first component is temporal.</summary>
[Collection]
[Index("At", "Room", Name = "AtRoom", Unique = true)]
public sealed partial class Seat
{
    /// <summary>The key.</summary>
    [Key] public int Id { get; set; }

    /// <summary>The first component.</summary>
    public DateTimeOffset At { get; set; }

    /// <summary>The second component.</summary>
    public string Room { get; set; } = string.Empty;
}

/// <summary>A composite unique index whose second component is temporal.</summary>
[Collection]
[Index("Room", "Slot", Name = "RoomSlot", Unique = true)]
public sealed partial class Desk
{
    /// <summary>The key.</summary>
    [Key] public int Id { get; set; }

    /// <summary>The first component.</summary>
    public string Room { get; set; } = string.Empty;

    /// <summary>The second component.</summary>
    public DateTime Slot { get; set; }
}

/// <summary>The context of the unique temporal collections.</summary>
[ContextCollections(typeof(Meeting), typeof(Tick), typeof(Seat), typeof(Desk))]
public sealed partial class AgendaDb : DocStoreContext;
