namespace DocStore.KillSoak;

/// <summary>
/// The soak's first collection: every index kind a kill could land between (unique, non-unique, multikey),
/// and a payload that is sometimes several pages long.
/// </summary>
[Collection]
[Index("Tags[]")]
public sealed partial class SoakItem
{
    /// <summary>Chosen by the writer that owns it (see <see cref="Soak.Owner"/>).</summary>
    [Key]
    public int Id { get; set; }

    /// <summary>The version written last; every other member follows from (Id, Version).</summary>
    public int Version { get; set; }

    [Index(Unique = true)]
    public string Code { get; set; } = "";

    [Index]
    public int Group { get; set; }

    public List<string> Tags { get; set; } = [];

    public byte[] Payload { get; set; } = [];
}

/// <summary>The second collection, which multi-collection transactions change together with an item.</summary>
[Collection]
public sealed partial class SoakNote
{
    [Key]
    public long Id { get; set; }

    [Index]
    public int Item { get; set; }

    public int Version { get; set; }

    public string Text { get; set; } = "";
}

/// <summary>The soak's context: the generator adds <c>SoakItems</c>, <c>SoakNotes</c>, <c>Open</c> and <c>OpenInMemory</c>.</summary>
public sealed partial class SoakDb : DocStoreContext;
