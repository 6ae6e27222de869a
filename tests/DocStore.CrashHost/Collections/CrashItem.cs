namespace DocStore.CrashHost.Collections;

/// <summary>
/// The collection workload's document: one index of every kind the collections maintain, so a kill can
/// land between the writes of any of them: unique (<c>Code</c>), non-unique (<c>Group</c>), path
/// (<c>Place.City</c>), multikey (<c>Tags[]</c>) and composite (<c>Last</c>, <c>First</c>).
/// </summary>
[Collection]
[Index("Place.City")]
[Index("Tags[]")]
[Index(nameof(Last), nameof(First))]
public sealed partial class CrashItem
{
    /// <summary>Chosen by the workload (never 0, which would ask for a sequence number).</summary>
    [Key]
    public int Id { get; set; }

    /// <summary>The version the workload wrote last; every other member follows from (Id, Version).</summary>
    public int Version { get; set; }

    [Index(Unique = true)]
    public string Code { get; set; } = "";

    [Index]
    public int Group { get; set; }

    public string Last { get; set; } = "";

    public string First { get; set; } = "";

    public CrashPlace Place { get; set; } = new();

    public List<string> Tags { get; set; } = [];

    /// <summary>Sometimes larger than a page, so documents also live in overflow chains.</summary>
    public byte[] Payload { get; set; } = [];
}

/// <summary>The nested part of a <see cref="CrashItem"/>, for the path index.</summary>
public sealed class CrashPlace
{
    public string City { get; set; } = "";
}

/// <summary>The workload's context: the generator adds <c>CrashItems</c>, <c>Open</c> and <c>OpenInMemory</c>.</summary>
public sealed partial class CrashDb : DocStoreContext;
