using DocStore;

namespace DocStore.Generators.RuntimeTests.Linq.Trial;

/// <summary>
/// A new user's model with the member types the texts name — DateTime, decimal, Guid, an enum, a nullable
/// and non-ASCII strings — each indexed, and each also kept in a member without an index, so that a
/// condition can be run both through an index and through a scan.
/// </summary>
[Collection]
[Index(nameof(When))]
[Index(nameof(Price))]
[Index(nameof(Ref))]
[Index(nameof(Level))]
[Index(nameof(Score))]
[Index(nameof(Title))]
public sealed partial class TrialEvent
{
    /// <summary>The key.</summary>
    [Key] public int Id { get; set; }

    /// <summary>Indexed.</summary>
    public DateTime When { get; set; }

    /// <summary>Not indexed, equal to <see cref="When"/>.</summary>
    public DateTime WhenCopy { get; set; }

    /// <summary>Indexed; values of equal amount come with different scales (1.0 and 1.00).</summary>
    public decimal Price { get; set; }

    /// <summary>Not indexed, equal to <see cref="Price"/>.</summary>
    public decimal PriceCopy { get; set; }

    /// <summary>Indexed.</summary>
    public Guid Ref { get; set; }

    /// <summary>Not indexed, equal to <see cref="Ref"/>.</summary>
    public Guid RefCopy { get; set; }

    /// <summary>Indexed.</summary>
    public TrialLevel Level { get; set; }

    /// <summary>Not indexed, equal to <see cref="Level"/>.</summary>
    public TrialLevel LevelCopy { get; set; }

    /// <summary>Indexed, sometimes null.</summary>
    public int? Score { get; set; }

    /// <summary>Not indexed, equal to <see cref="Score"/>.</summary>
    public int? ScoreCopy { get; set; }

    /// <summary>Indexed, with accents, CJK, letters beyond the BMP and full-width forms.</summary>
    public string Title { get; set; } = "";

    /// <summary>Not indexed, equal to <see cref="Title"/>.</summary>
    public string TitleCopy { get; set; } = "";
}

/// <summary>An enum stored as its number.</summary>
public enum TrialLevel
{
    /// <summary>Lowest.</summary>
    Debug = -1,

    /// <summary>Default.</summary>
    Info = 0,

    /// <summary>Higher.</summary>
    Warn = 5,

    /// <summary>Highest.</summary>
    Error = 9,
}

/// <summary>The events' context.</summary>
[ContextCollections(typeof(TrialEvent))]
public sealed partial class TrialEventDb : DocStoreContext;
